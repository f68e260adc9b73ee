import ExcelJS from 'exceljs'

/**
 * Reading Excel's .xlsx (decision 057) into the same table of text cells a CSV gives, through
 * exceljs. Only the first sheet is read. Numbers are written plainly with a dot ("1234.5"), which
 * the import reads as pesos like any typed amount; text cells ("1.234,50") stay as typed.
 */

/** Uncompressed bytes a workbook may hold: a 10 MB file of real data is far below it. */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024

export class UnreadableSpreadsheet extends Error {}

/** A zip (and so an .xlsx) starts with a local file header, "PK\x03\x04". */
export const looksLikeZip = (data: Buffer) =>
  data.length >= 4 && data.readUInt32LE(0) === 0x04034b50

/**
 * The sum of the uncompressed sizes the zip's central directory declares, read before anything
 * is inflated, so that a small file that would inflate to gigabytes is refused up front. Null when
 * the directory cannot be found (not a zip, or a damaged one).
 */
export function declaredUncompressedBytes(data: Buffer): number | null {
  // End of central directory: 22 bytes plus a comment of at most 65,535, at the end.
  const from = Math.max(0, data.length - 22 - 0xffff)
  let eocd = -1
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return null
  const entries = data.readUInt16LE(eocd + 10)
  let offset = data.readUInt32LE(eocd + 16)
  let total = 0
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return null
    const size = data.readUInt32LE(offset + 24)
    // ZIP64 entries (0xFFFFFFFF) are over 4 GB: far past any limit.
    total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER / 2 : size
    offset +=
      46 +
      data.readUInt16LE(offset + 28) +
      data.readUInt16LE(offset + 30) +
      data.readUInt16LE(offset + 32)
  }
  return total
}

type CellValue = ExcelJS.CellValue

/** A cell as the text a CSV would have held. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return ''
    // Binary fractions (0.1 + 0.2) are rounded to what a price or quantity can mean.
    return String(Math.round(value * 1e6) / 1e6)
  }
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return value.richText.map((r) => r.text).join('')
  if ('hyperlink' in value) {
    const text = typeof value.text === 'string' ? value.text : cellText(value.text as CellValue)
    return text || value.hyperlink
  }
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: CellValue }).result ?? null)
  if ('error' in value) return ''
  return ''
}

/**
 * The first sheet as rows of text cells, from the first row to the last with content. Throws
 * UnreadableSpreadsheet when the file is no workbook (damaged, another format, password-locked)
 * or would inflate past MAX_XLSX_UNCOMPRESSED_BYTES.
 */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const declared = declaredUncompressedBytes(data)
  if (declared === null) throw new UnreadableSpreadsheet('no zip central directory')
  if (declared > MAX_XLSX_UNCOMPRESSED_BYTES)
    throw new UnreadableSpreadsheet(`declares ${declared} uncompressed bytes`)
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer)
  } catch (cause) {
    throw new UnreadableSpreadsheet('exceljs could not load it', { cause })
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) return []
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = []
    // row.values is 1-based: index 0 is empty.
    const values = row.values as CellValue[]
    for (let col = 1; col < values.length; col++) cells.push(cellText(values[col] ?? null))
    rows[number - 1] = cells
  })
  // Rows exceljs never saw (fully blank) are holes: keep the numbering of the sheet.
  return Array.from(rows, (r) => r ?? [])
}
