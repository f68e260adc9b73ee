import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/ordering.ts'
import { orderNetSales } from '../../lib/net-sales.ts'

type Range = { start: Date; end: Date }

// Orders: not cancelled. Sales: each order's net sales (total − refunded, 0 when cancelled),
// the one definition analytics and the customers list use (lib/net-sales.ts).
const counted = sql`${orders.status} <> 'cancelled'`
const net = orderNetSales('orders')
const inRange = (r: Range) => and(gte(orders.createdAt, r.start), lt(orders.createdAt, r.end))!
/** The order-list filters the dashboard links to use the same definitions (status, delivery). */
const toPrepare = sql`${orders.status} = 'open'`
const readyForPickup = sql`${orders.status} = 'fulfilled' and ${orders.deliveryType} = 'pickup'`
const outForDelivery = sql`${orders.status} = 'fulfilled' and ${orders.deliveryType} = 'delivery'`
const paymentToConfirm = sql`${orders.status} not in ('cancelled', 'archived', 'completed')
  and ${orders.paymentMethod} in ('bank_transfer', 'cash') and ${orders.paymentStatus} = 'pending'`

/**
 * The dashboard's aggregates over the orders table: a handful of grouped counts per call, never
 * one query per order or per store. Reads only; the orders module stays the only writer.
 */
export function createDashboardRepository(db: Db) {
  return {
    /** Sales and orders of two Buenos Aires days (today and the same weekday last week). */
    async dayFigures(storeIds: string[], today: Range, lastWeek: Range) {
      const rows = await db
        .select({
          storeId: orders.storeId,
          todaySales: sql<number>`coalesce(sum(${net}) filter (where ${inRange(today)}), 0)::bigint`,
          todayOrders: sql<number>`count(*) filter (where ${inRange(today)} and ${counted})::int`,
          lastWeekSales: sql<number>`coalesce(sum(${net}) filter (where ${inRange(lastWeek)}), 0)::bigint`,
          lastWeekOrders: sql<number>`count(*) filter (where ${inRange(lastWeek)} and ${counted})::int`,
        })
        .from(orders)
        .where(and(inArray(orders.storeId, storeIds), or(inRange(today), inRange(lastWeek))))
        .groupBy(orders.storeId)
      return rows.map((r) => ({
        storeId: r.storeId,
        todaySales: Number(r.todaySales),
        todayOrders: Number(r.todayOrders),
        lastWeekSales: Number(r.lastWeekSales),
        lastWeekOrders: Number(r.lastWeekOrders),
      }))
    },

    /** Orders waiting for the seller, per step, and payments to confirm, per store. */
    async waiting(storeIds: string[]) {
      const rows = await db
        .select({
          storeId: orders.storeId,
          toPrepare: sql<number>`count(*) filter (where ${toPrepare})::int`,
          readyForPickup: sql<number>`count(*) filter (where ${readyForPickup})::int`,
          outForDelivery: sql<number>`count(*) filter (where ${outForDelivery})::int`,
          paymentsToConfirm: sql<number>`count(*) filter (where ${paymentToConfirm})::int`,
        })
        .from(orders)
        .where(
          and(
            inArray(orders.storeId, storeIds),
            inArray(orders.status, ['open', 'unfulfilled', 'fulfilled']),
          ),
        )
        .groupBy(orders.storeId)
      return rows.map((r) => ({
        storeId: r.storeId,
        toPrepare: Number(r.toPrepare),
        readyForPickup: Number(r.readyForPickup),
        outForDelivery: Number(r.outForDelivery),
        paymentsToConfirm: Number(r.paymentsToConfirm),
      }))
    },

    /** Scheduled orders (not cancelled) whose slot starts inside a range, earliest slot first. */
    async scheduledIn(storeId: string, range: Range) {
      return db
        .select({
          id: orders.id,
          number: orders.number,
          start: orders.scheduledStart,
          end: orders.scheduledEnd,
        })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, storeId),
            gte(orders.scheduledStart, range.start),
            lt(orders.scheduledStart, range.end),
            counted,
          ),
        )
        .orderBy(orders.scheduledStart, orders.number)
    },

    async latestOrders(storeId: string, limit: number) {
      return db
        .select({
          id: orders.id,
          number: orders.number,
          contact: orders.contact,
          total: orders.total,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentMethod: orders.paymentMethod,
          deliveryType: orders.deliveryType,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.storeId, storeId))
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(limit)
    },
  }
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>
