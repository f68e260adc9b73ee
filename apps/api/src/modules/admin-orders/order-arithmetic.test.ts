import type { OrderStatus } from '@barrio/contracts/enums'
import { describe, expect, test } from 'vitest'
import { AppError } from '../../lib/errors.ts'
import {
  nextEventsOf,
  paymentStatusAfterRefund,
  planFulfilment,
  planRefund,
  rollUp,
  toFulfil,
  unitsToRelease,
  type LineState,
} from './order-arithmetic.ts'

/** Yerba: 3 units at $ 1.000; Café: 1 unit at $ 5.000. Total with a $ 500 delivery fee: $ 8.500. */
const line = (over: Partial<LineState> & Pick<LineState, 'id'>): LineState => ({
  variantId: `v-${over.id}`,
  title: over.id === 'yerba' ? 'Yerba' : 'Café',
  unitPrice: over.id === 'yerba' ? 100000 : 500000,
  quantity: over.id === 'yerba' ? 3 : 1,
  fulfilledQuantity: 0,
  refundedQuantity: 0,
  restockedQuantity: 0,
  ...over,
})
const fresh = () => [line({ id: 'yerba' }), line({ id: 'cafe' })]
const paid = { status: 'open', paymentStatus: 'paid', total: 850000, refundedAmount: 0 }

/** The AppError a call throws: its code, status, message and field names. */
function errorOf(fn: () => unknown) {
  try {
    fn()
  } catch (e) {
    if (e instanceof AppError)
      return { code: e.code, message: e.message, fields: (e.errors ?? []).map((x) => x.name) }
    throw e
  }
  throw new Error('expected an AppError')
}

describe('what is left to fulfil', () => {
  test.each([
    // quantity 3 always
    [0, 0, 3],
    [1, 0, 2],
    [3, 0, 0],
    [0, 1, 2],
    [1, 2, 0],
    [2, 2, 0], // fulfilled before the refund: nothing left, never negative
  ])('fulfilled %i, refunded %i → %i to fulfil', (fulfilledQuantity, refundedQuantity, left) => {
    expect(toFulfil(line({ id: 'yerba', fulfilledQuantity, refundedQuantity }))).toBe(left)
  })
})

describe('planning a fulfilment', () => {
  test('no items: everything still to fulfil', () => {
    expect(
      planFulfilment(
        [line({ id: 'yerba', fulfilledQuantity: 1 }), line({ id: 'cafe' })],
        undefined,
      ),
    ).toEqual([
      { itemId: 'yerba', quantity: 2 },
      { itemId: 'cafe', quantity: 1 },
    ])
  })

  test('some units of one line', () => {
    expect(planFulfilment(fresh(), [{ itemId: 'yerba', quantity: 2 }])).toEqual([
      { itemId: 'yerba', quantity: 2 },
    ])
  })

  test.each([
    [
      'nothing left',
      [line({ id: 'yerba', fulfilledQuantity: 3 }), line({ id: 'cafe', refundedQuantity: 1 })],
      undefined,
      'CONFLICT',
      [],
      /No queda nada/,
    ],
    [
      'over-fulfilling',
      fresh(),
      [{ itemId: 'yerba', quantity: 4 }],
      'CONFLICT',
      ['items.0.quantity'],
      /quedan 3 por preparar; pediste 4/,
    ],
    [
      'a line already fulfilled',
      [line({ id: 'yerba', fulfilledQuantity: 3 })],
      [{ itemId: 'yerba', quantity: 1 }],
      'CONFLICT',
      ['items.0.quantity'],
      /ya no tiene unidades/,
    ],
    [
      'an unknown item',
      fresh(),
      [{ itemId: 'te', quantity: 1 }],
      'INVALID',
      ['items.0.itemId'],
      /no es parte del pedido/,
    ],
    [
      'a zero quantity',
      fresh(),
      [{ itemId: 'cafe', quantity: 0 }],
      'INVALID',
      ['items.0.quantity'],
      /al menos 1/,
    ],
    [
      'a repeated item',
      fresh(),
      [
        { itemId: 'cafe', quantity: 1 },
        { itemId: 'cafe', quantity: 1 },
      ],
      'INVALID',
      ['items.1.itemId'],
      /repetido/,
    ],
    ['an empty list', fresh(), [], 'INVALID', ['items'], /al menos un producto/],
  ] as const)('%s is refused', (_name, lines, request, code, fields, message) => {
    const e = errorOf(() => planFulfilment([...lines], request ? [...request] : undefined))
    expect(e.code).toBe(code)
    expect(e.fields).toEqual(fields)
    expect(e.message).toMatch(message)
  })
})

describe('rolling fulfilments up to the order', () => {
  const all = [
    line({ id: 'yerba', fulfilledQuantity: 3 }),
    line({ id: 'cafe', fulfilledQuantity: 1 }),
  ]
  const part = [line({ id: 'yerba', fulfilledQuantity: 1 }), line({ id: 'cafe' })]
  const f = (...statuses: string[]) => statuses.map((status, i) => ({ id: `f${i}`, status }))

  test.each<[string, OrderStatus, LineState[], ReturnType<typeof f>, string, OrderStatus]>([
    ['nothing yet', 'open', fresh(), f(), 'unfulfilled', 'open'],
    ['only a cancelled fulfilment', 'open', fresh(), f('cancelled'), 'unfulfilled', 'open'],
    ['part of the order preparing', 'open', part, f('preparing'), 'partially_fulfilled', 'open'],
    ['part of the order delivered', 'open', part, f('delivered'), 'partially_fulfilled', 'open'],
    ['all of it preparing', 'open', all, f('preparing'), 'in_progress', 'open'],
    [
      'all of it, one shipped, one preparing',
      'open',
      all,
      f('in_transit', 'preparing'),
      'in_progress',
      'open',
    ],
    [
      'all of it on its way',
      'open',
      all,
      f('in_transit', 'out_for_delivery'),
      'fulfilled',
      'fulfilled',
    ],
    [
      'all of it ready, one delivered',
      'open',
      all,
      f('ready_for_pickup', 'picked_up'),
      'fulfilled',
      'fulfilled',
    ],
    [
      'all of it delivered',
      'fulfilled',
      all,
      f('delivered', 'delivered', 'cancelled'),
      'delivered',
      'completed',
    ],
    [
      'a fulfilment cancelled after shipping',
      'fulfilled',
      fresh(),
      f('cancelled'),
      'unfulfilled',
      'open',
    ],
    [
      'refunded lines need no fulfilment',
      'open',
      [line({ id: 'yerba', fulfilledQuantity: 3 }), line({ id: 'cafe', refundedQuantity: 1 })],
      f('delivered'),
      'delivered',
      'completed',
    ],
    [
      'a cancelled order keeps its status',
      'cancelled',
      part,
      f('preparing'),
      'partially_fulfilled',
      'cancelled',
    ],
    [
      'an archived order keeps its status',
      'archived',
      all,
      f('delivered'),
      'delivered',
      'archived',
    ],
  ])('%s', (_name, current, lines, fulfillments, fulfillmentStatus, status) => {
    expect(rollUp(current, lines, fulfillments)).toEqual({ fulfillmentStatus, status })
  })

  test.each([
    ['pickup', 'preparing', ['ready_for_pickup', 'picked_up']],
    ['pickup', 'ready_for_pickup', ['picked_up']],
    ['delivery', 'preparing', ['out_for_delivery', 'delivered']],
    ['shipping', 'in_transit', ['delivered']],
    ['shipping', 'delivered', []],
    ['delivery', 'cancelled', []],
    ['pickup', 'in_transit', []], // not a step of pickup
  ] as const)('%s: after %s come %j', (deliveryType, status, next) => {
    expect(nextEventsOf(deliveryType, status)).toEqual(next)
  })
})

describe('refunds', () => {
  test.each([
    [850000, 100000, 'partially_refunded'],
    [850000, 849999, 'partially_refunded'],
    [850000, 850000, 'refunded'],
  ] as const)('total %i, refunded %i → %s', (total, refunded, status) => {
    expect(paymentStatusAfterRefund(total, refunded)).toBe(status)
  })

  test('by lines: unit price × units, restocked when asked', () => {
    expect(
      planRefund(paid, fresh(), {
        kind: 'items',
        items: [{ itemId: 'yerba', quantity: 2 }],
        restock: true,
      }),
    ).toEqual({
      amount: 200000,
      refundedAmount: 200000,
      paymentStatus: 'partially_refunded',
      lines: [{ itemId: 'yerba', variantId: 'v-yerba', quantity: 2, restock: 2 }],
    })
  })

  test('by lines of a cancelled order: its stock already went back, so nothing is restocked', () => {
    const plan = planRefund({ ...paid, status: 'cancelled' }, fresh(), {
      kind: 'items',
      items: [{ itemId: 'cafe', quantity: 1 }],
      restock: true,
    })
    expect(plan.lines).toEqual([{ itemId: 'cafe', variantId: 'v-cafe', quantity: 1, restock: 0 }])
  })

  test('by lines never goes over what is left (delivery fee refunded before)', () => {
    const plan = planRefund(
      { ...paid, paymentStatus: 'partially_refunded', refundedAmount: 400000 },
      fresh(),
      {
        kind: 'items',
        items: [
          { itemId: 'yerba', quantity: 3 },
          { itemId: 'cafe', quantity: 1 },
        ],
        restock: false,
      },
    )
    expect(plan).toMatchObject({
      amount: 450000,
      refundedAmount: 850000,
      paymentStatus: 'refunded',
    })
  })

  test('by amount, then the rest', () => {
    const first = planRefund(paid, fresh(), { kind: 'amount', amount: 50000 })
    expect(first).toMatchObject({
      amount: 50000,
      refundedAmount: 50000,
      paymentStatus: 'partially_refunded',
      lines: [],
    })
    const rest = planRefund(
      { ...paid, paymentStatus: first.paymentStatus, refundedAmount: first.refundedAmount },
      fresh(),
      { kind: 'rest' },
    )
    expect(rest).toMatchObject({
      amount: 800000,
      refundedAmount: 850000,
      paymentStatus: 'refunded',
    })
  })

  test.each([
    [
      'more than paid minus refunded',
      { ...paid, paymentStatus: 'partially_refunded', refundedAmount: 800000 },
      { kind: 'amount', amount: 50001 },
      'CONFLICT',
      /hasta \$\s?500; pediste \$\s?500,01/,
    ],
    ['a zero amount', paid, { kind: 'amount', amount: 0 }, 'INVALID', /mayor que cero/],
    [
      'more units than bought',
      paid,
      { kind: 'items', items: [{ itemId: 'cafe', quantity: 2 }], restock: false },
      'CONFLICT',
      /quedan 1 por reembolsar; pediste 2/,
    ],
    [
      'an unknown item',
      paid,
      { kind: 'items', items: [{ itemId: 'te', quantity: 1 }], restock: false },
      'INVALID',
      /no es parte del pedido/,
    ],
    [
      'an unpaid order',
      { ...paid, paymentStatus: 'pending' },
      { kind: 'rest' },
      'CONFLICT',
      /Solo se puede reembolsar un pedido pagado/,
    ],
    [
      'an order refunded already',
      { ...paid, paymentStatus: 'refunded', refundedAmount: 850000 },
      { kind: 'rest' },
      'CONFLICT',
      /ya está reembolsado/,
    ],
    ['an archived order', { ...paid, status: 'archived' }, { kind: 'rest' }, 'CONFLICT', /pagado/],
  ] as const)('%s is refused', (_name, order, request, code, message) => {
    const e = errorOf(() => planRefund(order, fresh(), request as Parameters<typeof planRefund>[2]))
    expect(e.code).toBe(code)
    expect(e.message).toMatch(message)
  })

  test('a line refunded already cannot be refunded again', () => {
    const e = errorOf(() =>
      planRefund(
        { ...paid, paymentStatus: 'partially_refunded', refundedAmount: 500000 },
        [line({ id: 'cafe', refundedQuantity: 1 })],
        {
          kind: 'items',
          items: [{ itemId: 'cafe', quantity: 1 }],
          restock: false,
        },
      ),
    )
    expect(e).toMatchObject({ code: 'CONFLICT', fields: ['items.0.quantity'] })
    expect(e.message).toMatch(/Café ya está reembolsado/)
  })

  test('a cancellation releases what refunds did not restock', () => {
    expect(
      unitsToRelease([
        line({ id: 'yerba', refundedQuantity: 2, restockedQuantity: 2 }),
        line({ id: 'cafe', restockedQuantity: 1 }),
      ]),
    ).toEqual([{ variantId: 'v-yerba', quantity: 1 }])
  })
})
