import type { Order } from '@barrio/contracts/orders'
import { describe, expect, test } from 'vitest'

import { orderStatusWording } from '@/features/orders/utils/order-status-wording'

/** Yerba 3 × $ 1.000 and Café 1 × $ 5.000; total $ 8.500 with delivery. */
function order(
  over: Partial<Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus' | 'refundedAmount'>>,
  lines: Array<[fulfilled: number, refunded: number]> = [
    [0, 0],
    [0, 0],
  ],
) {
  const quantities = [3, 1]
  return {
    status: 'open' as Order['status'],
    paymentStatus: 'paid' as Order['paymentStatus'],
    fulfillmentStatus: 'unfulfilled' as Order['fulfillmentStatus'],
    total: 850000,
    refundedAmount: 0,
    items: lines.map(([fulfilledQuantity, refundedQuantity], i) => ({
      quantity: quantities[i]!,
      fulfilledQuantity,
      refundedQuantity,
    })) as Order['items'],
    ...over,
  }
}
const nbsp = (s: string[]) => s.map((x) => x.replace(/\u00a0/g, ' '))

describe('what the customer reads beside the status badges', () => {
  test.each([
    ['nothing partial', order({}), []],
    [
      'paid and preparing',
      order({ fulfillmentStatus: 'in_progress' }, [
        [3, 0],
        [1, 0],
      ]),
      [],
    ],
    [
      'partially fulfilled',
      order({ fulfillmentStatus: 'partially_fulfilled' }, [
        [2, 0],
        [0, 0],
      ]),
      ['Ya estamos preparando 2 de 4 productos; el resto va en otro envío.'],
    ],
    [
      'partially refunded',
      order({ paymentStatus: 'partially_refunded', refundedAmount: 120000 }),
      ['Reembolsamos $ 1.200 de $ 8.500.'],
    ],
    [
      'refunded with centavos',
      order({ paymentStatus: 'partially_refunded', refundedAmount: 50050 }),
      ['Reembolsamos $ 500,50 de $ 8.500.'],
    ],
    [
      'partially fulfilled and partially refunded: refunded units are not due',
      order(
        {
          fulfillmentStatus: 'partially_fulfilled',
          paymentStatus: 'partially_refunded',
          refundedAmount: 500000,
        },
        [
          [1, 0],
          [0, 1],
        ],
      ),
      [
        'Ya estamos preparando 1 de 3 productos; el resto va en otro envío.',
        'Reembolsamos $ 5.000 de $ 8.500.',
      ],
    ],
    [
      'one unit due',
      order(
        {
          fulfillmentStatus: 'partially_fulfilled',
          paymentStatus: 'partially_refunded',
          refundedAmount: 200000,
        },
        [
          [0, 2],
          [1, 0],
        ],
      ),
      [
        'Ya estamos preparando 1 de 2 productos; el resto va en otro envío.',
        'Reembolsamos $ 2.000 de $ 8.500.',
      ],
    ],
    [
      'refunded in full',
      order({ paymentStatus: 'refunded', refundedAmount: 850000, status: 'cancelled' }),
      ['Reembolsamos el total de $ 8.500.'],
    ],
    [
      'a cancelled order says nothing about preparing',
      order({ status: 'cancelled', fulfillmentStatus: 'partially_fulfilled' }, [
        [1, 0],
        [0, 0],
      ]),
      [],
    ],
  ])('%s', (_name, o, expected) => {
    expect(nbsp(orderStatusWording(o))).toEqual(expected)
  })
})
