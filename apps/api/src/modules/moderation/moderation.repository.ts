import type { OperatorStoreStatus } from '@barrio/contracts/operator'
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { products } from '../../db/schema/catalog.ts'
import { stores } from '../../db/schema/stores.ts'
import { orderNetSales } from '../../lib/net-sales.ts'
import { containsPattern, folded } from '../../lib/search.ts'

/** A store as the operator's list shows it, with its owner and its orders' figures. */
export type OperatorStoreRow = {
  id: string
  name: string
  handle: string
  category: string
  city: string
  provinceCode: string
  status: 'active' | 'archived'
  suspendedAt: Date | null
  suspensionReason: string | null
  createdAt: Date
  ownerId: string
  ownerEmail: string
  ordersCount: number
  salesCents: number
}

/** What a store's or a product's moderation columns hold (before and after an action). */
export type StoreModeration = {
  id: string
  suspendedAt: Date | null
  suspensionReason: string | null
  suspendedBy: string | null
}
export type ProductModeration = {
  id: string
  storeId: string
  title: string
  hiddenAt: Date | null
  hiddenReason: string | null
  hiddenBy: string | null
}

export type OperatorStoreProductRow = {
  id: string
  title: string
  handle: string
  status: 'draft' | 'active' | 'archived'
  hiddenAt: Date | null
  hiddenReason: string | null
  priceCents: number | null
}

const storeModeration = {
  id: stores.id,
  suspendedAt: stores.suspendedAt,
  suspensionReason: stores.suspensionReason,
  suspendedBy: stores.suspendedBy,
}
const productModeration = {
  id: products.id,
  storeId: products.storeId,
  title: products.title,
  hiddenAt: products.hiddenAt,
  hiddenReason: products.hiddenReason,
  hiddenBy: products.hiddenBy,
}

function statusCondition(status: OperatorStoreStatus): SQL {
  if (status === 'suspended') return sql`s.suspended_at is not null`
  return sql`s.suspended_at is null and s.status = ${status}`
}

/**
 * The operator's reads and writes over every store of the city (issue 24). The list reads the
 * orders table by its name, as the customers module does (lib/net-sales.ts; decision 014: only
 * the ordering owners and reporters import the ordering schema), one lateral aggregate per row
 * of the page over orders_store_idx.
 */
export function createModerationRepository(db: Db) {
  /** One statement: the page's stores with owner and figures, and how many match. */
  async function storeRows(filter: {
    q?: string | undefined
    status?: OperatorStoreStatus | undefined
    id?: string
    page: number
    limit: number
  }): Promise<{ rows: OperatorStoreRow[]; total: number }> {
    const conditions: SQL[] = []
    if (filter.id) conditions.push(sql`s.id = ${filter.id}`)
    if (filter.status) conditions.push(statusCondition(filter.status))
    const q = filter.q?.trim()
    if (q) {
      const term = containsPattern(q)
      conditions.push(
        sql`(${folded(sql`s.name`)} like ${term} or s.handle like ${term} or lower(u.email) like ${term})`,
      )
    }
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
    const result = await db.execute<Record<string, unknown>>(sql`
      with filtered as (
        select s.id, s.name from stores s join users u on u.id = s.owner_id ${where}
      ),
      page as (
        select id from filtered order by lower(name), id
        limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}
      )
      select t.total, s.id, s.name, s.handle, s.category, s.city, s.province_code,
             s.status, s.suspended_at, s.suspension_reason, s.created_at,
             u.id as owner_id, u.email as owner_email,
             coalesce(a.orders_count, 0)::int as orders_count,
             coalesce(a.sales, 0)::bigint as sales
        from (select count(*)::int as total from filtered) t
        left join (page p join stores s on s.id = p.id join users u on u.id = s.owner_id
                   left join lateral (
                     select count(*)::int as orders_count, sum(${orderNetSales('o')}) as sales
                       from orders o
                      where o.store_id = s.id and o.status <> 'cancelled'
                   ) a on true) on true
       order by lower(s.name), s.id`)
    const total = Number(result.rows[0]?.total ?? 0)
    const rows = result.rows
      .filter((r) => r.id != null)
      .map((r): OperatorStoreRow => ({
        id: String(r.id),
        name: String(r.name),
        handle: String(r.handle),
        category: String(r.category),
        city: String(r.city),
        provinceCode: String(r.province_code),
        status: r.status as 'active' | 'archived',
        suspendedAt: r.suspended_at == null ? null : new Date(r.suspended_at as string | Date),
        suspensionReason: r.suspension_reason == null ? null : String(r.suspension_reason),
        createdAt: new Date(r.created_at as string | Date),
        ownerId: String(r.owner_id),
        ownerEmail: String(r.owner_email),
        ordersCount: Number(r.orders_count),
        salesCents: Number(r.sales),
      }))
    return { rows, total }
  }

  /** A store's products for the operator's moderation (hidden ones too), by title. */
  async function storeProductRows(
    storeId: string,
    filter: { q?: string | undefined; page: number; limit: number },
  ): Promise<{ rows: OperatorStoreProductRow[]; total: number }> {
    const conditions: SQL[] = [sql`p.store_id = ${storeId}::uuid`]
    const q = filter.q?.trim()
    if (q) {
      const term = containsPattern(q)
      conditions.push(sql`(${folded(sql`p.title`)} like ${term} or p.handle like ${term})`)
    }
    const where = sql.join(conditions, sql` and `)
    const result = await db.execute<Record<string, unknown>>(sql`
      with filtered as (select p.id, p.title from products p where ${where}),
      page as (
        select id from filtered order by lower(title), id
        limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}
      )
      select t.total, p.id, p.title, p.handle, p.status, p.hidden_at, p.hidden_reason,
             (select min(v.price_cents) from product_variants v where v.product_id = p.id) as price
        from (select count(*)::int as total from filtered) t
        left join (page pg join products p on p.id = pg.id) on true
       order by lower(p.title), p.id`)
    const total = Number(result.rows[0]?.total ?? 0)
    const rows = result.rows
      .filter((r) => r.id != null)
      .map((r): OperatorStoreProductRow => ({
        id: String(r.id),
        title: String(r.title),
        handle: String(r.handle),
        status: r.status as OperatorStoreProductRow['status'],
        hiddenAt: r.hidden_at == null ? null : new Date(r.hidden_at as string | Date),
        hiddenReason: r.hidden_reason == null ? null : String(r.hidden_reason),
        priceCents: r.price == null ? null : Number(r.price),
      }))
    return { rows, total }
  }

  return {
    storeRows,
    storeProductRows,

    /** The store's moderation columns, its row locked for the action's transaction. */
    async lockStore(tx: Tx, id: string): Promise<StoreModeration | null> {
      const [row] = await tx
        .select(storeModeration)
        .from(stores)
        .where(eq(stores.id, id))
        .for('update')
      return row ?? null
    },

    async setStoreSuspension(
      tx: Tx,
      id: string,
      suspension: { reason: string; by: string; at: Date } | null,
    ): Promise<StoreModeration> {
      const [row] = await tx
        .update(stores)
        .set(
          suspension
            ? {
                // A second suspension rewrites the reason; the store stays suspended since the first.
                suspendedAt: sql`coalesce(${stores.suspendedAt}, ${suspension.at.toISOString()}::timestamptz)`,
                suspensionReason: suspension.reason,
                suspendedBy: suspension.by,
              }
            : { suspendedAt: null, suspensionReason: null, suspendedBy: null },
        )
        .where(eq(stores.id, id))
        .returning(storeModeration)
      return row!
    },

    async lockProduct(tx: Tx, id: string): Promise<ProductModeration | null> {
      const [row] = await tx
        .select(productModeration)
        .from(products)
        .where(eq(products.id, id))
        .for('update')
      return row ?? null
    },

    async setProductHidden(
      tx: Tx,
      id: string,
      hidden: { reason: string; by: string; at: Date } | null,
    ): Promise<ProductModeration> {
      const [row] = await tx
        .update(products)
        .set(
          hidden
            ? {
                hiddenAt: sql`coalesce(${products.hiddenAt}, ${hidden.at.toISOString()}::timestamptz)`,
                hiddenReason: hidden.reason,
                hiddenBy: hidden.by,
              }
            : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
        )
        .where(eq(products.id, id))
        .returning(productModeration)
      return row!
    },
  }
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>
