/**
 * CSV for Excel as Argentina configures it (decisions 017 and 018): UTF-8 with a BOM (otherwise
 * Excel reads it as Windows-1252), `;` between fields (the list separator where the decimal mark
 * is a comma), amounts in pesos with a decimal comma and no thousands separator so Excel reads
 * them as numbers, CRLF line ends. Analytics and the payments ledger export through it. The
 * catalogue export (decision 055) may ask for `,` instead, for spreadsheets set up in English.
 */
const BOM = '\uFEFF'
const SEPARATOR = ';'
export type CsvSeparator = ';' | ','

export type CsvCell = string | number

/** Centavos as pesos with a decimal comma: 123456 → "1234,56"; null → an empty cell. */
export function csvMoney(centavos: number | null): string {
  if (centavos === null) return ''
  const sign = centavos < 0 ? '-' : ''
  const abs = Math.abs(centavos)
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

/**
 * One cell: text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe, and a cell holding the separator, a quote or a line break is quoted.
 */
export function csvField(value: CsvCell, separator: CsvSeparator = SEPARATOR): string {
  // A number, or an amount as csvMoney writes it ("-1234,56" is no formula): as it is.
  if (typeof value === 'number') return String(value)
  if (separator === ';' && /^-?\d+,\d{2}$/.test(value)) return value
  if (separator === ',' && /^-?\d+\.\d{2}$/.test(value)) return value
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  const quoted = separator === ';' ? /[;"\r\n]/ : /[,"\r\n]/
  return quoted.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(
  header: string[],
  rows: CsvCell[][],
  separator: CsvSeparator = SEPARATOR,
): string {
  const line = (row: CsvCell[]) => row.map((cell) => csvField(cell, separator)).join(separator)
  return BOM + [header, ...rows].map(line).join('\r\n') + '\r\n'
}
