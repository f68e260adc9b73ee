import type { AdminPayment } from '@barrio/contracts/admin-payments'
import { describe, expect, test } from 'vitest'

import { paymentColumns } from '@/features/admin-payments/components/payments-list'

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    _id: 'tx1',
    orderId: 'o1',
    orderNumber: 1001,
    customerName: 'María Fernanda Rodríguez Etchegaray',
    method: 'cash',
    amount: 700000,
    currency: 'ARS',
    status: 'approved',
    kind: 'payment',
    providerPaymentId: null,
    fee: null,
    net: null,
    createdAt: '2026-11-24T13:00:00.000Z',
    ...overrides,
  }
}

const keys = (rows: AdminPayment[]) => paymentColumns(rows).map((column) => column.key)

describe('the payments table shows only columns with something in them (issue 30)', () => {
  test('cash and transfer rows: no "Comisión / neto" nor "ID de pago"', () => {
    expect(keys([payment(), payment({ _id: 'tx2', method: 'bank_transfer' })])).toEqual([
      'order',
      'createdAt',
      'customer',
      'method',
      'amount',
      'status',
    ])
  })

  test('a Mercado Pago row on the page brings both columns back', () => {
    const mp = payment({
      _id: 'tx3',
      method: 'mercado_pago',
      providerPaymentId: '123456789',
      fee: 27930,
      net: 672070,
    })
    expect(keys([payment(), mp])).toEqual([
      'order',
      'createdAt',
      'customer',
      'method',
      'amount',
      'status',
      'fee',
      'providerPaymentId',
    ])
  })
})
