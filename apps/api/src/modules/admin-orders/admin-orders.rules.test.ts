import type { FulfillmentStatus } from '@barrio/contracts/enums'
import { describe, expect, test } from 'vitest'
import { actionsFor, applicableEvents } from './admin-orders.service.ts'

const order = (
  over: Partial<Parameters<typeof actionsFor>[0]> = {},
): Parameters<typeof actionsFor>[0] => ({
  status: 'open',
  paymentStatus: 'pending',
  paymentMethod: 'cash',
  deliveryType: 'shipping',
  total: 10000,
  refundedAmount: 0,
  ...over,
})
const f = (status: FulfillmentStatus, id = 'f1') => ({ id, status })
/** One line of 2 units, all of it in the live fulfillment when there is one. */
const linesFor = (fs: Array<{ status: string }>) => [
  {
    id: 'i1',
    variantId: 'v1',
    title: 'Yerba',
    unitPrice: 5000,
    quantity: 2,
    fulfilledQuantity: fs.some((x) => x.status !== 'cancelled') ? 2 : 0,
    refundedQuantity: 0,
    restockedQuantity: 0,
  },
]

describe('fulfillment events per delivery type', () => {
  test('shipping goes preparing → in transit → delivered, one way only', () => {
    expect(applicableEvents(order(), [], linesFor([]))).toEqual(['preparing'])
    expect(applicableEvents(order(), [f('preparing')], linesFor([f('preparing')]))).toEqual([
      'in_transit',
      'delivered',
    ])
    expect(applicableEvents(order(), [f('in_transit')], linesFor([f('in_transit')]))).toEqual([
      'delivered',
    ])
    expect(applicableEvents(order(), [f('delivered')], linesFor([f('delivered')]))).toEqual([])
    // A cancelled preparation does not count: the order can start again.
    expect(applicableEvents(order(), [f('cancelled')], linesFor([f('cancelled')]))).toEqual([
      'preparing',
    ])
  })

  test('closed orders have nothing to apply', () => {
    for (const status of ['cancelled', 'archived', 'completed'] as const)
      expect(
        applicableEvents(order({ status }), [f('preparing')], linesFor([f('preparing')])),
      ).toEqual([])
  })
})

describe('what the seller may do', () => {
  test('only cash and transfer are marked as paid by hand; only paid orders are refunded', () => {
    expect(actionsFor(order(), [], linesFor([])).canMarkAsPaid).toBe(true)
    expect(
      actionsFor(order({ paymentMethod: 'bank_transfer' }), [], linesFor([])).canMarkAsPaid,
    ).toBe(true)
    expect(
      actionsFor(order({ paymentMethod: 'mercado_pago' }), [], linesFor([])).canMarkAsPaid,
    ).toBe(false)
    expect(actionsFor(order({ status: 'cancelled' }), [], linesFor([])).canMarkAsPaid).toBe(false)
    expect(actionsFor(order(), [], linesFor([])).canRefund).toBe(false)
    expect(actionsFor(order({ paymentStatus: 'paid' }), [], linesFor([])).canRefund).toBe(true)
    expect(actionsFor(order({ paymentStatus: 'refunded' }), [], linesFor([])).canRefund).toBe(false)
  })

  test('cancel until delivered, archive once closed, complete with a preparation under way', () => {
    expect(actionsFor(order(), [f('preparing')], linesFor([f('preparing')]))).toMatchObject({
      canCancel: true,
      canComplete: true,
      canFulfill: false,
      canArchive: false,
      activeFulfillmentId: 'f1',
      nextEvents: [
        { value: 'in_transit', label: 'En tránsito' },
        { value: 'delivered', label: 'Entregado' },
      ],
    })
    expect(
      actionsFor(order({ status: 'completed' }), [f('delivered')], linesFor([f('delivered')])),
    ).toMatchObject({
      canCancel: false,
      canComplete: false,
      canArchive: true,
      activeFulfillmentId: null,
    })
    expect(
      actionsFor(order({ status: 'cancelled' }), [f('cancelled')], linesFor([f('cancelled')]))
        .canArchive,
    ).toBe(true)
  })
})
