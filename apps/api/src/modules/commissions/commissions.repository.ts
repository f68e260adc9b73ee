import type { StoreCategory } from '@barrio/contracts/common'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@barrio/contracts/enums'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { effectiveCommissionRate } from '../../db/commission-rate.ts'
import {
  commissionCategoryRates,
  commissionSettings,
  commissionStoreRates,
} from '../../db/schema/commissions.ts'
import { orders } from '../../db/schema/ordering.ts'
import { stores } from '../../db/schema/stores.ts'
import { orderNetSales } from '../../lib/net-sales.ts'
import { containsPattern, folded } from '../../lib/search.ts'

export type { Tx }
type Q = Db | Tx

export type SavedRates = {
  defaultRateBp: number
  byCategory: Partial<Record<StoreCategory, number>>
  byStore: Array<{
    storeId: string
    rateBp: number
    storeName: string
    storeHandle: string
    category: StoreCategory
  }>
  updatedAt: Date | null
}

export type StatementRow = {
  id: string
  number: number
  createdAt: Date
  paymentMethod: PaymentMethod
  paymentStatus: PaymentStatus
  status: OrderStatus
  subtotal: number
  total: number
  refundedAmount: number
  sales: number
  commissionRateBp: number
  commission: number
  commissionRefunded: number
  /** The `marketplace_fee` (centavos) of the order's Mercado Pago preference; null: none. */
  marketplaceFee: number | null
  /** What Mercado Pago reported keeping for Barrio on the paid payment; null: not reported. */
  marketplaceFeeCollected: number | null
}

const num = (value: unknown) => Number(value ?? 0)

/**
 * The commission rates (the only writer of their three tables) and the monthly statement, a
 * read-only report over one store's orders: a sanctioned reader of the ordering tables like
 * analytics (decision 014's list, extended by decision 045). It never writes orders: the
 * commission is written by `ordersService.place`, its refunded part by PostgreSQL.
 */
export function createCommissionsRepository(db: Db) {
  return {
    async rates(q: Q = db): Promise<SavedRates> {
      const [settings] = await q
        .select()
        .from(commissionSettings)
        .where(eq(commissionSettings.singleton, true))
      const categories = await q.select().from(commissionCategoryRates)
      const own = await q
        .select({
          storeId: commissionStoreRates.storeId,
          rateBp: commissionStoreRates.rateBp,
          storeName: stores.name,
          storeHandle: stores.handle,
          category: stores.category,
        })
        .from(commissionStoreRates)
        .innerJoin(stores, eq(stores.id, commissionStoreRates.storeId))
        .orderBy(asc(stores.name), asc(stores.id))
      return {
        defaultRateBp: settings?.defaultRateBp ?? 0,
        byCategory: Object.fromEntries(categories.map((c) => [c.category, c.rateBp])),
        byStore: own.map((r) => ({ ...r, category: r.category as StoreCategory })),
        updatedAt: settings?.updatedAt ?? null,
      }
    },

    /** Replaces every rate (the operator's PUT), in the caller's transaction. */
    async replace(
      tx: Tx,
      input: {
        defaultRateBp: number
        byCategory: Partial<Record<StoreCategory, number>>
        byStore: Array<{ storeId: string; rateBp: number }>
      },
      operatorId: string,
    ): Promise<void> {
      await tx
        .insert(commissionSettings)
        .values({ singleton: true, defaultRateBp: input.defaultRateBp, updatedBy: operatorId })
        .onConflictDoUpdate({
          target: commissionSettings.singleton,
          set: { defaultRateBp: input.defaultRateBp, updatedBy: operatorId, updatedAt: sql`now()` },
        })
      await tx.delete(commissionCategoryRates)
      const categories = Object.entries(input.byCategory).filter(
        (e): e is [StoreCategory, number] => typeof e[1] === 'number',
      )
      if (categories.length > 0)
        await tx
          .insert(commissionCategoryRates)
          .values(categories.map(([category, rateBp]) => ({ category, rateBp })))
      await tx.delete(commissionStoreRates)
      if (input.byStore.length > 0) await tx.insert(commissionStoreRates).values(input.byStore)
    },

    /** Which of these store ids exist. */
    async existingStores(q: Q, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await q.select({ id: stores.id }).from(stores).where(inArray(stores.id, ids))
      return new Set(rows.map((r) => r.id))
    },

    /** The rate an order of this store placed now records (one statement, in the caller's tx). */
    async rateFor(q: Q, storeId: string): Promise<number> {
      const result = await q.execute(
        sql`select ${effectiveCommissionRate} as rate from ${stores} s where s.id = ${storeId}`,
      )
      return num((result.rows as Array<Record<string, unknown>>)[0]?.rate)
    },

    /** Stores by name or handle (accents and case folded), each with its effective rate. */
    async searchStores(term: string | undefined, limit: number) {
      const where = term
        ? sql`where ${folded(sql`s.name`)} like ${containsPattern(term)} or s.handle like ${containsPattern(term)}`
        : sql``
      const result = await db.execute(sql`
        select s.id, s.name, s.handle, s.category, ${effectiveCommissionRate} as rate
          from ${stores} s ${where}
         order by s.name, s.id
         limit ${limit}`)
      return (result.rows as Array<Record<string, unknown>>).map((r) => ({
        id: String(r.id),
        name: String(r.name),
        handle: String(r.handle),
        category: String(r.category) as StoreCategory,
        rateBp: num(r.rate),
      }))
    },

    async store(storeId: string) {
      const [row] = await db
        .select({ id: stores.id, name: stores.name, handle: stores.handle })
        .from(stores)
        .where(eq(stores.id, storeId))
      return row ?? null
    },

    /**
     * The store's orders placed in [from, to), cancelled ones left out, oldest first: one range
     * scan of orders_store_idx (store_id, created_at).
     */
    async statementRows(storeId: string, from: Date, to: Date): Promise<StatementRow[]> {
      const result = await db.execute(sql`
        select id, number, created_at, payment_method, payment_status, status, subtotal, total,
               refunded_amount, ${orderNetSales()} as sales, commission_rate_bp, commission,
               commission_refunded,
               (payment_details->>'marketplaceFee')::bigint as marketplace_fee,
               (payment_details->>'marketplaceFeeCollected')::bigint as marketplace_fee_collected
          from ${orders}
         where store_id = ${storeId}
           and created_at >= ${from.toISOString()}::timestamptz
           and created_at < ${to.toISOString()}::timestamptz
           and status <> 'cancelled'
         order by created_at, number`)
      return (result.rows as Array<Record<string, unknown>>).map((r) => ({
        id: String(r.id),
        number: num(r.number),
        createdAt: new Date(r.created_at as string | Date),
        paymentMethod: r.payment_method as PaymentMethod,
        paymentStatus: r.payment_status as PaymentStatus,
        status: r.status as OrderStatus,
        subtotal: num(r.subtotal),
        total: num(r.total),
        refundedAmount: num(r.refunded_amount),
        sales: num(r.sales),
        commissionRateBp: num(r.commission_rate_bp),
        commission: num(r.commission),
        commissionRefunded: num(r.commission_refunded),
        marketplaceFee: r.marketplace_fee == null ? null : num(r.marketplace_fee),
        marketplaceFeeCollected:
          r.marketplace_fee_collected == null ? null : num(r.marketplace_fee_collected),
      }))
    },
  }
}

export type CommissionsRepository = ReturnType<typeof createCommissionsRepository>
