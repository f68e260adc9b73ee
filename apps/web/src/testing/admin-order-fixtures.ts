import {
  adminOrderSchema,
  adminOrderSummarySchema,
  type AdminOrder,
  type AdminOrderSummary,
} from '@barrio/contracts/admin-orders'

import { buildOrder, ORDER_ID } from '@/testing/ordering-fixtures'

export { ORDER_ID }

/** An order as the seller's list shows it, built through the contract schema. */
export function buildOrderSummary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return adminOrderSummarySchema.parse({
    _id: ORDER_ID,
    number: 1001,
    createdAt: '2026-11-22T13:00:00.000Z',
    customer: { name: 'Lucía Pérez', email: 'lucia@example.com', phone: '+5491123456789' },
    itemCount: 2,
    total: 700000,
    currency: 'ARS',
    status: 'open',
    statusLabel: 'En proceso',
    paymentStatus: 'pending',
    paymentStatusLabel: 'Pendiente',
    fulfillmentStatus: 'unfulfilled',
    fulfillmentStatusLabel: 'Sin preparar',
    deliveryType: 'pickup',
    deliveryTypeLabel: 'Retiro en tienda',
    scheduledFor: null,
    paymentMethod: 'cash',
    paymentMethodLabel: 'Efectivo',
    ...overrides,
  })
}

/** The seller's order detail: the customer's order plus the actions the server allows. */
export function buildAdminOrder(
  overrides: Partial<AdminOrder> = {},
  actions: Partial<AdminOrder['actions']> = {},
): AdminOrder {
  const { note: customerNote, ...order } = buildOrder({
    paymentMethod: 'cash',
    paymentMethodLabel: 'Efectivo',
  })
  return adminOrderSchema.parse({
    ...order,
    customerNote,
    buyerUserId: null,
    actions: {
      canMarkAsPaid: true,
      canRefund: false,
      canFulfill: true,
      canCancel: true,
      canComplete: false,
      canArchive: false,
      activeFulfillmentId: null,
      nextEvents: [{ value: 'preparing', label: 'En preparación' }],
      ...actions,
    },
    ...overrides,
  })
}
