import { describe, expect, test } from 'vitest'
import { csvMoney, paymentsCsv } from './payments-csv.ts'

const row = {
  _id: 'x',
  orderId: 'o',
  orderNumber: 1042,
  customerName: 'Ana',
  method: 'mercado_pago' as const,
  amount: 123456,
  currency: 'ARS' as const,
  status: 'approved' as const,
  kind: 'payment' as const,
  providerPaymentId: '987',
  fee: 6173,
  net: 117283,
  // 02:30 UTC on March 1st is still February 28th in Buenos Aires.
  createdAt: '2026-03-01T02:30:00.000Z',
}

describe('payments CSV', () => {
  test('money in es-AR spreadsheet form', () => {
    expect(csvMoney(123456)).toBe('1234,56')
    expect(csvMoney(5)).toBe('0,05')
    expect(csvMoney(-100)).toBe('-1,00')
    expect(csvMoney(null)).toBe('')
  })

  test('a row in Buenos Aires time with fee and net', () => {
    const [, line] = paymentsCsv([row])
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(line).toBe(
      '28/02/2026, 23:30;#1042;Ana;Mercado Pago;Pago;Aprobado;1234,56;61,73;1172,83;987',
    )
  })

  test('names with separators or quotes are quoted; formulas are neutralised', () => {
    const csv = paymentsCsv([
      { ...row, customerName: 'Pérez; "Toto"' },
      { ...row, customerName: '=HYPERLINK("x")' },
    ])
    const lines = csv.split('\r\n')
    expect(lines[1]).toContain(';"Pérez; ""Toto""";')
    expect(lines[2]).toContain(';"\'=HYPERLINK(""x"")";')
  })
})
