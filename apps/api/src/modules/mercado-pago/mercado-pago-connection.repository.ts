import { eq, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import {
  mercadoPagoOAuthStates,
  storeMercadoPagoConnections,
} from '../../db/schema/mercado-pago.ts'

export type ConnectionRow = typeof storeMercadoPagoConnections.$inferSelect

/** The only Drizzle user of the Mercado Pago connection tables (decision 049). */
export function createMercadoPagoConnectionRepository(db: Db) {
  return {
    async insertState(values: typeof mercadoPagoOAuthStates.$inferInsert) {
      await db.insert(mercadoPagoOAuthStates).values(values)
    },
    /** Removes and returns a live state: good for one callback only. */
    async takeState(stateHash: string, now: Date) {
      const [row] = await db
        .delete(mercadoPagoOAuthStates)
        .where(eq(mercadoPagoOAuthStates.stateHash, stateHash))
        .returning()
      return row && row.expiresAt > now ? row : null
    },
    async purgeExpiredStates(now: Date) {
      await db.delete(mercadoPagoOAuthStates).where(lt(mercadoPagoOAuthStates.expiresAt, now))
    },

    async find(storeId: string, q: Pick<Db, 'select'> = db): Promise<ConnectionRow | null> {
      const [row] = await q
        .select()
        .from(storeMercadoPagoConnections)
        .where(eq(storeMercadoPagoConnections.storeId, storeId))
      return row ?? null
    },
    /** The row locked for a refresh (SELECT … FOR UPDATE in the caller's transaction). */
    async lock(tx: Tx, storeId: string): Promise<ConnectionRow | null> {
      const [row] = await tx
        .select()
        .from(storeMercadoPagoConnections)
        .where(eq(storeMercadoPagoConnections.storeId, storeId))
        .for('update')
      return row ?? null
    },
    async upsert(tx: Tx, values: typeof storeMercadoPagoConnections.$inferInsert) {
      await tx
        .insert(storeMercadoPagoConnections)
        .values(values)
        .onConflictDoUpdate({
          target: storeMercadoPagoConnections.storeId,
          set: {
            mpUserId: values.mpUserId,
            accessTokenSealed: values.accessTokenSealed,
            refreshTokenSealed: values.refreshTokenSealed,
            expiresAt: values.expiresAt,
            publicKey: values.publicKey ?? null,
            connectedAt: values.connectedAt ?? new Date(),
            connectedBy: values.connectedBy ?? null,
            refreshedAt: null,
          },
        })
    },
    async saveRefreshed(
      tx: Tx,
      storeId: string,
      values: Pick<
        ConnectionRow,
        'accessTokenSealed' | 'refreshTokenSealed' | 'expiresAt' | 'publicKey' | 'refreshedAt'
      >,
    ) {
      await tx
        .update(storeMercadoPagoConnections)
        .set(values)
        .where(eq(storeMercadoPagoConnections.storeId, storeId))
    },
    /** Deletes the store's connection; answers what it was (null when there was none). */
    async remove(tx: Tx, storeId: string) {
      const [row] = await tx
        .delete(storeMercadoPagoConnections)
        .where(eq(storeMercadoPagoConnections.storeId, storeId))
        .returning({
          mpUserId: storeMercadoPagoConnections.mpUserId,
          connectedAt: storeMercadoPagoConnections.connectedAt,
        })
      return row ?? null
    },
    /** Stores whose token ends before `before` (the periodic refresh). */
    async expiringBefore(before: Date) {
      return (
        await db
          .select({ storeId: storeMercadoPagoConnections.storeId })
          .from(storeMercadoPagoConnections)
          .where(lt(storeMercadoPagoConnections.expiresAt, before))
      ).map((r) => r.storeId)
    },
  }
}
export type MercadoPagoConnectionRepository = ReturnType<
  typeof createMercadoPagoConnectionRepository
>
