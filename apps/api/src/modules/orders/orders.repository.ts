import type { PaymentStatus } from '@barrio/contracts/enums'
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Db, Tx } from '../../db/client.ts'
import { rowFromJson } from '../../db/json-rows.ts'
import {
  fulfillmentItems,
  fulfillments,
  orderEvents,
  orderItems,
  orders,
  paymentNotifications,
} from '../../db/schema/ordering.ts'
import { stores } from '../../db/schema/stores.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderOwner = { userId: string } | { deviceId: string }
type Executor = Pick<Db, 'insert' | 'update' | 'select' | 'execute'>
export type NewOrder = Omit<typeof orders.$inferInsert, 'paymentExpiresAt'> & {
  paymentHoldMinutes: number | null
}
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderEventRow = typeof orderEvents.$inferSelect

function ownedBy(owner: OrderOwner): SQL {
  return 'userId' in owner
    ? eq(orders.userId, owner.userId)
    : and(eq(orders.deviceId, owner.deviceId), isNull(orders.userId))!
}

/** Orders with their items, fulfillments and timeline. */
export function createOrdersRepository(db: Db) {
  return {
    /**
     * The order, its lines and its first timeline events in one statement (decision 064): three
     * INSERTs as CTEs, the order's id given here so that the lines and events name it without
     * waiting for it, and their RETURNING rows answered as JSON. `paymentHoldMinutes`: the stock
     * hold of an unpaid order, counted by the database clock.
     */
    async insert(
      tx: Executor,
      { paymentHoldMinutes, ...values }: NewOrder,
      items: NewOrderItem[],
      events: Array<{ type: string; note?: string | null }>,
    ) {
      const orderId = values.id ?? randomUUID()
      // Each INSERT … RETURNING as a named CTE of the one statement.
      const cte = (name: string, insert: { getSQL(): SQL }) =>
        sql`${sql.raw(name)} as (${insert.getSQL()})`
      const ctes = [
        cte(
          'o',
          tx
            .insert(orders)
            .values({
              ...values,
              id: orderId,
              paymentExpiresAt:
                paymentHoldMinutes === null
                  ? null
                  : sql`now() + ${paymentHoldMinutes} * interval '1 minute'`,
            })
            .returning(),
        ),
      ]
      if (items.length)
        ctes.push(
          cte(
            'i',
            tx
              .insert(orderItems)
              .values(items.map((i) => ({ ...i, orderId })))
              .returning(),
          ),
        )
      if (events.length)
        ctes.push(
          cte(
            'e',
            tx
              .insert(orderEvents)
              .values(events.map((e) => ({ orderId, type: e.type, note: e.note ?? null })))
              .returning(),
          ),
        )
      const all = (name: string, written: boolean) =>
        written
          ? sql.raw(`(select coalesce(json_agg(${name}), '[]'::json) from ${name})`)
          : sql`'[]'::json`
      const result = await tx.execute<{
        order: Record<string, unknown>
        items: Array<Record<string, unknown>>
        events: Array<Record<string, unknown>>
      }>(sql`with ${sql.join(ctes, sql`, `)}
        select (select row_to_json(o) from o) as "order", ${all('i', items.length > 0)} as items,
          ${all('e', events.length > 0)} as events`)
      const [row] = result.rows
      const order = rowFromJson(orders, row!.order)
      const itemRows = row!.items.map((i) => rowFromJson(orderItems, i))
      const eventRows = row!.events.map((e) => rowFromJson(orderEvents, e))
      // What was written, so the caller answers without reading it back (timeline in seq order).
      return { order, items: itemRows, events: eventRows.sort((a, b) => a.seq - b.seq) }
    },
    /**
     * Orders in each slot of a store and delivery type between two instants (issue 26), by slot
     * start (ms). A cancelled order frees its place, as an unpaid Mercado Pago order cancelled by
     * the payment window does. With `lock`, the caller's transaction first takes the slot's lock
     * so that racing confirms count one after the other (`from` is then the slot's start).
     */
    async slotCounts(
      q: Pick<Db, 'select' | 'execute'>,
      slot: { storeId: string; deliveryType: string; from: Date; to: Date; lock?: boolean },
    ): Promise<Map<number, number>> {
      if (slot.lock)
        await q.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`slot:${slot.storeId}:${slot.from.toISOString()}`}))`,
        )
      const rows = await q
        .select({ start: orders.scheduledStart, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, slot.storeId),
            eq(orders.deliveryType, slot.deliveryType as OrderRow['deliveryType']),
            sql`${orders.scheduledStart} >= ${slot.from.toISOString()}`,
            sql`${orders.scheduledStart} < ${slot.to.toISOString()}`,
            sql`${orders.status} <> 'cancelled'`,
          ),
        )
        .groupBy(orders.scheduledStart)
      return new Map(rows.map((r) => [r.start!.getTime(), r.n]))
    },

    async findByCheckout(checkoutId: string) {
      const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId))
      return row ?? null
    },
    async find(id: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id))
      return row ?? null
    },
    async findOwned(owner: OrderOwner, id: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), ownedBy(owner)))
      return row ?? null
    },
    async list(owner: OrderOwner, page: { page: number; limit: number }) {
      const where = ownedBy(owner)
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.number))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },
    /** Items, fulfillments (with their items), events and stores of many orders in five queries. */
    async details(orderRows: OrderRow[]) {
      const ids = orderRows.map((o) => o.id)
      if (!ids.length)
        return { items: [], fulfillments: [], fulfillmentItems: [], events: [], stores: [] }
      const storeIds = [...new Set(orderRows.map((o) => o.storeId))]
      const [itemRows, fulfillmentRows, fulfillmentItemRows, eventRows, storeRows] =
        await Promise.all([
          db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
          db
            .select()
            .from(fulfillments)
            .where(inArray(fulfillments.orderId, ids))
            .orderBy(asc(fulfillments.createdAt)),
          db
            .select({
              fulfillmentId: fulfillmentItems.fulfillmentId,
              orderItemId: fulfillmentItems.orderItemId,
              quantity: fulfillmentItems.quantity,
            })
            .from(fulfillmentItems)
            .innerJoin(fulfillments, eq(fulfillments.id, fulfillmentItems.fulfillmentId))
            .where(inArray(fulfillments.orderId, ids)),
          db
            .select()
            .from(orderEvents)
            .where(inArray(orderEvents.orderId, ids))
            .orderBy(asc(orderEvents.createdAt), asc(orderEvents.seq)),
          db
            .select({
              id: stores.id,
              name: stores.name,
              handle: stores.handle,
              phone: stores.phone,
            })
            .from(stores)
            .where(inArray(stores.id, storeIds)),
        ])
      return {
        items: itemRows,
        fulfillments: fulfillmentRows,
        fulfillmentItems: fulfillmentItemRows,
        events: eventRows,
        stores: storeRows,
      }
    },
    /** Merges into the order's payment details; answers the order as it is now. */
    async setPaymentDetails(id: string, details: Record<string, unknown>) {
      const [row] = await db
        .update(orders)
        .set({
          paymentDetails: sql`${orders.paymentDetails} || ${JSON.stringify(details)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, id))
        .returning()
      return row ?? null
    },
    /**
     * Applies a payment notification once: the (provider, payment, status) row is the idempotency
     * key, inserted in the same transaction as the status change and the timeline event. The
     * order's row is locked first (`SELECT … FOR UPDATE`, as every seller action locks it), so a
     * notice that arrives while a seller refund is being written waits for it and then decides
     * from what it wrote (decision 025, addendum). Runs in the caller's transaction.
     */
    async applyPayment(
      tx: Tx,
      input: {
        orderId: string
        provider: string
        externalId: string
        status: string
        amount: number
        paymentStatus: PaymentStatus
        event: string | null
        /** A refund notice sets what was given back (the whole payment). */
        refundedAmount?: number
        /**
         * Runs in the same transaction once the notification is new, on the locked order's payment
         * state, before the order is written (the payments ledger). It may decide the refunded
         * amount and the timeline event from that state, which input could only guess.
         */
        onApplied?: (
          tx: Tx,
          locked: { paymentStatus: PaymentStatus; total: number; refundedAmount: number },
        ) => Promise<{ refundedAmount?: number; event?: string | null } | void>
      },
    ) {
      const [locked] = await tx
        .select({
          paymentStatus: orders.paymentStatus,
          total: orders.total,
          refundedAmount: orders.refundedAmount,
        })
        .from(orders)
        .where(eq(orders.id, input.orderId))
        .for('update')
      if (!locked) return false
      const inserted = await tx
        .insert(paymentNotifications)
        .values({
          orderId: input.orderId,
          provider: input.provider,
          externalId: input.externalId,
          status: input.status,
          amount: input.amount,
        })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id })
      if (!inserted.length) return false
      const decided = (await input.onApplied?.(tx, locked)) ?? {}
      const refundedAmount = decided.refundedAmount ?? input.refundedAmount
      const event = decided.event !== undefined ? decided.event : input.event
      await tx
        .update(orders)
        .set({
          paymentStatus: input.paymentStatus,
          ...(refundedAmount !== undefined ? { refundedAmount } : {}),
          paymentDetails: sql`${orders.paymentDetails} || ${JSON.stringify({ paymentId: input.externalId })}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, input.orderId))
      if (event) await tx.insert(orderEvents).values({ orderId: input.orderId, type: event })
      return true
    },
    /** The customer's order, locked for a change (`SELECT … FOR UPDATE`, as seller actions do). */
    async lockOwned(tx: Tx, owner: OrderOwner, id: string) {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), ownedBy(owner)))
        .for('update')
      return row ?? null
    },
    /** Fulfillments of the order that are not cancelled: the store started preparing it. */
    async liveFulfillmentCount(tx: Tx, orderId: string) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(fulfillments)
        .where(and(eq(fulfillments.orderId, orderId), sql`${fulfillments.status} <> 'cancelled'`))
      return Number(row?.n ?? 0)
    },
    /** Units a cancellation gives back: what each line took minus what refunds restocked. */
    async unitsToRelease(tx: Tx, orderId: string) {
      const rows = await tx
        .select({
          variantId: orderItems.variantId,
          quantity: orderItems.quantity,
          restocked: orderItems.restockedQuantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
      return rows
        .map((r) => ({ variantId: r.variantId, quantity: r.quantity - r.restocked }))
        .filter((r) => r.quantity > 0)
    },
    async update(
      tx: Tx,
      id: string,
      values: Partial<Pick<OrderRow, 'status' | 'paymentStatus' | 'fulfillmentStatus'>> & {
        /** Merged into the order's payment details. */
        paymentDetails?: Record<string, unknown>
      },
    ) {
      const { paymentDetails, ...rest } = values
      await tx
        .update(orders)
        .set({
          ...rest,
          ...(paymentDetails
            ? {
                paymentDetails: sql`${orders.paymentDetails} || ${JSON.stringify(paymentDetails)}::jsonb`,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, id))
    },
    async addEvents(tx: Tx, orderId: string, events: Array<{ type: string; note: string | null }>) {
      if (!events.length) return
      await tx.insert(orderEvents).values(events.map((e) => ({ orderId, ...e })))
    },
    /** A merged store customer's orders now count for the customer they were merged into. */
    async moveCustomer(tx: Pick<Db, 'update'>, fromCustomerId: string, toCustomerId: string) {
      await tx
        .update(orders)
        .set({ customerId: toCustomerId })
        .where(eq(orders.customerId, fromCustomerId))
    },
    async storeHasOrders(storeId: string) {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.storeId, storeId))
        .limit(1)
      return Boolean(row)
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>
