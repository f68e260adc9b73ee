/**
 * CSV for Excel as Argentina configures it (decisions 017 and 018): UTF-8 with a BOM (otherwise
 * Excel reads it as Windows-1252), `;` between fields (the list separator where the decimal mark
 * is a comma), amounts in pesos with a decimal comma and no thousands separator so Excel reads
 * them as numbers, CRLF line ends. Analytics and the payments ledger export through it.
 */
const BOM = '\uFEFF'
const SEPARATOR = ';'

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
export function csvField(value: CsvCell): string {
  // A number, or an amount as csvMoney writes it ("-1234,56" is no formula): as it is.
  if (typeof value === 'number' || /^-?\d+,\d{2}$/.test(value)) return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return (
    BOM + [header, ...rows].map((row) => row.map(csvField).join(SEPARATOR)).join('\r\n') + '\r\n'
  )
}
