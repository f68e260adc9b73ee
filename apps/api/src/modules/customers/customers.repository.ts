import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { CustomerFilter, CustomerSort } from '@barrio/contracts/admin-customers'
import { and, desc, eq, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { customerAtStoreLock } from '../../db/advisory-locks.ts'
import type { Db, Tx } from '../../db/client.ts'
import { migrationsFolder } from '../../db/migrate.ts'
import { storeCustomerAddresses, storeCustomers } from '../../db/schema/customers.ts'
import { orderNetSales } from '../../lib/net-sales.ts'
import type { PostalAddressColumns } from '../../lib/postal-address.ts'
import { AGGREGATES, customerFilterConditions } from './customer-filter.ts'

type Executor = Pick<Db, 'insert' | 'update' | 'select' | 'execute' | '$with' | 'with'>

export type CustomerRow = typeof storeCustomers.$inferSelect
export type CustomerAddressRow = typeof storeCustomerAddresses.$inferSelect
export type CustomerAddressValues = PostalAddressColumns & {
  notes: string | null
  latitude: number | null
  longitude: number | null
}
export type CustomerValues = {
  firstName: string
  lastName: string
  phone: string
  email: string | null
  notes: string
  tags: string[]
  address: PostalAddressColumns | null
}
/** A customer with their order aggregates (this store's non-cancelled orders). */
export type CustomerWithTotals = CustomerRow & {
  ordersCount: number
  totalSpent: number
  lastOrderAt: Date | null
}

/** A kept delivery address of a customer, as the order's bookkeeping needs it. */
export type AddressAtDoor = { id: string; latitude: number | null }

/** The customer's address at the same door: street, number, floor, city; case and spaces aside. */
function sameDoor(customerId: SQL | AnyColumn, door: PostalAddressColumns): SQL {
  return and(
    sql`${storeCustomerAddresses.customerId} = ${customerId}`,
    sql`lower(trim(${storeCustomerAddresses.street})) = lower(trim(${door.street}))`,
    sql`lower(trim(${storeCustomerAddresses.number})) = lower(trim(${door.number}))`,
    sql`lower(trim(coalesce(${storeCustomerAddresses.floorApartment}, ''))) = lower(trim(${door.floorApartment ?? ''}))`,
    sql`lower(trim(${storeCustomerAddresses.city})) = lower(trim(${door.city}))`,
  )!
}

/**
 * Order aggregates per customer of one store, read from orders_customer_idx (customer_id,
 * created_at) INCLUDE (status, payment_status, total, refunded_amount) alone. `total_spent` sums
 * each order's net sales (total − refunded so far; lib/net-sales.ts, as analytics and the
 * dashboard); cancelled orders do not count at all.
 */
const aggregates = (where: SQL) => sql`
  select o.customer_id,
         count(*)::int as orders_count,
         coalesce(sum(${orderNetSales('o')}), 0)::bigint as total_spent,
         max(o.created_at) as last_order_at
    from store_customers c
    join orders o on o.customer_id = c.id
   where ${where}
     and o.status <> 'cancelled'
   group by o.customer_id`

const SORTS: Record<CustomerSort, SQL> = {
  '-lastOrderAt': sql`a.last_order_at desc nulls last`,
  lastOrderAt: sql`a.last_order_at asc nulls last`,
  '-totalSpent': sql`${AGGREGATES.totalSpent} desc`,
  totalSpent: sql`${AGGREGATES.totalSpent} asc`,
  '-ordersCount': sql`${AGGREGATES.ordersCount} desc`,
  ordersCount: sql`${AGGREGATES.ordersCount} asc`,
  name: sql`lower(c.first_name || ' ' || c.last_name) asc`,
  '-name': sql`lower(c.first_name || ' ' || c.last_name) desc`,
  '-createdAt': sql`c.created_at desc`,
  createdAt: sql`c.created_at asc`,
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value : new Date(String(value))
}

/** A raw row of the list query (snake_case columns) as a customer with totals. */
function fromRaw(row: Record<string, unknown>): CustomerWithTotals {
  return {
    id: String(row.id),
    storeId: String(row.store_id),
    userId: row.user_id === null ? null : String(row.user_id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    phone: String(row.phone),
    email: row.email === null ? null : String(row.email),
    notes: String(row.notes),
    tags: (row.tags as string[] | null) ?? [],
    address: (row.address as PostalAddressColumns | null) ?? null,
    createdAt: toDate(row.created_at)!,
    updatedAt: toDate(row.updated_at)!,
    ordersCount: Number(row.orders_count ?? 0),
    totalSpent: Number(row.total_spent ?? 0),
    lastOrderAt: toDate(row.last_order_at),
  }
}

/** One store's customers list; the only writer of store_customers. */
export function createCustomersRepository(db: Db) {
  /**
   * `own` conditions are on the customer row (they also narrow the aggregation), `aggregate` on
   * `a`. The aggregation is MATERIALIZED: inlined, a search's low row estimate made the planner
   * re-run it once per matching customer (bench/customers.bench.ts).
   */
  async function select(
    storeId: string,
    conditions: { own: SQL[]; aggregate: SQL[] },
    order: SQL,
    page: { limit: number; offset: number },
  ) {
    const own = sql.join([sql`c.store_id = ${storeId}`, ...conditions.own], sql` and `)
    const where = sql.join([own, ...conditions.aggregate], sql` and `)
    const result = await db.execute(sql`
      with a as materialized (${aggregates(own)})
      select c.*, ${AGGREGATES.ordersCount} as orders_count, ${AGGREGATES.totalSpent} as total_spent,
             a.last_order_at, count(*) over ()::int as total_docs
        from store_customers c
        left join a on a.customer_id = c.id
       where ${where}
       order by ${order}, c.created_at desc, c.id
       limit ${page.limit} offset ${page.offset}`)
    const rows = result.rows as Array<Record<string, unknown>>
    return { rows: rows.map(fromRaw), total: Number(rows[0]?.total_docs ?? 0) }
  }

  return {
    async list(
      storeId: string,
      filter: CustomerFilter,
      sort: CustomerSort,
      page: { page: number; limit: number },
    ) {
      const conditions = customerFilterConditions(filter)
      const offset = (page.page - 1) * page.limit
      const found = await select(storeId, conditions, SORTS[sort], { limit: page.limit, offset })
      if (found.rows.length > 0 || offset === 0) return found
      // Past the last page: no row carries the window count, so count on its own.
      const counted = await select(storeId, conditions, SORTS[sort], { limit: 1, offset: 0 })
      return { rows: [], total: counted.total }
    },

    async find(storeId: string, id: string): Promise<CustomerWithTotals | null> {
      const { rows } = await select(
        storeId,
        { own: [sql`c.id = ${id}`], aggregate: [] },
        sql`c.id`,
        { limit: 1, offset: 0 },
      )
      return rows[0] ?? null
    },

    /** Distinct delivery addresses of the customer's orders, most recent first. */
    async orderAddresses(customerId: string, limit: number): Promise<PostalAddressColumns[]> {
      const result = await db.execute(sql`
        select address from (
          select distinct on (lower(s->>'street'), lower(s->>'number'), lower(coalesce(s->>'floorApartment', '')), lower(s->>'city'))
                 s as address, created_at
            from (select shipping_address as s, created_at from orders
                   where customer_id = ${customerId} and shipping_address is not null) x
           order by lower(s->>'street'), lower(s->>'number'), lower(coalesce(s->>'floorApartment', '')), lower(s->>'city'), created_at desc) d
         order by created_at desc
         limit ${limit}`)
      return (result.rows as Array<{ address: Record<string, unknown> }>).map(({ address }) => ({
        street: String(address.street ?? ''),
        number: String(address.number ?? ''),
        floorApartment: (address.floorApartment as string | null | undefined) ?? null,
        neighbourhood: (address.neighbourhood as string | null | undefined) ?? null,
        city: String(address.city ?? ''),
        provinceCode: String(address.provinceCode ?? ''),
        postalCode: (address.postalCode as string | null | undefined) ?? null,
      }))
    },

    /** Another customer of the store with this phone (duplicate check). */
    async findByPhone(storeId: string, phone: string, exceptId?: string) {
      const [row] = await db
        .select({
          id: storeCustomers.id,
          firstName: storeCustomers.firstName,
          lastName: storeCustomers.lastName,
        })
        .from(storeCustomers)
        .where(
          and(
            eq(storeCustomers.storeId, storeId),
            eq(storeCustomers.phone, phone),
            exceptId ? ne(storeCustomers.id, exceptId) : undefined,
          ),
        )
        .limit(1)
      return row ?? null
    },

    async insert(storeId: string, values: CustomerValues): Promise<string> {
      const [row] = await db
        .insert(storeCustomers)
        .values({ storeId, ...values })
        .returning({ id: storeCustomers.id })
      return row!.id
    },

    async update(storeId: string, id: string, values: CustomerValues): Promise<boolean> {
      const rows = await db
        .update(storeCustomers)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(storeCustomers.id, id), eq(storeCustomers.storeId, storeId)))
        .returning({ id: storeCustomers.id })
      return rows.length > 0
    },

    /** Removes the customer; their orders stay (orders.customer_id becomes null). */
    async delete(storeId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(storeCustomers)
        .where(and(eq(storeCustomers.id, id), eq(storeCustomers.storeId, storeId)))
        .returning({ id: storeCustomers.id })
      return rows.length > 0
    },

    /** The customer's delivery addresses, newest first. */
    async addresses(customerId: string, q: Pick<Db, 'select'> = db) {
      return q
        .select()
        .from(storeCustomerAddresses)
        .where(eq(storeCustomerAddresses.customerId, customerId))
        .orderBy(desc(storeCustomerAddresses.createdAt), desc(storeCustomerAddresses.id))
    },

    /** One address of one customer of the store (null for anybody else's). */
    async findAddress(storeId: string, customerId: string, id: string, q: Pick<Db, 'select'> = db) {
      const [row] = await q
        .select()
        .from(storeCustomerAddresses)
        .where(
          and(
            eq(storeCustomerAddresses.id, id),
            eq(storeCustomerAddresses.customerId, customerId),
            eq(storeCustomerAddresses.storeId, storeId),
          ),
        )
      return row ?? null
    },

    async insertAddress(
      storeId: string,
      customerId: string,
      values: CustomerAddressValues,
      q: Pick<Db, 'insert'> = db,
    ) {
      const [row] = await q
        .insert(storeCustomerAddresses)
        .values({ storeId, customerId, ...values })
        .returning()
      return row!
    },

    /**
     * Keeps the address an order went to among the customer's delivery addresses (issue 30: a
     * buyer's addresses were only on their orders, so the seller's new order offered none),
     * unless one at the same door is there (`atSameDoor`, read by `upsertBuyer`). A point now
     * known is kept on an address that had none.
     */
    async keepOrderAddress(
      tx: Executor,
      storeId: string,
      customerId: string,
      values: CustomerAddressValues,
      atSameDoor: AddressAtDoor | null,
    ): Promise<void> {
      if (!atSameDoor) {
        await tx.insert(storeCustomerAddresses).values({ storeId, customerId, ...values })
        return
      }
      if (atSameDoor.latitude === null && values.latitude !== null && values.longitude !== null)
        await tx
          .update(storeCustomerAddresses)
          .set({ latitude: values.latitude, longitude: values.longitude })
          .where(eq(storeCustomerAddresses.id, atSameDoor.id))
    },

    async setAddressPoint(id: string, point: { latitude: number; longitude: number }) {
      await db
        .update(storeCustomerAddresses)
        .set(point)
        .where(and(eq(storeCustomerAddresses.id, id), isNull(storeCustomerAddresses.latitude)))
    },

    /**
     * Serialises the customer bookkeeping of one buyer in one store (merges, upserts): the
     * (customer, store) lock, the one checkout's confirm takes first (`customerAtStoreLock`).
     */
    async lockBuyer(tx: Pick<Db, 'execute'>, storeId: string, userId: string) {
      await tx.execute(sql`select ${customerAtStoreLock(userId, storeId)}`)
    },

    /**
     * The store's customers with no account whose phone (lib/phone.ts's one spelling) or e-mail
     * is this buyer's, locked for the merge; oldest first (the first one the seller added keeps
     * its place).
     */
    async unclaimedTwins(
      tx: Pick<Db, 'select'>,
      storeId: string,
      match: { phone: string | null; email: string | null },
    ) {
      const conditions = [
        match.phone ? eq(storeCustomers.phone, match.phone) : undefined,
        match.email
          ? sql`lower(${storeCustomers.email}) = ${match.email.toLowerCase()}`
          : undefined,
      ].filter((c): c is SQL => c !== undefined)
      if (!conditions.length) return []
      return tx
        .select()
        .from(storeCustomers)
        .where(
          and(
            eq(storeCustomers.storeId, storeId),
            isNull(storeCustomers.userId),
            or(...conditions),
          ),
        )
        .orderBy(storeCustomers.createdAt, storeCustomers.id)
        .for('update')
    },

    async findBuyer(tx: Pick<Db, 'select'>, storeId: string, userId: string) {
      const [row] = await tx
        .select()
        .from(storeCustomers)
        .where(and(eq(storeCustomers.storeId, storeId), eq(storeCustomers.userId, userId)))
        .for('update')
      return row ?? null
    },

    /** The seller's customer becomes the buyer's: their account is attached to the row. */
    async claim(tx: Pick<Db, 'update'>, id: string, userId: string) {
      await tx
        .update(storeCustomers)
        .set({ userId, updatedAt: new Date() })
        .where(and(eq(storeCustomers.id, id), isNull(storeCustomers.userId)))
    },

    /**
     * Folds `from` into `into`: notes joined, tags united (case-insensitive, first spelling
     * kept), addresses moved, contact lines filled where empty; then `from` is deleted. The
     * caller has already moved the orders (the orders module owns them).
     */
    async absorb(tx: Pick<Db, 'update' | 'delete'>, into: CustomerRow, from: CustomerRow) {
      const seen = new Set(into.tags.map((t) => t.toLocaleLowerCase('es-AR')))
      const tags = [
        ...into.tags,
        ...from.tags.filter((t) => !seen.has(t.toLocaleLowerCase('es-AR'))),
      ]
      const notes = [into.notes, from.notes].filter((n) => n.trim() !== '').join('\n\n')
      await tx
        .update(storeCustomerAddresses)
        .set({ customerId: into.id })
        .where(eq(storeCustomerAddresses.customerId, from.id))
      await tx.delete(storeCustomers).where(eq(storeCustomers.id, from.id))
      await tx
        .update(storeCustomers)
        .set({
          notes,
          tags,
          email: into.email ?? from.email,
          phone: into.phone || from.phone,
          address: sql`coalesce(${storeCustomers.address}, ${from.address ? JSON.stringify(from.address) : null}::jsonb)`,
          // The merged person has been a customer since the earlier of the two.
          createdAt: from.createdAt < into.createdAt ? from.createdAt : into.createdAt,
          updatedAt: new Date(),
        })
        .where(eq(storeCustomers.id, into.id))
    },

    /**
     * The buyer's row of the store, created on their first order and refreshed with the contact
     * of each later one (the seller's notes, tags and address stay), in the order's transaction.
     * With `door`, the same statement also reads the customer's address at that door (one
     * statement, not two, in every checkout's confirm). The caller holds the (customer, store)
     * lock, so nothing else adds that address in between.
     */
    async upsertBuyer(
      tx: Executor,
      storeId: string,
      userId: string,
      contact: Pick<CustomerValues, 'firstName' | 'lastName' | 'phone' | 'email' | 'address'>,
      door: PostalAddressColumns | null,
    ): Promise<{ id: string; atSameDoor: AddressAtDoor | null }> {
      const upsert = tx
        .insert(storeCustomers)
        .values({ storeId, userId, ...contact })
        .onConflictDoUpdate({
          target: [storeCustomers.storeId, storeCustomers.userId],
          targetWhere: sql`user_id is not null`,
          set: {
            firstName: contact.firstName,
            lastName: contact.lastName,
            phone: contact.phone,
            email: contact.email,
            address: sql`coalesce(${storeCustomers.address}, excluded.address)`,
            updatedAt: new Date(),
          },
        })
        .returning({ id: storeCustomers.id })
      if (!door) {
        const [row] = await upsert
        return { id: row!.id, atSameDoor: null }
      }
      const buyer = tx.$with('buyer').as(upsert)
      const [row] = await tx
        .with(buyer)
        .select({
          id: buyer.id,
          atSameDoor: sql<AddressAtDoor | null>`(
            select json_build_object('id', ${storeCustomerAddresses.id}, 'latitude', ${storeCustomerAddresses.latitude})
              from ${storeCustomerAddresses}
             where ${sameDoor(buyer.id, door)}
             limit 1)`,
        })
        .from(buyer)
      return { id: row!.id, atSameDoor: row!.atSameDoor ?? null }
    },
  }
}
export type CustomersRepository = ReturnType<typeof createCustomersRepository>

/**
 * The customers rebuilt from orders (decision 022): the backfill statements of migration 0012, as
 * committed. The migration ran them over orders placed before the customers list; the demo seed
 * runs them over the history it inserts.
 */
export function customersBackfillStatements(): string[] {
  // By its name, whatever number the migration carries.
  const name = readdirSync(migrationsFolder()).find((f) => /^\d{4}_store_customers\.sql$/.test(f))
  if (!name) throw new Error('Falta la migración store_customers')
  const file = readFileSync(path.join(migrationsFolder(), name), 'utf8')
  return file
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.startsWith('INSERT INTO "store_customers"') || s.startsWith('UPDATE "orders"'))
}

/**
 * The delivery addresses rebuilt from orders (issue 30): the statements of the migration that
 * kept every order's address among its customer's delivery addresses, as committed.
 */
export function orderAddressesBackfillStatements(): string[] {
  const name = readdirSync(migrationsFolder()).find((f) =>
    /^\d{4}_customer_order_addresses\.sql$/.test(f),
  )
  if (!name) throw new Error('Falta la migración customer_order_addresses')
  const file = readFileSync(path.join(migrationsFolder(), name), 'utf8')
  return file
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.startsWith('INSERT INTO "store_customer_addresses"'))
}

export async function backfillCustomers(tx: Pick<Tx, 'execute'>): Promise<void> {
  for (const statement of customersBackfillStatements()) await tx.execute(sql.raw(statement))
  // Then their orders' addresses become their delivery addresses, as the seller's orders need.
  for (const statement of orderAddressesBackfillStatements()) await tx.execute(sql.raw(statement))
}
