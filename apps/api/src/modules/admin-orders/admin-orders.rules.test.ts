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
  ...over,
})
const f = (status: FulfillmentStatus, id = 'f1') => ({ id, status })

describe('fulfillment events per delivery type', () => {
  test('shipping goes preparing → in transit → delivered, one way only', () => {
    expect(applicableEvents(order(), [])).toEqual(['preparing'])
    expect(applicableEvents(order(), [f('preparing')])).toEqual(['in_transit', 'delivered'])
    expect(applicableEvents(order(), [f('in_transit')])).toEqual(['delivered'])
    expect(applicableEvents(order(), [f('delivered')])).toEqual([])
    // A cancelled preparation does not count: the order can start again.
    expect(applicableEvents(order(), [f('cancelled')])).toEqual(['preparing'])
  })

  test('closed orders have nothing to apply', () => {
    for (const status of ['cancelled', 'archived', 'completed'] as const)
      expect(applicableEvents(order({ status }), [f('preparing')])).toEqual([])
  })
})

describe('what the seller may do', () => {
  test('only cash and transfer are marked as paid by hand; only paid orders are refunded', () => {
    expect(actionsFor(order(), []).canMarkAsPaid).toBe(true)
    expect(actionsFor(order({ paymentMethod: 'bank_transfer' }), []).canMarkAsPaid).toBe(true)
    expect(actionsFor(order({ paymentMethod: 'mercado_pago' }), []).canMarkAsPaid).toBe(false)
    expect(actionsFor(order({ status: 'cancelled' }), []).canMarkAsPaid).toBe(false)
    expect(actionsFor(order(), []).canRefund).toBe(false)
    expect(actionsFor(order({ paymentStatus: 'paid' }), []).canRefund).toBe(true)
    expect(actionsFor(order({ paymentStatus: 'refunded' }), []).canRefund).toBe(false)
  })

  test('cancel until delivered, archive once closed, complete with a preparation under way', () => {
    expect(actionsFor(order(), [f('preparing')])).toMatchObject({
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
    expect(actionsFor(order({ status: 'completed' }), [f('delivered')])).toMatchObject({
      canCancel: false,
      canComplete: false,
      canArchive: true,
      activeFulfillmentId: null,
    })
    expect(actionsFor(order({ status: 'cancelled' }), [f('cancelled')]).canArchive).toBe(true)
  })
})
