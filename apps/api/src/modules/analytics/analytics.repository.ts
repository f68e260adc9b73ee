import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { collections, productCollections } from '../../db/schema/catalog.ts'
import { orderItems, orders } from '../../db/schema/ordering.ts'
import { lineNetSales, lineNetUnits, orderNetSales } from '../../lib/net-sales.ts'

/** Sellers think in Buenos Aires days; every day bound and bucket is taken in this zone. */
const ZONE = 'America/Argentina/Buenos_Aires'

/** A Buenos Aires day range, both ends included (YYYY-MM-DD). */
export type DayRange = { from: string; to: string }

export type PeriodTotals = { sales: number; orders: number; cancelled: number; discounts: number }
export type Bucket = { sales: number; orders: number }
/** A ranked product or collection: its id, title, units sold and line revenue (centavos). */
export type Seller = { id: string; title: string; units: number; sales: number }

/**
 * Bounds as timestamptz computed from the day strings inside SQL, so the comparison stays on the
 * bare created_at column and orders_store_idx (store_id, created_at) serves the range scan.
 */
const startOf = (day: string) => sql`((${day}::date)::timestamp at time zone ${ZONE})`
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${ZONE})`

/** Net sales of one order (total − refunded so far, 0 when cancelled): lib/net-sales.ts. */
const NET = orderNetSales()

const num = (value: unknown) => Number(value ?? 0)

/**
 * Read-only aggregates over one store's orders for the analytics page: a sanctioned reader of the
 * ordering tables (and of the catalogue's collection links), named in decision 014 and in the lint
 * zone that keeps every other module out of them. Tables are interpolated (`${orders}`), never
 * spelled in the SQL, so the imports show what this file reads. Each function is one SQL
 * statement over the index range of (store_id, created_at); nothing loops over orders in JS.
 */
export function createAnalyticsRepository(db: Db) {
  return {
    /** Totals of the current and the previous range in one scan of both. */
    async totals(
      storeId: string,
      current: DayRange,
      previous: DayRange,
    ): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
      const result = await db.execute(sql`
        select created_at >= ${startOf(current.from)} as is_current,
               coalesce(sum(${NET}), 0)::bigint as sales,
               count(*) filter (where status <> 'cancelled')::int as orders,
               count(*) filter (where status = 'cancelled')::int as cancelled,
               coalesce(sum(discount) filter (where status <> 'cancelled'), 0)::bigint as discounts
          from ${orders}
         where store_id = ${storeId}
           and created_at >= ${startOf(previous.from)}
           and created_at < ${endOf(current.to)}
         group by 1`)
      const empty = { sales: 0, orders: 0, cancelled: 0, discounts: 0 }
      const out = { current: { ...empty }, previous: { ...empty } }
      for (const row of result.rows as Array<Record<string, unknown>>) {
        out[row.is_current ? 'current' : 'previous'] = {
          sales: num(row.sales),
          orders: num(row.orders),
          cancelled: num(row.cancelled),
          discounts: num(row.discounts),
        }
      }
      return out
    },

    /**
     * Sales and orders per bucket (Buenos Aires day or hour, as `bucketFormat` for to_char), per
     * delivery type and per payment method: one scan, three grouping sets. Cancelled orders are
     * left out; a row's non-null key says which set it belongs to.
     */
    async breakdowns(storeId: string, range: DayRange, bucketFormat: string) {
      const result = await db.execute(sql`
        with o as (
          select to_char(created_at at time zone ${ZONE}, ${bucketFormat}) as bucket,
                 delivery_type, payment_method, ${NET} as net
            from ${orders}
           where store_id = ${storeId}
             and created_at >= ${startOf(range.from)}
             and created_at < ${endOf(range.to)}
             and status <> 'cancelled')
        select bucket, delivery_type, payment_method,
               sum(net)::bigint as sales, count(*)::int as orders
          from o
         group by grouping sets ((bucket), (delivery_type), (payment_method))`)
      const series = new Map<string, Bucket>()
      const byDeliveryType: Array<Bucket & { deliveryType: DeliveryType }> = []
      const byPaymentMethod: Array<Bucket & { paymentMethod: PaymentMethod }> = []
      for (const row of result.rows as Array<Record<string, unknown>>) {
        const bucket = { sales: num(row.sales), orders: num(row.orders) }
        if (row.bucket != null) series.set(String(row.bucket), bucket)
        else if (row.delivery_type != null)
          byDeliveryType.push({ deliveryType: row.delivery_type as DeliveryType, ...bucket })
        else if (row.payment_method != null)
          byPaymentMethod.push({ paymentMethod: row.payment_method as PaymentMethod, ...bucket })
      }
      return { series, byDeliveryType, byPaymentMethod }
    },

    /**
     * Best sellers from orders neither cancelled nor wholly refunded, by line revenue and by
     * units, net of refunds by line (units kept = quantity − refunded_quantity, revenue = the
     * line total of those units; lib/net-sales.ts): products, and collections through the
     * store's current product↔collection links. Refunds by amount are not tied to a product and
     * leave the lines as they are (decision 017). One statement: the range's lines are aggregated
     * per product once, then ranked four ways (each list `limit` long; the other measure breaks
     * ties, then the id). A product's title is the one on its latest order line (products may be
     * renamed). A line refunded in full is left out.
     */
    async topSellers(storeId: string, range: DayRange, limit: number) {
      const result = await db.execute(sql`
        with p as (
          select i.product_id,
                 (array_agg(i.title order by o.created_at desc))[1] as title,
                 sum(${lineNetUnits('i')})::int as units,
                 sum(${lineNetSales('i')})::bigint as sales
            from ${orders} o
            join ${orderItems} i on i.order_id = o.id
           where o.store_id = ${storeId}
             and o.created_at >= ${startOf(range.from)}
             and o.created_at < ${endOf(range.to)}
             and o.status <> 'cancelled'
             and o.payment_status <> 'refunded'
             and ${lineNetUnits('i')} > 0
           group by i.product_id),
        c as (
          select pc.collection_id, col.title,
                 sum(p.units)::int as units, sum(p.sales)::bigint as sales
            from p
            join ${productCollections} pc on pc.product_id = p.product_id
            join ${collections} col on col.id = pc.collection_id and col.store_id = ${storeId}
           group by pc.collection_id, col.title)
        (select 'products' as list, 'sales' as rank_by, product_id::text as id, title, units, sales
           from p order by sales desc, units desc, product_id limit ${limit})
        union all
        (select 'products', 'units', product_id::text, title, units, sales
           from p order by units desc, sales desc, product_id limit ${limit})
        union all
        (select 'collections', 'sales', collection_id::text, title, units, sales
           from c order by sales desc, units desc, collection_id limit ${limit})
        union all
        (select 'collections', 'units', collection_id::text, title, units, sales
           from c order by units desc, sales desc, collection_id limit ${limit})`)
      const rank = (a: Seller, b: Seller, first: 'sales' | 'units') => {
        const second = first === 'sales' ? 'units' : 'sales'
        return b[first] - a[first] || b[second] - a[second] || (a.id < b.id ? -1 : 1)
      }
      const lists = {
        products: { sales: [] as Seller[], units: [] as Seller[] },
        collections: { sales: [] as Seller[], units: [] as Seller[] },
      }
      for (const row of result.rows as Array<Record<string, unknown>>) {
        const list = row.list === 'collections' ? lists.collections : lists.products
        list[row.rank_by === 'units' ? 'units' : 'sales'].push({
          id: String(row.id),
          title: String(row.title),
          units: num(row.units),
          sales: num(row.sales),
        })
      }
      // UNION ALL keeps no order across its branches: each list is put back in its rank here.
      for (const list of [lists.products, lists.collections]) {
        list.sales.sort((a, b) => rank(a, b, 'sales'))
        list.units.sort((a, b) => rank(a, b, 'units'))
      }
      return lists
    },

    /**
     * Buyers with a non-cancelled order in the range, split by whether they had a non-cancelled
     * order at this store before it (orders_user_idx (user_id, created_at) answers each probe).
     */
    async customers(storeId: string, range: DayRange) {
      const result = await db.execute(sql`
        with buyers as (
          select distinct user_id
            from ${orders}
           where store_id = ${storeId}
             and created_at >= ${startOf(range.from)}
             and created_at < ${endOf(range.to)}
             and status <> 'cancelled'
             and user_id is not null)
        select count(*)::int as buyers,
               count(*) filter (where exists (
                 select 1 from ${orders} p
                  where p.user_id = buyers.user_id
                    and p.store_id = ${storeId}
                    and p.created_at < ${startOf(range.from)}
                    and p.status <> 'cancelled'))::int as returning
          from buyers`)
      const row = (result.rows as Array<Record<string, unknown>>)[0] ?? {}
      const returning = num(row.returning)
      return { new: num(row.buyers) - returning, returning }
    },
  }
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>
