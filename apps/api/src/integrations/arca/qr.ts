// The QR ARCA requires on every printed electronic voucher (RG 4892/2020, "Especificación del
// código QR"): its URL with the voucher's data as base64 of a versioned JSON in `p`.

/** The URL ARCA's QR specification publishes (ARCA's domain since the AFIP rename; afip.gob.ar still answers). */
export const ARCA_QR_BASE_URL = 'https://www.arca.gob.ar/fe/qr/'

export type ArcaQrInput = {
  /** YYYY-MM-DD */
  date: string
  cuit: string
  pointOfSale: number
  voucherType: number
  number: number
  totalCents: number
  docType: number
  docNumber: string
  cae: string
}

/** The JSON the QR carries, field names as in ARCA's specification (version 1). */
export type ArcaQrData = {
  ver: 1
  fecha: string
  cuit: number
  ptoVta: number
  tipoCmp: number
  nroCmp: number
  importe: number
  moneda: string
  ctz: number
  tipoDocRec?: number
  nroDocRec?: number
  tipoCodAut: 'E' | 'A'
  codAut: number
}

const digits = (value: string) => value.replace(/\D/g, '')

/** Centavos as a JSON number written with integer arithmetic: 12345 -> 123.45, 12340 -> 123.4, 100 -> 1. */
function pesosJson(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`centavos must be a non-negative integer: ${cents}`)
  const fraction = String(cents % 100).padStart(2, '0').replace(/0+$/, '')
  return `${Math.trunc(cents / 100)}${fraction ? `.${fraction}` : ''}`
}

/**
 * The QR's URL for an authorized voucher (CAE: tipoCodAut "E"), in pesos (moneda "PES", ctz 1).
 * The JSON is written by hand so the amount is the exact decimal of the centavos, never a float's.
 */
export function arcaQrUrl(input: ArcaQrInput): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date)) throw new Error(`not a YYYY-MM-DD date: ${input.date}`)
  const cae = digits(input.cae)
  if (cae.length !== 14) throw new Error(`a CAE has 14 digits: ${input.cae}`)
  const fields: Array<[string, string]> = [
    ['ver', '1'],
    ['fecha', JSON.stringify(input.date)],
    ['cuit', String(Number(digits(input.cuit)))],
    ['ptoVta', String(input.pointOfSale)],
    ['tipoCmp', String(input.voucherType)],
    ['nroCmp', String(input.number)],
    ['importe', pesosJson(input.totalCents)],
    ['moneda', '"PES"'],
    ['ctz', '1'],
    ['tipoDocRec', String(input.docType)],
    ['nroDocRec', String(Number(digits(input.docNumber) || '0'))],
    ['tipoCodAut', '"E"'],
    ['codAut', String(Number(cae))],
  ]
  const json = `{${fields.map(([k, v]) => `"${k}":${v}`).join(',')}}`
  return `${ARCA_QR_BASE_URL}?p=${Buffer.from(json, 'utf8').toString('base64')}`
}

/** The data in a voucher QR's URL (ARCA's or AFIP's domain); throws if it is not one. */
export function decodeArcaQrUrl(url: string): ArcaQrData {
  const parsed = new URL(url)
  if (!/(^|\.)(arca|afip)\.gob\.ar$/.test(parsed.hostname) || !parsed.pathname.startsWith('/fe/qr'))
    throw new Error(`not an ARCA voucher QR: ${url}`)
  // `+` in unencoded base64 reads as a space in a query string: put it back.
  const p = parsed.searchParams.get('p')?.replaceAll(' ', '+')
  if (!p) throw new Error('the QR URL has no p parameter')
  return JSON.parse(Buffer.from(p, 'base64').toString('utf8')) as ArcaQrData
}
