import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/ordering.ts'
import { storeLogistics } from '../../db/schema/store-settings.ts'
import { stores } from '../../db/schema/stores.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The slot reminder sweep's reads and its one write (issue 26). The due test reads each store's
 * `scheduling.<deliveryType>.prepMinutes` from its saved logistics in the same query (read only:
 * the store-settings module stays their writer), so one statement finds every order due across
 * stores, whatever each one's preparation time.
 */
export function createSlotRemindersRepository() {
  return {
    /**
     * Scheduled orders whose reminder time (slot start − prep) has come by `now` and whose slot
     * has not ended, not reminded yet and still to be handed over; locked (skipping rows another
     * process holds) so that each is reminded once. A Mercado Pago order still waiting for its
     * payment waits too: it may yet be cancelled by the payment sweep.
     */
    async lockDue(tx: Tx, now: Date, defaultPrepMinutes: number, limit: number) {
      const prep = sql`coalesce((${storeLogistics.settings} -> 'scheduling' -> ${orders.deliveryType} ->> 'prepMinutes')::int, ${defaultPrepMinutes})`
      return tx
        .select({
          id: orders.id,
          number: orders.number,
          storeId: orders.storeId,
          scheduledStart: orders.scheduledStart,
          scheduledEnd: orders.scheduledEnd,
        })
        .from(orders)
        .leftJoin(storeLogistics, eq(storeLogistics.storeId, orders.storeId))
        .where(
          and(
            isNotNull(orders.scheduledStart),
            isNull(orders.slotRemindedAt),
            sql`${orders.scheduledStart} - make_interval(mins => ${prep}) <= ${now.toISOString()}::timestamptz`,
            sql`${orders.scheduledEnd} > ${now.toISOString()}::timestamptz`,
            sql`${orders.status} not in ('cancelled', 'archived', 'completed')`,
            sql`not (${orders.paymentMethod} = 'mercado_pago' and ${orders.paymentStatus} = 'pending')`,
          ),
        )
        .orderBy(orders.scheduledStart, orders.number)
        .limit(limit)
        .for('update', { of: orders, skipLocked: true })
    },

    async markReminded(tx: Tx, ids: string[], at: Date) {
      if (ids.length)
        await tx.update(orders).set({ slotRemindedAt: at }).where(inArray(orders.id, ids))
    },

    /** Store names for the reminders' texts, read in the sweep's transaction. */
    async storeNames(tx: Tx, storeIds: string[]): Promise<Map<string, string>> {
      if (!storeIds.length) return new Map()
      const rows = await tx
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(inArray(stores.id, storeIds))
      return new Map(rows.map((r) => [r.id, r.name]))
    },
  }
}
export type SlotRemindersRepository = ReturnType<typeof createSlotRemindersRepository>
