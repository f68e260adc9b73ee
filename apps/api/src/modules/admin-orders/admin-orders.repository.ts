import type { FulfillmentStatus } from '@barrio/contracts/enums'
import type { OrderFilter, OrderSort } from '@barrio/contracts/admin-orders'
import { and, asc, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  fulfillmentItems,
  fulfillments,
  orderEvents,
  orderItems,
  orders,
} from '../../db/schema/ordering.ts'
import type { LineState } from './order-arithmetic.ts'
import { orderFilterCondition } from './order-filter.ts'
import { stores } from '../../db/schema/stores.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type AdminOrderRow = typeof orders.$inferSelect
export type FulfillmentRow = typeof fulfillments.$inferSelect
export type NewEvent = { type: string; note?: string | null; fulfillmentId?: string | null }

const DAY_MS = 24 * 60 * 60 * 1000

/** Orders whose slot starts on a Buenos Aires day (UTC-3 all year, decision 040). */
function scheduledOnDay(day: string): SQL {
  const from = new Date(`${day}T00:00:00-03:00`)
  return and(
    gte(orders.scheduledStart, from),
    lt(orders.scheduledStart, new Date(from.getTime() + DAY_MS)),
  )!
}

/** The list's order: by slot, unscheduled orders last either way; the number breaks ties. */
function orderByOf(sort: OrderSort): SQL[] {
  const direction = sort.startsWith('-') ? desc : asc
  if (sort.endsWith('scheduledFor'))
    return [
      sql`${orders.scheduledStart} ${sql.raw(sort.startsWith('-') ? 'desc' : 'asc')} nulls last`,
      direction(orders.number),
    ]
  return [
    direction(sort.endsWith('createdAt') ? orders.createdAt : orders.total),
    direction(orders.number),
  ]
}

/**
 * The seller's side of the ordering tables: one store's orders, their fulfillments and timeline.
 * Every query names the store, so an order of another store simply does not exist here.
 */
export function createAdminOrdersRepository(db: Db) {
  return {
    /** One page of the store's orders the parsed `query` filter selects. */
    async list(
      storeId: string,
      filter: OrderFilter,
      sort: OrderSort,
      page: { page: number; limit: number; scheduledDay?: string | undefined },
    ) {
      const where = and(
        orderFilterCondition(storeId, filter),
        page.scheduledDay ? scheduledOnDay(page.scheduledDay) : undefined,
      )!
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          // orders_store_idx (store_id, created_at) serves the default (and its reverse);
          // orders_slot_idx (store_id, scheduled_start) a day of slots.
          .orderBy(...orderByOf(sort))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },

    /** Units per order, for the list (one grouped query for the page). */
    async itemCounts(orderIds: string[]): Promise<Map<string, number>> {
      if (!orderIds.length) return new Map()
      const rows = await db
        .select({
          orderId: orderItems.orderId,
          units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .groupBy(orderItems.orderId)
      return new Map(rows.map((r) => [r.orderId, Number(r.units)]))
    },

    /** Which store an order belongs to, whatever store the request names (primary key lookup). */
    async storeOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ storeId: orders.storeId })
        .from(orders)
        .where(eq(orders.id, id))
      return row?.storeId ?? null
    },

    async find(storeId: string, id: string): Promise<AdminOrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.storeId, storeId)))
      return row ?? null
    },

    /** Locks the order row for the rest of the transaction: concurrent seller actions queue here. */
    async lock(tx: Tx, storeId: string, id: string): Promise<AdminOrderRow | null> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.storeId, storeId)))
        .for('update')
      return row ?? null
    },

    /**
     * Locks a batch of Mercado Pago orders whose payment time ran out while still pending and open.
     * SKIP LOCKED: sweeps in other processes (or a webhook holding one order) pass them by, so each
     * order is cancelled once.
     */
    async lockExpiredUnpaid(tx: Tx, limit: number): Promise<AdminOrderRow[]> {
      return tx
        .select()
        .from(orders)
        .where(
          and(
            sql`${orders.paymentExpiresAt} <= now()`,
            eq(orders.paymentMethod, 'mercado_pago'),
            eq(orders.paymentStatus, 'pending'),
            sql`${orders.status} not in ('cancelled', 'archived', 'completed')`,
          ),
        )
        .orderBy(orders.paymentExpiresAt)
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /** Store names for the sweep's e-mails, read in its transaction. */
    async storeNames(tx: Tx, storeIds: string[]): Promise<Map<string, string>> {
      if (!storeIds.length) return new Map()
      const rows = await tx
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(inArray(stores.id, storeIds))
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    async fulfillmentsOf(executor: Pick<Db, 'select'>, orderId: string): Promise<FulfillmentRow[]> {
      return executor
        .select()
        .from(fulfillments)
        .where(eq(fulfillments.orderId, orderId))
        .orderBy(fulfillments.createdAt)
    },

    async itemsOf(tx: Tx, orderId: string) {
      return tx
        .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
    },

    /**
     * The order's lines with their fulfilled units (the sum over fulfillments not cancelled), in
     * the caller's transaction: two queries, the order row already locked.
     */
    async linesOf(tx: Tx, orderId: string): Promise<LineState[]> {
      const [items, fulfilled] = [
        await tx
          .select()
          .from(orderItems)
          .where(eq(orderItems.orderId, orderId))
          .orderBy(asc(orderItems.title), asc(orderItems.id)),
        await tx
          .select({
            orderItemId: fulfillmentItems.orderItemId,
            units: sql<number>`coalesce(sum(${fulfillmentItems.quantity}), 0)::int`,
          })
          .from(fulfillmentItems)
          .innerJoin(fulfillments, eq(fulfillments.id, fulfillmentItems.fulfillmentId))
          .where(and(eq(fulfillments.orderId, orderId), ne(fulfillments.status, 'cancelled')))
          .groupBy(fulfillmentItems.orderItemId),
      ]
      const units = new Map(fulfilled.map((f) => [f.orderItemId, Number(f.units)]))
      return items.map((i) => ({
        id: i.id,
        variantId: i.variantId,
        title: i.title,
        unitPrice: i.unitPrice,
        quantity: i.quantity,
        fulfilledQuantity: units.get(i.id) ?? 0,
        refundedQuantity: i.refundedQuantity,
        restockedQuantity: i.restockedQuantity,
      }))
    },

    async insertFulfillmentItems(
      tx: Tx,
      fulfillmentId: string,
      lines: Array<{ itemId: string; quantity: number }>,
    ) {
      if (!lines.length) return
      await tx
        .insert(fulfillmentItems)
        .values(lines.map((l) => ({ fulfillmentId, orderItemId: l.itemId, quantity: l.quantity })))
    },

    /** Adds refunded (and restocked) units to the order's lines. */
    async addRefundedUnits(
      tx: Tx,
      lines: Array<{ itemId: string; quantity: number; restock: number }>,
    ) {
      for (const l of lines)
        await tx
          .update(orderItems)
          .set({
            refundedQuantity: sql`${orderItems.refundedQuantity} + ${l.quantity}`,
            restockedQuantity: sql`${orderItems.restockedQuantity} + ${l.restock}`,
          })
          .where(eq(orderItems.id, l.itemId))
    },

    async updateOrder(
      tx: Tx,
      id: string,
      values: Partial<
        Pick<
          AdminOrderRow,
          'status' | 'paymentStatus' | 'fulfillmentStatus' | 'paymentDetails' | 'refundedAmount'
        >
      >,
    ) {
      await tx
        .update(orders)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(orders.id, id))
    },

    async insertFulfillment(
      tx: Tx,
      orderId: string,
      status: FulfillmentStatus,
    ): Promise<FulfillmentRow> {
      const [row] = await tx.insert(fulfillments).values({ orderId, status }).returning()
      return row!
    },

    async updateFulfillment(
      tx: Tx,
      id: string,
      values: Partial<Pick<FulfillmentRow, 'status' | 'reason'>>,
    ) {
      await tx
        .update(fulfillments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(fulfillments.id, id))
    },

    /** Cancels every fulfillment of the order that is still open; returns their ids. */
    async cancelOpenFulfillments(tx: Tx, orderId: string, reason: string, closed: string[]) {
      const rows = await tx
        .update(fulfillments)
        .set({ status: 'cancelled', reason, updatedAt: new Date() })
        .where(
          and(
            eq(fulfillments.orderId, orderId),
            ne(fulfillments.status, 'cancelled'),
            sql`${fulfillments.status} not in (${sql.join(
              closed.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          ),
        )
        .returning({ id: fulfillments.id })
      return rows.map((r) => r.id)
    },

    /** Timeline events, in the order given (seq keeps it when they share created_at). */
    async addEvents(tx: Tx, orderId: string, events: NewEvent[]) {
      if (!events.length) return
      await tx.insert(orderEvents).values(
        events.map((e) => ({
          orderId,
          type: e.type,
          note: e.note ?? null,
          fulfillmentId: e.fulfillmentId ?? null,
        })),
      )
    },
  }
}
export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>
