import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { invoices, orderItems, orders, storeFiscalSettings, stores } from '../../db/schema/index.ts'

type Executor = Db | Tx
export type FiscalSettingsRow = typeof storeFiscalSettings.$inferSelect
export type InvoiceRow = typeof invoices.$inferSelect
export type NewInvoice = typeof invoices.$inferInsert
export type { InvoiceLine, InvoiceReceiver, InvoiceVatLine } from '../../db/schema/invoicing.ts'

/** How long a numbering claim keeps other processes off a store's vouchers unless renewed. */
export const NUMBERING_LEASE_MS = 60_000

export function createInvoicingRepository(db: Db) {
  return {
    async settings(storeId: string, q: Executor = db): Promise<FiscalSettingsRow | null> {
      const [row] = await q
        .select()
        .from(storeFiscalSettings)
        .where(eq(storeFiscalSettings.storeId, storeId))
      return row ?? null
    },
    async upsertSettings(
      storeId: string,
      values: Omit<typeof storeFiscalSettings.$inferInsert, 'storeId'>,
      q: Executor = db,
    ): Promise<FiscalSettingsRow> {
      const [row] = await q
        .insert(storeFiscalSettings)
        .values({ storeId, ...values })
        .onConflictDoUpdate({
          target: storeFiscalSettings.storeId,
          set: { ...values, updatedAt: new Date() },
        })
        .returning()
      return row!
    },
    async updateSettings(
      storeId: string,
      values: Partial<typeof storeFiscalSettings.$inferInsert>,
      q: Executor = db,
    ) {
      await q
        .update(storeFiscalSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(storeFiscalSettings.storeId, storeId))
    },

    /** The order with what its invoice needs: lines, contact, taxes. */
    async order(orderId: string, q: Executor = db) {
      const [order] = await q.select().from(orders).where(eq(orders.id, orderId))
      if (!order) return null
      const items = await q
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id))
      return { ...order, items }
    },
    async storeName(storeId: string): Promise<string> {
      const [row] = await db
        .select({ name: stores.name })
        .from(stores)
        .where(eq(stores.id, storeId))
      return row?.name ?? ''
    },

    async documentsOf(orderId: string, q: Executor = db): Promise<InvoiceRow[]> {
      return q
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, orderId))
        .orderBy(asc(invoices.createdAt), asc(invoices.kind))
    },
    async document(id: string, q: Executor = db): Promise<InvoiceRow | null> {
      const [row] = await q.select().from(invoices).where(eq(invoices.id, id))
      return row ?? null
    },
    /** Inserts unless the order already has that document (the partial unique indexes). */
    async insertDocument(q: Executor, values: NewInvoice): Promise<void> {
      await q.insert(invoices).values(values).onConflictDoNothing()
    },
    async updateDocument(id: string, values: Partial<NewInvoice>, q: Executor = db) {
      await q.update(invoices).set(values).where(eq(invoices.id, id))
    },
    /** The store's documents waiting for ARCA, oldest first (the order they must be numbered in). */
    async pending(storeId: string, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.storeId, storeId), eq(invoices.status, 'pending')))
        .orderBy(asc(invoices.createdAt), asc(invoices.kind))
        .limit(limit)
    },

    /**
     * Claims (or renews) the store's numbering lease; false while another process holds it. A
     * claim, not a lock held across ARCA's answer, so no transaction waits on the network.
     */
    async claimNumbering(storeId: string, holder: string): Promise<boolean> {
      const rows = await db
        .update(storeFiscalSettings)
        .set({
          numberingClaimedUntil: sql`now() + ${`${NUMBERING_LEASE_MS} milliseconds`}::interval`,
          numberingClaimedBy: holder,
        })
        .where(
          and(
            eq(storeFiscalSettings.storeId, storeId),
            or(
              isNull(storeFiscalSettings.numberingClaimedUntil),
              lt(storeFiscalSettings.numberingClaimedUntil, sql`now()`),
              eq(storeFiscalSettings.numberingClaimedBy, holder),
            ),
          ),
        )
        .returning({ storeId: storeFiscalSettings.storeId })
      return rows.length > 0
    },
    async releaseNumbering(storeId: string, holder: string) {
      await db
        .update(storeFiscalSettings)
        .set({ numberingClaimedUntil: null, numberingClaimedBy: null })
        .where(
          and(
            eq(storeFiscalSettings.storeId, storeId),
            eq(storeFiscalSettings.numberingClaimedBy, holder),
          ),
        )
    },

    /** Certificates that expire before `before` and whose store was not warned yet. */
    async certificatesToWarn(before: Date) {
      return db
        .select({
          storeId: storeFiscalSettings.storeId,
          notAfter: storeFiscalSettings.certificateNotAfter,
        })
        .from(storeFiscalSettings)
        .where(
          and(
            isNotNull(storeFiscalSettings.certificatePem),
            lt(storeFiscalSettings.certificateNotAfter, before),
            isNull(storeFiscalSettings.expiryWarnedAt),
          ),
        )
        .limit(500)
    },

    /** Authorized documents of an order, for its customer (newest first). */
    async authorizedOf(orderId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.status, 'authorized')))
        .orderBy(desc(invoices.authorizedAt))
    },
  }
}
export type InvoicingRepository = ReturnType<typeof createInvoicingRepository>
