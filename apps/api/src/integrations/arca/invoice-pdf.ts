// The printable electronic voucher (factura / nota de crédito A, B or C) with the data RG 1415
// asks of it and ARCA's QR (RG 4892/2020): an A4 PDF drawn with pdfkit's standard fonts, so its text
// stays extractable (pdftotext) and Spanish letters print (WinAnsi covers them).
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import sharp from 'sharp'

export type InvoiceLetter = 'A' | 'B' | 'C'

export type InvoiceDocument = {
  issuer: {
    legalName: string
    cuit: string
    /** "IVA Responsable Inscripto", "Responsable Monotributo", … */
    vatCondition: string
    fiscalAddress: string
    grossIncomeNumber: string
    /** YYYY-MM-DD */
    activityStartDate: string
    /** The store's name when it differs from the razón social. */
    tradeName?: string
  }
  /** Only a label: the title follows `voucherType`. */
  kind?: 'invoice' | 'credit_note'
  letter: InvoiceLetter
  /** ARCA's code: 1/6/11 factura, 2/7/12 nota de débito, 3/8/13 nota de crédito. */
  voucherType: number
  pointOfSale: number
  number: number
  /** YYYY-MM-DD */
  date: string
  receiver: {
    name: string
    /** 80 CUIT, 96 DNI, 99 consumidor final sin identificar. */
    docType: number
    docNumber: string
    vatCondition: string
    address?: string
  }
  lines: Array<{ description: string; quantity: number; unitPriceCents: number; totalCents: number }>
  netTaxedCents: number
  nonTaxedCents?: number
  exemptCents?: number
  /** Id 3: 0 %, 4: 10,5 %, 5: 21 % (6: 27 %, 8: 5 %, 9: 2,5 %); `rateBp` wins when given. */
  vatLines: Array<{ id: number; rateBp?: number; baseCents: number; amountCents: number }>
  vatCents: number
  totalCents: number
  cae: string
  /** YYYY-MM-DD */
  caeDueDate: string
  /** arcaQrUrl(...) of this voucher. */
  qrUrl: string
  /** Legends the voucher must carry (e.g. ARCA's 10217 text for an A to a monotributista), above the footer. */
  legends?: string[]
  /** The invoice a credit (or debit) note adjusts. */
  associated?: { letter: InvoiceLetter; voucherType: number; pointOfSale: number; number: number; date?: string }
}

const VAT_RATE_BP: Record<number, number> = { 3: 0, 4: 1050, 5: 2100, 6: 2700, 8: 500, 9: 250 }

/** "$ 1.234,50": es-AR money from integer centavos, without floats. */
export function formatPesos(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}$ ${whole},${String(abs % 100).padStart(2, '0')}`
}

/** "21 %", "10,5 %" from basis points. */
function formatRate(bp: number): string {
  const whole = Math.trunc(bp / 100)
  const fraction = String(bp % 100).padStart(2, '0').replace(/0+$/, '')
  return `${whole}${fraction ? `,${fraction}` : ''} %`
}

function formatQuantity(quantity: number): string {
  const [whole = '0', fraction = ''] = quantity.toFixed(3).split('.')
  const trimmed = fraction.replace(/0+$/, '')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${trimmed ? `,${trimmed}` : ''}`
}

/** YYYY-MM-DD -> dd/mm/yyyy */
function formatDate(ymd: string): string {
  const [y, m, d] = ymd.split('-')
  return `${d}/${m}/${y}`
}

function formatCuit(cuit: string): string {
  const digits = cuit.replace(/\D/g, '')
  return digits.length === 11 ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}` : cuit
}

function voucherTitle(voucherType: number): string {
  if ([3, 8, 13].includes(voucherType)) return 'NOTA DE CRÉDITO'
  if ([2, 7, 12].includes(voucherType)) return 'NOTA DE DÉBITO'
  return 'FACTURA'
}

function voucherName(voucherType: number): string {
  if ([3, 8, 13].includes(voucherType)) return 'Nota de crédito'
  if ([2, 7, 12].includes(voucherType)) return 'Nota de débito'
  return 'Factura'
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

function receiverDocument(receiver: InvoiceDocument['receiver']): string {
  if (receiver.docType === 99) return 'Consumidor final'
  if (receiver.docType === 80) return `CUIT: ${formatCuit(receiver.docNumber)}`
  if (receiver.docType === 96) return `DNI: ${receiver.docNumber.replace(/\D/g, '')}`
  return `Documento: ${receiver.docNumber}`
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 }
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const FOOTER_HEIGHT = 120

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  // Opaque grayscale: pdfkit would split an alpha channel into a second (mask) image.
  const qrPng = await sharp(await QRCode.toBuffer(doc.qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 }))
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .png()
    .toBuffer()
  const label = `${voucherName(doc.voucherType)} ${doc.letter} ${pad(doc.pointOfSale, 5)}-${pad(doc.number, 8)}`
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: label, Author: doc.issuer.legalName, Subject: `CAE ${doc.cae}` },
  })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const left = PAGE.margin
  const right = PAGE.width - PAGE.margin
  const mid = PAGE.width / 2

  // --- Header: ORIGINAL, issuer (left), letter box (center), voucher data (right).
  let y = PAGE.margin
  pdf.rect(left, y, CONTENT_WIDTH, 18).stroke()
  pdf.font('Helvetica-Bold').fontSize(10).text('ORIGINAL', left, y + 5, { width: CONTENT_WIDTH, align: 'center' })
  y += 18
  const headerTop = y
  const headerHeight = 104
  pdf.rect(left, headerTop, CONTENT_WIDTH, headerHeight).stroke()
  pdf.moveTo(mid, headerTop + 44).lineTo(mid, headerTop + headerHeight).stroke()
  const box = 44
  pdf.rect(mid - box / 2, headerTop, box, box).fillAndStroke('#ffffff', '#000000')
  pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(26).text(doc.letter, mid - box / 2, headerTop + 6, { width: box, align: 'center' })
  pdf.font('Helvetica').fontSize(7).text(`Cód. ${pad(doc.voucherType, 2)}`, mid - box / 2, headerTop + 34, { width: box, align: 'center' })

  const colWidth = CONTENT_WIDTH / 2 - box / 2 - 12
  pdf.font('Helvetica-Bold').fontSize(13).text(doc.issuer.tradeName ?? doc.issuer.legalName, left + 8, headerTop + 10, { width: colWidth })
  pdf.font('Helvetica').fontSize(8.5)
  pdf.moveDown(0.6)
  const issuerLines = [
    `Razón social: ${doc.issuer.legalName}`,
    `Domicilio fiscal: ${doc.issuer.fiscalAddress}`,
    `Condición frente al IVA: ${doc.issuer.vatCondition}`,
  ]
  for (const line of issuerLines) pdf.text(line, left + 8, undefined, { width: colWidth })

  const rightX = mid + box / 2 + 8
  const rightWidth = right - rightX - 8
  pdf.font('Helvetica-Bold').fontSize(16).text(voucherTitle(doc.voucherType), rightX, headerTop + 8, { width: rightWidth })
  pdf.font('Helvetica').fontSize(8.5).moveDown(0.3)
  pdf.text(`Punto de venta: ${pad(doc.pointOfSale, 5)}`, rightX, undefined, { width: rightWidth, continued: true })
  pdf.text(`    Comp. Nro: ${pad(doc.number, 8)}`)
  const voucherLines = [
    `Fecha de emisión: ${formatDate(doc.date)}`,
    `CUIT: ${formatCuit(doc.issuer.cuit)}`,
    `Ingresos Brutos: ${doc.issuer.grossIncomeNumber}`,
    `Inicio de actividades: ${formatDate(doc.issuer.activityStartDate)}`,
  ]
  for (const line of voucherLines) pdf.text(line, rightX, undefined, { width: rightWidth })
  y = headerTop + headerHeight + 6

  // --- Receiver
  const receiverLines = [
    receiverDocument(doc.receiver),
    `Apellido y nombre / Razón social: ${doc.receiver.name}`,
    ...(doc.receiver.address ? [`Domicilio: ${doc.receiver.address}`] : []),
    ...(doc.associated
      ? [
          `Comprobante asociado: ${voucherName(doc.associated.voucherType)} ${doc.associated.letter} ` +
            `${pad(doc.associated.pointOfSale, 5)}-${pad(doc.associated.number, 8)}` +
            (doc.associated.date ? ` del ${formatDate(doc.associated.date)}` : ''),
        ]
      : []),
  ]
  pdf.font('Helvetica').fontSize(9)
  // The receiver's condition beside its document, in its own column.
  pdf.text(`Condición frente al IVA: ${doc.receiver.vatCondition}`, mid, y + 6, { width: right - mid - 8 })
  const receiverHeight = 10 + receiverLines.reduce((h, l) => h + pdf.heightOfString(l, { width: CONTENT_WIDTH - 16 }) + 2, 0)
  pdf.rect(left, y, CONTENT_WIDTH, receiverHeight).stroke()
  let ry = y + 6
  for (const line of receiverLines) {
    pdf.text(line, left + 8, ry, { width: CONTENT_WIDTH - 16 })
    ry = pdf.y + 2
  }
  y += receiverHeight + 10

  // --- Lines
  const cols = [
    { title: 'Descripción', x: left + 4, width: 250, align: 'left' as const },
    { title: 'Cantidad', x: left + 258, width: 60, align: 'right' as const },
    { title: 'Precio unitario', x: left + 322, width: 90, align: 'right' as const },
    { title: 'Subtotal', x: left + 416, width: CONTENT_WIDTH - 420, align: 'right' as const },
  ]
  const tableHeader = () => {
    pdf.rect(left, y, CONTENT_WIDTH, 16).fill('#e6e6e6')
    pdf.fillColor('#000000').font('Helvetica-Bold').fontSize(8.5)
    for (const c of cols) pdf.text(c.title, c.x, y + 4, { width: c.width, align: c.align })
    y += 20
    pdf.font('Helvetica').fontSize(8.5)
  }
  tableHeader()
  for (const line of doc.lines) {
    const height = Math.max(pdf.heightOfString(line.description, { width: cols[0]!.width }), 10)
    if (y + height > PAGE.height - PAGE.margin - 20) {
      pdf.addPage()
      y = PAGE.margin
      tableHeader()
    }
    const cells = [line.description, formatQuantity(line.quantity), formatPesos(line.unitPriceCents), formatPesos(line.totalCents)]
    cols.forEach((c, i) => pdf.text(cells[i]!, c.x, y, { width: c.width, align: c.align }))
    y += height + 4
  }

  // --- Totals
  const totals: Array<[string, string, boolean?]> = []
  if (doc.letter === 'A') {
    totals.push(['Importe neto gravado', formatPesos(doc.netTaxedCents)])
    if (doc.nonTaxedCents) totals.push(['Importe no gravado', formatPesos(doc.nonTaxedCents)])
    if (doc.exemptCents) totals.push(['Importe exento', formatPesos(doc.exemptCents)])
    for (const v of doc.vatLines) totals.push([`IVA ${formatRate(v.rateBp ?? VAT_RATE_BP[v.id] ?? 0)}`, formatPesos(v.amountCents)])
  } else if (doc.letter === 'C') {
    totals.push(['Subtotal', formatPesos(doc.totalCents)])
  }
  totals.push(['Importe total', formatPesos(doc.totalCents), true])
  const transparency = doc.letter === 'B' && doc.vatCents > 0
  pdf.font('Helvetica-Oblique').fontSize(8)
  const legendsHeight = (doc.legends ?? []).reduce((h, l) => h + pdf.heightOfString(l, { width: CONTENT_WIDTH }) + 2, 6)
  const totalsHeight = totals.length * 14 + (transparency ? 34 : 0) + 10 + legendsHeight
  if (y + 10 + totalsHeight > PAGE.height - PAGE.margin - FOOTER_HEIGHT) {
    pdf.addPage()
    y = PAGE.margin
  }
  y += 6
  pdf.moveTo(left, y).lineTo(right, y).stroke()
  y += 8
  for (const [name, value, bold] of totals) {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9.5)
    pdf.text(`${name}: ${value}`, left, y, { width: CONTENT_WIDTH - 4, align: 'right' })
    y += bold ? 16 : 14
  }
  if (transparency) {
    // Ley 27.743, Régimen de Transparencia Fiscal al Consumidor: the IVA a B voucher contains.
    y += 4
    pdf.font('Helvetica-Bold').fontSize(8.5).text('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)', left, y, { width: CONTENT_WIDTH - 4, align: 'right' })
    y += 12
    pdf.font('Helvetica').fontSize(8.5).text(`IVA contenido: ${formatPesos(doc.vatCents)}`, left, y, { width: CONTENT_WIDTH - 4, align: 'right' })
    y += 14
  }

  if (doc.legends?.length) {
    y += 6
    pdf.font('Helvetica-Oblique').fontSize(8)
    for (const legend of doc.legends) {
      pdf.text(legend, left, y, { width: CONTENT_WIDTH })
      y = pdf.y + 2
    }
  }

  // --- Footer: QR, ARCA's legend, CAE and its due date.
  const footerTop = PAGE.height - PAGE.margin - FOOTER_HEIGHT + 20
  pdf.moveTo(left, footerTop - 6).lineTo(right, footerTop - 6).stroke()
  const qrSize = 92
  pdf.image(qrPng, left, footerTop, { width: qrSize, height: qrSize })
  pdf.font('Helvetica-Bold').fontSize(11).text('Comprobante autorizado por ARCA', left + qrSize + 12, footerTop + 14, { width: 250 })
  pdf.font('Helvetica').fontSize(7.5).text(
    'Esta agencia no se responsabiliza por los datos ingresados en el detalle de la operación.',
    left + qrSize + 12,
    footerTop + 32,
    { width: 230 },
  )
  pdf.font('Helvetica-Bold').fontSize(10)
  pdf.text(`CAE: ${doc.cae}`, mid + 60, footerTop + 14, { width: right - mid - 60, align: 'right' })
  pdf.text(`Vencimiento del CAE: ${formatDate(doc.caeDueDate)}`, mid + 20, footerTop + 30, { width: right - mid - 20, align: 'right' })

  pdf.end()
  return done
}
