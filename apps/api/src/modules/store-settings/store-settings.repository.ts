import { and, asc, eq, inArray } from 'drizzle-orm'
import type { LogisticsSettings, NotificationSettings } from '@barrio/contracts/admin-settings'
import {
  outer,
  storeRulesFromJson,
  storeRulesJson,
  type StoreRulesRows,
} from '../../db/checkout-reads.ts'
import type { Db, Tx } from '../../db/client.ts'
import { collections } from '../../db/schema/catalog.ts'
import {
  storeCollaborators,
  storeLogistics,
  storeNotificationSettings,
  storePaymentMethods,
  storePaymentRules,
  storeTaxes,
} from '../../db/schema/store-settings.ts'
import { stores } from '../../db/schema/stores.ts'

export type PaymentMethodRow = typeof storePaymentMethods.$inferSelect
export type TaxRow = typeof storeTaxes.$inferSelect
export type PaymentRulesRow = typeof storePaymentRules.$inferSelect
export type StoreRow = typeof stores.$inferSelect
export type { StoreRulesRows }

/** A reader: the database, or the caller's transaction (checkout confirm prices inside it). */
export type Reader = Pick<Db, 'select'>

export function createStoreSettingsRepository(db: Db) {
  return {
    store: async (storeId: string, q: Reader = db) =>
      (await q.select().from(stores).where(eq(stores.id, storeId)))[0] ?? null,
    /** The people who run the store besides its owner (store_collaborators primary key). */
    collaboratorIds: async (storeId: string, q: Reader = db) =>
      (
        await q
          .select({ userId: storeCollaborators.userId })
          .from(storeCollaborators)
          .where(eq(storeCollaborators.storeId, storeId))
      ).map((r) => r.userId),

    paymentMethods: (storeId: string, q: Reader = db) =>
      q
        .select()
        .from(storePaymentMethods)
        .where(eq(storePaymentMethods.storeId, storeId))
        .orderBy(asc(storePaymentMethods.createdAt)),
    findPaymentMethod: async (storeId: string, method: string) =>
      (
        await db
          .select()
          .from(storePaymentMethods)
          .where(
            and(eq(storePaymentMethods.storeId, storeId), eq(storePaymentMethods.method, method)),
          )
      )[0] ?? null,
    async upsertPaymentMethod(
      storeId: string,
      method: string,
      enabled: boolean,
      details: Record<string, unknown>,
      q: Pick<Db, 'insert'> = db,
    ) {
      const [row] = await q
        .insert(storePaymentMethods)
        .values({ storeId, method, enabled, details })
        .onConflictDoUpdate({
          target: [storePaymentMethods.storeId, storePaymentMethods.method],
          set: { enabled, details, updatedAt: new Date() },
        })
        .returning()
      return row!
    },
    /** Deletes one of the store's methods; answers the row deleted (null: none such). */
    async deletePaymentMethod(storeId: string, id: string, q: Pick<Db, 'delete'> = db) {
      const [row] = await q
        .delete(storePaymentMethods)
        .where(and(eq(storePaymentMethods.id, id), eq(storePaymentMethods.storeId, storeId)))
        .returning()
      return row ?? null
    },

    paymentRules: async (storeId: string, q: Reader = db) =>
      (await q.select().from(storePaymentRules).where(eq(storePaymentRules.storeId, storeId)))[0] ??
      null,
    async savePaymentRules(
      storeId: string,
      rules: { mercadoPagoPaymentMinutes: number; maxUnpaidOrdersPerCustomer: number },
    ) {
      await db
        .insert(storePaymentRules)
        .values({ storeId, ...rules })
        .onConflictDoUpdate({
          target: storePaymentRules.storeId,
          set: { ...rules, updatedAt: new Date() },
        })
    },

    logistics: async (storeId: string, q: Reader = db) =>
      (await q.select().from(storeLogistics).where(eq(storeLogistics.storeId, storeId)))[0] ?? null,
    /** Saves the rules in the caller's transaction (the service mirrors them on the store). */
    async saveLogistics(tx: Tx, storeId: string, settings: LogisticsSettings) {
      await tx
        .insert(storeLogistics)
        .values({ storeId, settings })
        .onConflictDoUpdate({
          target: storeLogistics.storeId,
          set: { settings, updatedAt: new Date() },
        })
    },
    async savePrinting(storeId: string, autoPrintOrders: boolean) {
      await db.update(stores).set({ autoPrintOrders }).where(eq(stores.id, storeId))
    },

    taxes: (storeId: string, q: Reader = db) =>
      q
        .select()
        .from(storeTaxes)
        .where(eq(storeTaxes.storeId, storeId))
        .orderBy(asc(storeTaxes.createdAt)),
    async insertTax(values: typeof storeTaxes.$inferInsert) {
      const [row] = await db.insert(storeTaxes).values(values).returning()
      return row!
    },
    async updateTax(storeId: string, id: string, values: Partial<typeof storeTaxes.$inferInsert>) {
      const [row] = await db
        .update(storeTaxes)
        .set(values)
        .where(and(eq(storeTaxes.id, id), eq(storeTaxes.storeId, storeId)))
        .returning()
      return row ?? null
    },
    async deleteTax(storeId: string, id: string) {
      const rows = await db
        .delete(storeTaxes)
        .where(and(eq(storeTaxes.id, id), eq(storeTaxes.storeId, storeId)))
        .returning({ id: storeTaxes.id })
      return rows.length > 0
    },
    async collectionIdsOfStore(storeId: string, ids: string[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.storeId, storeId), inArray(collections.id, ids)))
      return rows.map((r) => r.id)
    },

    /**
     * Everything checkout prices and places an order with, in one statement (decision 059): the
     * store row, its saved logistics, taxes and payment methods (oldest first, as `taxes` and
     * `paymentMethods` list them), payment rules and notification settings (null: never saved).
     * Null when there is no such store. The expression is `storeRulesJson`, which the checkout's
     * one read per call also runs (decision 068).
     */
    async checkoutSettings(storeId: string, q: Reader = db) {
      const [row] = await q
        .select({ rules: storeRulesJson(outer(stores, stores.id)) })
        .from(stores)
        .where(eq(stores.id, storeId))
      return storeRulesFromJson(row?.rules)
    },

    notifications: async (storeId: string, q: Reader = db) =>
      (
        await q
          .select()
          .from(storeNotificationSettings)
          .where(eq(storeNotificationSettings.storeId, storeId))
      )[0] ?? null,
    async saveNotifications(storeId: string, settings: NotificationSettings) {
      await db
        .insert(storeNotificationSettings)
        .values({ storeId, settings })
        .onConflictDoUpdate({
          target: storeNotificationSettings.storeId,
          set: { settings, updatedAt: new Date() },
        })
    },
  }
}
export type StoreSettingsRepository = ReturnType<typeof createStoreSettingsRepository>
