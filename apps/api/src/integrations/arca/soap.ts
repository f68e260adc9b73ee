// Small XML/SOAP helpers shared by the ARCA client and its loopback fake (test/fake-arca.ts).
import { XMLParser } from 'fast-xml-parser'

export const WSAA_NS = 'http://wsaa.view.sua.dvadac.desein.afip.gov'
export const WSFE_NS = 'http://ar.gov.afip.dif.FEV1/'

/** Elements that repeat in ARCA's schemas: always arrays, whether one or many came. */
const REPEATED = new Set(['Err', 'Obs', 'Evt', 'FECAEDetRequest', 'FECAEDetResponse', 'AlicIva', 'CbteAsoc', 'Tributo'])

// parseTagValue off: CAEs (14 digits), CUITs and amounts stay the exact text ARCA wrote.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
})

export type XmlNode = { [key: string]: unknown }

export function parseXml(xml: string): XmlNode {
  return parser.parse(xml) as XmlNode
}

/** The child at a path of element names, or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node
  for (const name of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as XmlNode)[name]
  }
  return current
}

/** The text of an element (an element with attributes keeps its text under `#text`). */
export function text(node: unknown): string | undefined {
  if (typeof node === 'string') return node
  if (typeof node === 'number') return String(node)
  if (node !== null && typeof node === 'object' && '#text' in node) return String((node as XmlNode)['#text'])
  return undefined
}

export function list(node: unknown): unknown[] {
  if (node === undefined || node === null || node === '') return []
  return Array.isArray(node) ? node : [node]
}

export function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/** Integer centavos as the decimal pesos ARCA reads, with integer arithmetic: 12345 -> "123.45". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`centavos must be an integer: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** ARCA's decimal text as integer centavos ("123.45", "123.4", "123", "1e2" refused): null if not one. */
export function decimalToCents(value: string | undefined): number | null {
  const match = value === undefined ? null : /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim())
  if (!match) return null
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] === '-' ? -cents : cents
}

/** YYYY-MM-DD -> yyyymmdd (ARCA's dates on the wire). */
export function toWireDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a YYYY-MM-DD date: ${date}`)
  return date.replaceAll('-', '')
}

/** yyyymmdd -> YYYY-MM-DD. */
export function fromWireDate(date: string): string {
  if (!/^\d{8}$/.test(date)) throw new Error(`not a yyyymmdd date: ${date}`)
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`
}

/** A response body as text, in the charset its Content-Type names (ARCA has answered in ISO-8859-1). */
export function decodeBody(body: ArrayBuffer | Buffer, contentType: string | undefined): string {
  const charset = /charset=([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase()
  const latin = charset === 'iso-8859-1' || charset === 'latin1' || charset === 'windows-1252'
  return new TextDecoder(latin ? 'latin1' : 'utf-8').decode(body instanceof ArrayBuffer ? new Uint8Array(body) : body)
}
