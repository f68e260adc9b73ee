import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outbox } from '../../db/schema/outbox.ts'
import type { Email } from '../../integrations/mailer.ts'

export type OutboxRow = typeof outbox.$inferSelect
/** A transaction or the database: enqueueing joins whatever transaction the caller is in. */
export type Executor = Pick<Db, 'insert'>

export function createOutboxRepository(db: Db) {
  return {
    /** Queues an email inside the caller's transaction (or alone); returns the outbox id. */
    async enqueueEmail(executor: Executor, email: Email): Promise<string> {
      const [row] = await executor
        .insert(outbox)
        .values({ kind: 'email', payload: email })
        .returning({ id: outbox.id })
      if (!row) throw new Error('insert returned no row')
      return row.id
    },
    async enqueuePush(executor: Executor, payload: Record<string, unknown>): Promise<string> {
      const [row] = await executor
        .insert(outbox)
        .values({ kind: 'push', payload })
        .returning({ id: outbox.id })
      if (!row) throw new Error('insert returned no row')
      return row.id
    },
    async isDelivered(id: string): Promise<boolean> {
      const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id))
      return row?.status === 'sent' || row?.status === 'logged'
    },
    async due(limit: number): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(limit)
    },
    async markDone(ids: string[], status: 'sent' | 'logged'): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(outbox)
        .set({ status, processedAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, ids))
    },
    async markRetry(
      id: string,
      error: string,
      nextAttemptAt: Date,
      isFinal: boolean,
    ): Promise<void> {
      await db
        .update(outbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          attempts: sql`${outbox.attempts} + 1`,
          lastError: error.slice(0, 1000),
          nextAttemptAt,
        })
        .where(eq(outbox.id, id))
    },
    async list(limit = 50): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .orderBy(sql`${outbox.createdAt} desc`)
        .limit(limit)
    },
  }
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>
