import { z } from 'zod'
import { currencySchema, moneySchema } from './common.ts'
import { PAGE_SIZES } from './constants.ts'
import { calendarDaySchema, filterDateSchema } from './dates.ts'
import {
  deliveryTypeSchema,
  orderFulfillmentStatusSchema,
  orderStatusSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  type DeliveryType,
  type OrderStatus,
} from './enums.ts'
import { orderSchema } from './orders.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * The fulfillment events a seller applies, by delivery type (the order they happen in). The first
 * one, `preparing`, is what POST /admin/orders/{id}/fulfill creates.
 */
export const FULFILLMENT_EVENTS = [
  'preparing',
  'ready_for_pickup',
  'picked_up',
  'out_for_delivery',
  'in_transit',
  'delivered',
] as const
export const fulfillmentEventSchema = z.enum(FULFILLMENT_EVENTS, {
  error: 'Elegí un estado de entrega válido',
})
export type FulfillmentEvent = z.infer<typeof fulfillmentEventSchema>

export const FULFILLMENT_EVENTS_BY_DELIVERY: Record<DeliveryType, readonly FulfillmentEvent[]> = {
  pickup: ['preparing', 'ready_for_pickup', 'picked_up'],
  delivery: ['preparing', 'out_for_delivery', 'delivered'],
  shipping: ['preparing', 'in_transit', 'delivered'],
}

/** The seller's button texts for each event (Spanish, as the customer would read them too). */
export const FULFILLMENT_EVENT_LABELS: Record<FulfillmentEvent, string> = {
  preparing: 'En preparación',
  ready_for_pickup: 'Listo para retirar',
  picked_up: 'Retirado',
  out_for_delivery: 'En camino',
  in_transit: 'En tránsito',
  delivered: 'Entregado',
}

/** Events that close the fulfillment (and complete the order). */
export const FINAL_FULFILLMENT_EVENTS: readonly FulfillmentEvent[] = ['picked_up', 'delivered']

export const DEFAULT_FULFILLMENT_CANCEL_REASON = 'Cancelled by admin'

const isoDate = filterDateSchema

function enumFilter<T extends z.ZodType>(value: T) {
  return z
    .union([
      value,
      z.object({ $eq: value }).strict(),
      z.object({ $in: z.array(value).min(1).max(10) }).strict(),
    ])
    .optional()
}

/**
 * The `query` JSON filter of GET /admin/orders. Only these fields and operators exist; anything
 * else is 400 INVALID. A bare value means $eq. `search` looks in the order number, the customer's
 * name and email.
 */
export const orderFilterSchema = z
  .object({
    search: z
      .union([
        z.string().trim().max(100),
        z.object({ $contains: z.string().trim().max(100) }).strict(),
      ])
      .optional(),
    status: enumFilter(orderStatusSchema),
    paymentStatus: enumFilter(paymentStatusSchema),
    deliveryType: enumFilter(deliveryTypeSchema),
    paymentMethod: enumFilter(paymentMethodSchema),
    /** Open orders still waiting for their payment ("Pago pendiente"). */
    unpaid: z.boolean().optional(),
    /** One customer's orders (the customer page); an id of another store matches nothing. */
    customerId: z.uuid({ error: 'El id del cliente no es válido' }).optional(),
    createdAt: z
      .object({
        $gte: isoDate.optional(),
        $gt: isoDate.optional(),
        $lte: isoDate.optional(),
        $lt: isoDate.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
export type OrderFilter = z.infer<typeof orderFilterSchema>

/** Newest first by default; also oldest first, by total and by slot. */
export const ORDER_SORTS = [
  '-createdAt',
  'createdAt',
  '-total',
  'total',
  /** By the slot of scheduled orders (issue 26), earliest first; unscheduled orders last. */
  'scheduledFor',
  '-scheduledFor',
] as const
export type OrderSort = (typeof ORDER_SORTS)[number]

export const adminOrderListQuerySchema = paginationQuery(PAGE_SIZES.adminOrders).extend({
  query: z.string().max(2000).optional(),
  sort: z.enum(ORDER_SORTS).default('-createdAt'),
  /** Orders scheduled for this Buenos Aires day (issue 26): "Programados para". */
  scheduledDay: calendarDaySchema('Usá un día AAAA-MM-DD para los pedidos programados').optional(),
})
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>

/** One row of the seller's order list. Money in centavos. */
export const adminOrderSummarySchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  itemCount: z.number().int(),
  total: moneySchema,
  currency: currencySchema,
  status: orderStatusSchema,
  statusLabel: z.string(),
  paymentStatus: paymentStatusSchema,
  paymentStatusLabel: z.string(),
  fulfillmentStatus: orderFulfillmentStatusSchema,
  fulfillmentStatusLabel: z.string(),
  deliveryType: deliveryTypeSchema,
  deliveryTypeLabel: z.string(),
  /** The slot of a scheduled order (issue 26), null for as soon as possible. */
  scheduledFor: orderSchema.shape.scheduledFor,
  paymentMethod: paymentMethodSchema,
  paymentMethodLabel: z.string(),
})
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>
export const adminOrderPageSchema = pageOf(adminOrderSummarySchema)

export const fulfillmentEventOptionSchema = z.object({
  value: fulfillmentEventSchema,
  label: z.string(),
})
export type FulfillmentEventOption = z.infer<typeof fulfillmentEventOptionSchema>

/** GET /admin/orders/{id}/fulfillment-events: what can be applied now, in order. */
export const adminFulfillmentEventsSchema = z.object({
  deliveryType: deliveryTypeSchema,
  /** The fulfillment the events apply to; null when the order has none in progress. */
  fulfillmentId: z.string().nullable(),
  events: z.array(fulfillmentEventOptionSchema),
})
export type AdminFulfillmentEvents = z.infer<typeof adminFulfillmentEventsSchema>

/** What the seller may do with the order now; the server enforces the same rules. */
export const adminOrderActionsSchema = z.object({
  canMarkAsPaid: z.boolean(),
  canRefund: z.boolean(),
  canFulfill: z.boolean(),
  canCancel: z.boolean(),
  canComplete: z.boolean(),
  canArchive: z.boolean(),
  /** Open, not delivered and not paid: the seller may cancel it and release its stock. */
  canCancelUnpaid: z.boolean().default(false),
  activeFulfillmentId: z.string().nullable(),
  nextEvents: z.array(fulfillmentEventOptionSchema),
  /** Centavos that may still be refunded (total minus refunded; 0 when refunds are not allowed). */
  refundableAmount: moneySchema.default(0),
  /** Each fulfillment's own next events and whether it can be cancelled ("Cancelar envío"). */
  fulfillments: z
    .array(
      z.object({
        fulfillmentId: z.string(),
        nextEvents: z.array(fulfillmentEventOptionSchema),
        canCancel: z.boolean(),
      }),
    )
    .default([]),
})
export type AdminOrderActions = z.infer<typeof adminOrderActionsSchema>

/**
 * The order as the seller sees it: the customer's view plus who ordered and what can be done.
 * The customer's note (written at checkout) is `customerNote`, read-only; the store's own notes
 * are written with PUT `internalNote` and read as INTERNAL_NOTE_ADDED timeline entries.
 */
export const adminOrderSchema = orderSchema.omit({ note: true }).extend({
  /** What the customer wrote at checkout ('' when nothing). The seller cannot change it. */
  customerNote: z.string(),
  /**
   * The buyer's account (user id) when a signed-in customer ordered at checkout; null for a
   * device's order, an order the store took itself (decision 027) and once the account is
   * deleted. Not the store customer: `customerId` is always a store customer's id (the orders
   * filter, POST /admin/orders; decision 022).
   */
  buyerUserId: z.string().nullable(),
  actions: adminOrderActionsSchema,
})
export type AdminOrder = z.infer<typeof adminOrderSchema>

/** Statuses the seller sets by hand with PUT /admin/orders/{id}. */
export const ADMIN_ORDER_STATUS_CHANGES = [
  'archived',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[]

/** PUT /admin/orders/{id}: a status change, an internal note for the store's team, or both. */
export const adminOrderUpdateInputSchema = z
  .object({
    status: z
      .enum(ADMIN_ORDER_STATUS_CHANGES, { error: 'Elegí Archivado, Completado o Cancelado' })
      .optional(),
    /** Why the order is cancelled (timeline note), only with status "cancelled". */
    reason: z.string().trim().min(1).max(500).optional(),
    /**
     * An internal note for the store's team (timeline INTERNAL_NOTE_ADDED, never shown to the
     * customer). Not the customer's note, which is read-only (`customerNote`).
     */
    internalNote: z.string().trim().min(1, 'Escribí la nota').max(2000).optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.internalNote !== undefined, {
    message: 'Indicá un estado nuevo o una nota',
    path: ['status'],
  })
  .refine((v) => v.reason === undefined || v.status === 'cancelled', {
    message: 'El motivo va solo al cancelar el pedido',
    path: ['reason'],
  })
export type AdminOrderUpdateInput = z.infer<typeof adminOrderUpdateInputSchema>

/** Units of one order line (`itemId` is the order item's `_id`). */
export const orderLineQuantitySchema = z
  .object({
    itemId: z.uuid({ error: 'Ese producto no es parte del pedido.' }),
    quantity: z
      .number({ error: 'Indicá la cantidad.' })
      .int('La cantidad tiene que ser un número entero.')
      .min(1, 'La cantidad tiene que ser al menos 1.')
      .max(100_000, 'La cantidad es demasiado grande.'),
  })
  .strict()
export type OrderLineQuantity = z.infer<typeof orderLineQuantitySchema>

/**
 * POST /admin/orders/{id}/fulfill (body optional): some lines or units (`items`), or with no
 * items everything still to fulfil.
 */
export const adminFulfillInputSchema = z
  .object({
    note: z.string().trim().min(1).max(500).optional(),
    items: z
      .array(orderLineQuantitySchema)
      .min(1, 'Elegí al menos un producto.')
      .max(200)
      .optional(),
  })
  .strict()
export type AdminFulfillInput = z.infer<typeof adminFulfillInputSchema>

/**
 * POST /admin/orders/{id}/refund (body optional): some lines (`items`, with `restock` to put the
 * units back in stock), or an `amount` in centavos, or with no body everything not yet refunded.
 */
export const adminRefundInputSchema = z
  .object({
    items: z
      .array(orderLineQuantitySchema)
      .min(1, 'Elegí al menos un producto.')
      .max(200)
      .optional(),
    restock: z.boolean().optional(),
    amount: z
      .number({ error: 'Indicá el monto.' })
      .int('El monto va en centavos, sin decimales.')
      .min(1, 'El monto tiene que ser mayor que cero.')
      .max(Number.MAX_SAFE_INTEGER, 'El monto es demasiado grande.')
      .optional(),
  })
  .strict()
  .refine((v) => v.items === undefined || v.amount === undefined, {
    message: 'Reembolsá por productos o por monto, no las dos cosas.',
    path: ['amount'],
  })
  .refine((v) => v.restock === undefined || v.items !== undefined, {
    message: 'Reponer stock va solo al reembolsar productos.',
    path: ['restock'],
  })
export type AdminRefundInput = z.infer<typeof adminRefundInputSchema>

/**
 * POST /admin/orders/{id}/fulfillment-event. `fulfillmentId` picks the fulfillment; without it
 * the oldest one still on its way moves on.
 */
export const adminFulfillmentEventInputSchema = z
  .object({
    newEvent: fulfillmentEventSchema,
    fulfillmentId: z.uuid({ error: 'El id de la preparación no es válido' }).optional(),
  })
  .strict()
export type AdminFulfillmentEventInput = z.infer<typeof adminFulfillmentEventInputSchema>

/** POST /admin/orders/{id}/fulfillment/{fid}/cancel (reason defaults to 'Cancelled by admin'). */
export const adminFulfillmentCancelInputSchema = z
  .object({ reason: z.string().trim().max(500).optional() })
  .strict()
export type AdminFulfillmentCancelInput = z.infer<typeof adminFulfillmentCancelInputSchema>

/** GET /admin/order-stores/{id}: which of the user's stores an order belongs to. */
export const adminOrderStoreSchema = z.object({ storeId: z.uuid() })
export type AdminOrderStore = z.infer<typeof adminOrderStoreSchema>
