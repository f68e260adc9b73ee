// ARCA (ex AFIP) electronic invoicing: certificates, WSAA login, WSFEv1 numbering and CAE, the
// voucher's QR and its PDF.
export { ArcaCertificateError, generateKeyAndCsr, inspectCertificate } from './certificate.ts'
export { buildTra, signTra } from './wsaa.ts'
export {
  ArcaError,
  arcaErrorInSpanish,
  createArcaClient,
  type ArcaAuth,
  type ArcaAuthorizedVoucher,
  type ArcaCae,
  type ArcaClient,
  type ArcaVoucher,
} from './client.ts'
export { ARCA_QR_BASE_URL, arcaQrUrl, decodeArcaQrUrl, type ArcaQrData, type ArcaQrInput } from './qr.ts'
export { formatPesos, renderInvoicePdf, type InvoiceDocument, type InvoiceLetter } from './invoice-pdf.ts'
