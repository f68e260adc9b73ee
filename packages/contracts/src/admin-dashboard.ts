import { z } from 'zod'
import { moneySchema } from './common.ts'
import { calendarDaySchema } from './dates.ts'
import {
  deliveryTypeSchema,
  orderStatusSchema,
  paymentMethodSchema,
  paymentStatusSchema,
} from './enums.ts'

/**
 * The seller's home (GET /admin/dashboard): today's figures against the same weekday last week
 * (Buenos Aires days), what waits for the seller, the latest orders and the first-day checklist.
 * Money in integer centavos.
 */

/**
 * Sales count orders that are not cancelled; refunded orders count zero (refunds are whole).
 * `sales` is null for a role that does not see statistics (staff: no `analytics`, decision 029).
 */
export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, a Buenos Aires day. */
  date: z.string(),
  sales: moneySchema.nullable(),
  orders: z.number().int().min(0),
})
export type DashboardDay = z.infer<typeof dashboardDaySchema>

/**
 * Orders waiting for the seller, by the step they are at (spec section 4):
 * toPrepare = open orders (placed or preparing); readyForPickup = pickup orders marked ready;
 * outForDelivery = delivery orders on their way. Each matches an order-list URL filter.
 */
export const dashboardWaitingSchema = z.object({
  toPrepare: z.number().int().min(0),
  readyForPickup: z.number().int().min(0),
  outForDelivery: z.number().int().min(0),
})
export type DashboardWaiting = z.infer<typeof dashboardWaitingSchema>

export const dashboardLatestOrderSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  customerName: z.string(),
  total: moneySchema,
  currency: z.literal('ARS'),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema,
  deliveryType: deliveryTypeSchema,
  createdAt: z.string(),
})
export type DashboardLatestOrder = z.infer<typeof dashboardLatestOrderSchema>

export const DASHBOARD_CHECKLIST_ITEMS = [
  'productWithPhoto',
  'deliveryConfigured',
  'paymentMethodsChosen',
  'storeOpen',
] as const
export type DashboardChecklistItem = (typeof DASHBOARD_CHECKLIST_ITEMS)[number]

export const dashboardChecklistSchema = z.object({
  productWithPhoto: z.boolean(),
  deliveryConfigured: z.boolean(),
  paymentMethodsChosen: z.boolean(),
  storeOpen: z.boolean(),
})
export type DashboardChecklist = z.infer<typeof dashboardChecklistSchema>

export const DASHBOARD_LATEST_ORDERS = 8

/**
 * "Para hoy, por franja" (issue 26): the day's scheduled orders (not cancelled) grouped by their
 * slot, earliest first; each order by its number, for a link to its page.
 */
export const dashboardSlotSchema = z.object({
  /** ISO instants: the slot [start, end). */
  start: z.string(),
  end: z.string(),
  count: z.number().int().min(1),
  orders: z.array(z.object({ _id: z.string(), number: z.number().int() })),
})
export type DashboardSlot = z.infer<typeof dashboardSlotSchema>

export const adminDashboardSchema = z.object({
  store: z.object({ _id: z.string(), name: z.string(), isOpen: z.boolean() }),
  today: dashboardDaySchema,
  /** The same weekday one week before today. */
  lastWeek: dashboardDaySchema,
  waiting: dashboardWaitingSchema,
  /** Transfer and cash orders, still open, whose payment is pending. */
  paymentsToConfirm: z.number().int().min(0),
  lowStock: z.object({
    /** Tracked variants with stock at or under the threshold (zero included). */
    variants: z.number().int().min(0),
    outOfStock: z.number().int().min(0),
    /** The store's own low-stock alert threshold (Configuración → Avisos). */
    threshold: z.number().int().min(0),
  }),
  latestOrders: z.array(dashboardLatestOrderSchema),
  /** The shown day's scheduled orders by slot (today by the schedule clock); empty when none. */
  slots: z.array(dashboardSlotSchema),
  /** The Buenos Aires day (YYYY-MM-DD) `slots` are for: the orders list's "Programados para". */
  slotsDate: z.string(),
  checklist: dashboardChecklistSchema,
})
export type AdminDashboard = z.infer<typeof adminDashboardSchema>

/** GET /admin/dashboard/stores: one line per store of the signed-in seller. */
export const dashboardStoreLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  isOpen: z.boolean(),
  today: dashboardDaySchema,
  waiting: z.number().int().min(0),
})
export type DashboardStoreLine = z.infer<typeof dashboardStoreLineSchema>
/** An unpaginated list answers a bare array (decision 015). */
export const dashboardStoresSchema = z.array(dashboardStoreLineSchema)
export type DashboardStores = z.infer<typeof dashboardStoresSchema>

/** The event a seller's store stream (SSE) sends when an order is placed in the store. */
export const dashboardStoreEventSchema = z.object({
  type: z.literal('order.created'),
  orderId: z.string(),
})
export type DashboardStoreEvent = z.infer<typeof dashboardStoreEventSchema>

/** GET /admin/dashboard?date: the Buenos Aires day to show (YYYY-MM-DD); today when absent. */
export const adminDashboardQuerySchema = z.object({
  date: calendarDaySchema('Usá una fecha AAAA-MM-DD').optional(),
})
