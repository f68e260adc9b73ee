import { expect, test } from 'vitest'
import { csvMoney, toCsv } from './spreadsheet-csv.ts'

test('a negative amount stays a number for Excel, while text starting with "-" is defused', () => {
  const csv = toCsv(
    ['Concepto', 'Monto'],
    [
      ['-descuento', csvMoney(-12345)],
      ['Venta', csvMoney(500)],
    ],
  )
  expect(csv.startsWith('\uFEFF')).toBe(true)
  expect(csv.slice(1).split('\r\n')).toEqual([
    'Concepto;Monto',
    "'-descuento;-123,45",
    'Venta;5,00',
    '',
  ])
})
