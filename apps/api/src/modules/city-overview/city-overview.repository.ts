import type { StoreCategory } from '@barrio/contracts/common'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/ordering.ts'
import { stores } from '../../db/schema/stores.ts'
import { orderNetSales } from '../../lib/net-sales.ts'

/** Every day bound and bucket is a Buenos Aires day (decision 017). */
const ZONE = 'America/Argentina/Buenos_Aires'

/** A Buenos Aires day range, both ends included (YYYY-MM-DD). */
export type DayRange = { from: string; to: string }

export type Figures = { gmv: number; orders: number; commission: number; cancelled: number }
export type GroupFigures = Figures & { stores: number }
export type TopStoreRow = Figures & {
  storeId: string
  name: string
  handle: string
  category: StoreCategory
  city: string
  provinceCode: string
  suspended: boolean
}

/**
 * Bounds as timestamptz computed from the day strings inside SQL (as analytics does), so the
 * comparison stays on the bare created_at column and an index on it can serve the range.
 */
const startOf = (day: string) => sql`((${day}::date)::timestamp at time zone ${ZONE})`
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${ZONE})`

/** Net sales of one order (lib/net-sales.ts): the seller analytics' definition. */
const NET = orderNetSales('o')
/**
 * The platform's commission an order still carries: what it recorded at placement minus what
 * refunds took back (the generated `commission_refunded`), 0 when cancelled; the monthly
 * statement's definition (decision 045).
 */
const COMMISSION = sql`(case when o.status = 'cancelled' then 0
  else greatest(o.commission - o.commission_refunded, 0) end)`

const num = (value: unknown) => Number(value ?? 0)
const figures = (row: Record<string, unknown>): Figures => ({
  gmv: num(row.gmv),
  orders: num(row.orders),
  commission: num(row.commission),
  cancelled: num(row.cancelled),
})

/**
 * Read-only aggregates over every store's orders for the operator's overview (decision 048): a
 * sanctioned reader of the ordering tables like analytics (decision 014's list). Two statements
 * per call, none per order or per store; nothing loops over orders in JS.
 */
export function createCityOverviewRepository(db: Db) {
  return {
    /**
     * Totals, the series per Buenos Aires day, the breakdowns per province, city and category,
     * and the top stores, in one statement: the range's orders are aggregated per store and day
     * once (`d`), then per store (`s`), and every answer is read from those.
     */
    async figures(range: DayRange, topStores: number) {
      const result = await db.execute(sql`
        with d as (
          select o.store_id,
                 to_char(o.created_at at time zone ${ZONE}, 'YYYY-MM-DD') as day,
                 sum(${NET})::bigint as gmv,
                 count(*) filter (where o.status <> 'cancelled')::int as orders,
                 sum(${COMMISSION})::bigint as commission,
                 count(*) filter (where o.status = 'cancelled')::int as cancelled
            from ${orders} o
           where o.created_at >= ${startOf(range.from)}
             and o.created_at < ${endOf(range.to)}
           group by 1, 2),
        s as (
          select store_id, sum(gmv)::bigint as gmv, sum(orders)::int as orders,
                 sum(commission)::bigint as commission, sum(cancelled)::int as cancelled
            from d
           group by store_id)
        (select case grouping(st.province_code, st.city, st.category)
                  when 7 then 'total' when 3 then 'province' when 1 then 'city' else 'category'
                end as kind,
                st.province_code, st.city, st.category,
                null::text as day, null::uuid as store_id, null::text as name,
                null::text as handle, null::boolean as suspended,
                sum(s.gmv)::bigint as gmv, sum(s.orders)::int as orders,
                sum(s.commission)::bigint as commission, sum(s.cancelled)::int as cancelled,
                count(*) filter (where s.orders > 0)::int as stores
           from s join ${stores} st on st.id = s.store_id
          group by grouping sets ((), (st.province_code), (st.province_code, st.city),
                                  (st.category)))
        union all
        (select 'day', null, null, null, d.day, null, null, null, null,
                sum(d.gmv)::bigint, sum(d.orders)::int, sum(d.commission)::bigint,
                sum(d.cancelled)::int, count(*) filter (where d.orders > 0)::int
           from d
          group by d.day)
        union all
        (select 'store', st.province_code, st.city, st.category, null, s.store_id, st.name,
                st.handle, st.suspended_at is not null,
                s.gmv, s.orders, s.commission, s.cancelled, 1
           from s join ${stores} st on st.id = s.store_id
          where s.orders > 0
          order by s.gmv desc, s.orders desc, s.store_id
          limit ${topStores})`)
      const out = {
        totals: { gmv: 0, orders: 0, commission: 0, cancelled: 0, stores: 0 } as GroupFigures,
        series: new Map<string, Figures>(),
        byProvince: [] as Array<GroupFigures & { provinceCode: string }>,
        byCity: [] as Array<GroupFigures & { provinceCode: string; city: string }>,
        byCategory: [] as Array<GroupFigures & { category: StoreCategory }>,
        topStores: [] as TopStoreRow[],
      }
      for (const row of result.rows as Array<Record<string, unknown>>) {
        const group = { ...figures(row), stores: num(row.stores) }
        switch (row.kind) {
          case 'total':
            out.totals = group
            break
          case 'province':
            out.byProvince.push({ provinceCode: String(row.province_code), ...group })
            break
          case 'city':
            out.byCity.push({
              provinceCode: String(row.province_code),
              city: String(row.city),
              ...group,
            })
            break
          case 'category':
            out.byCategory.push({ category: String(row.category) as StoreCategory, ...group })
            break
          case 'day':
            out.series.set(String(row.day), figures(row))
            break
          case 'store':
            out.topStores.push({
              storeId: String(row.store_id),
              name: String(row.name),
              handle: String(row.handle),
              category: String(row.category) as StoreCategory,
              city: String(row.city),
              provinceCode: String(row.province_code),
              suspended: row.suspended === true,
              ...figures(row),
            })
            break
        }
      }
      return out
    },

    /**
     * The city's growth in one statement: stores created in the range, stores listed today, and
     * signed-in buyers whose first order on Barrio (not cancelled) falls in the range, each buyer
     * probed once on orders_user_idx (user_id, created_at) for an earlier order.
     */
    async growth(range: DayRange) {
      const result = await db.execute(sql`
        with buyers as (
          select distinct o.user_id
            from ${orders} o
           where o.created_at >= ${startOf(range.from)}
             and o.created_at < ${endOf(range.to)}
             and o.status <> 'cancelled'
             and o.user_id is not null)
        select
          (select count(*) from buyers b
            where not exists (
              select 1 from ${orders} p
               where p.user_id = b.user_id
                 and p.created_at < ${startOf(range.from)}
                 and p.status <> 'cancelled'))::int as new_customers,
          (select count(*) from ${stores} st
            where st.created_at >= ${startOf(range.from)}
              and st.created_at < ${endOf(range.to)})::int as new_stores,
          (select count(*) from ${stores} st
            where st.status = 'active' and st.suspended_at is null)::int as listed_stores`)
      const row = (result.rows as Array<Record<string, unknown>>)[0] ?? {}
      return {
        newCustomers: num(row.new_customers),
        newStores: num(row.new_stores),
        listedStores: num(row.listed_stores),
      }
    },
  }
}
export type CityOverviewRepository = ReturnType<typeof createCityOverviewRepository>
