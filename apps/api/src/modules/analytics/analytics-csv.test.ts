import { describe, expect, test } from 'vitest'
import { pesos, toCsv } from './analytics-csv.ts'

describe('CSV for Excel in es-AR', () => {
  test('amounts are pesos with a decimal comma, no thousands separator', () => {
    expect(pesos(123456)).toBe('1234,56')
    expect(pesos(5)).toBe('0,05')
    expect(pesos(0)).toBe('0,00')
    expect(pesos(100000000)).toBe('1000000,00')
  })

  test('BOM, semicolons, CRLF; fields with separators or quotes are quoted', () => {
    const csv = toCsv(
      ['Producto', 'Unidades'],
      [
        ['Pan; grande', 2],
        ['Té "verde"', 1],
      ],
    )
    expect(csv).toBe('\uFEFFProducto;Unidades\r\n"Pan; grande";2\r\n"Té ""verde""";1\r\n')
  })

  test('text that Excel would run as a formula is defused', () => {
    const csv = toCsv(['Producto'], [['=HYPERLINK("x")'], ['+54 11'], ['-1'], ['@SUM(A1)']])
    expect(csv.split('\r\n').slice(1, 5)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      "'+54 11",
      "'-1",
      "'@SUM(A1)",
    ])
  })
})
