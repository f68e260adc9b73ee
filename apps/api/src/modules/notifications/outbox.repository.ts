import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { outbox } from '../../db/schema/outbox.ts'
import type { Email } from '../../integrations/mailer.ts'

export type OutboxRow = typeof outbox.$inferSelect
/** A transaction or the database: enqueueing joins whatever transaction the caller is in. */
export type Executor = Pick<Db, 'insert'>
/** What builds a `with` clause for the caller's own statement. */
export type ClauseExecutor = Pick<Db, '$with' | 'insert'>

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
    /**
     * Several messages of one kind in one multi-row INSERT (an order's receipt and the store's
     * notice; a push per device), in the caller's transaction; answers how many were queued.
     */
    async enqueueMany(
      executor: Executor,
      kind: 'email' | 'push',
      payloads: Array<Email | Record<string, unknown>>,
    ): Promise<number> {
      if (payloads.length === 0) return 0
      const rows = await executor
        .insert(outbox)
        .values(payloads.map((payload) => ({ kind, payload })))
        .returning({ id: outbox.id })
      return rows.length
    },
    /**
     * `enqueueMany`'s INSERT as a `with` clause (none when there is nothing to queue): written by
     * the caller's own next statement, which must carry it, instead of a statement of its own.
     */
    enqueueManyClauses(
      executor: ClauseExecutor,
      kind: 'email' | 'push',
      payloads: Array<Email | Record<string, unknown>>,
    ) {
      if (payloads.length === 0) return []
      const rows = payloads.map((payload) => ({ kind, payload }))
      return [executor.$with('queued').as(executor.insert(outbox).values(rows))]
    },
    async enqueuePush(executor: Executor, payload: Record<string, unknown>): Promise<string> {
      const [row] = await executor
        .insert(outbox)
        .values({ kind: 'push', payload })
        .returning({ id: outbox.id })
      if (!row) throw new Error('insert returned no row')
      return row.id
    },
    /** A task for a module's handler (outbox.worker.ts `handle`), e.g. invoicing an order. */
    async enqueueTask(
      executor: Executor,
      kind: 'invoice',
      payload: Record<string, unknown>,
    ): Promise<string> {
      const [row] = await executor
        .insert(outbox)
        .values({ kind, payload })
        .returning({ id: outbox.id })
      if (!row) throw new Error('insert returned no row')
      return row.id
    },
    async isDelivered(id: string): Promise<boolean> {
      const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id))
      return row?.status === 'sent' || row?.status === 'logged'
    },
    /**
     * Claims up to `limit` due rows for one worker: pending rows whose time has come, and rows
     * whose claimant's lease ran out (a process that died mid-pass). `FOR UPDATE SKIP LOCKED`
     * makes concurrent workers on other processes take disjoint rows without waiting for each
     * other; the `sending` status and the lease keep a claimed row away from them after this
     * statement commits. `onlyId` claims that one row (a sign-in code sent at once).
     */
    async claim(
      workerId: string,
      limit: number,
      leaseMs: number,
      onlyId?: string,
    ): Promise<OutboxRow[]> {
      const due = or(
        and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)),
        and(eq(outbox.status, 'sending'), lt(outbox.claimedUntil, sql`now()`)),
      )
      const candidates = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(onlyId ? and(eq(outbox.id, onlyId), due) : due)
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true })
      const rows = await db
        .update(outbox)
        .set({
          status: 'sending',
          claimedBy: workerId,
          claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        })
        .where(inArray(outbox.id, candidates))
        .returning()
      // RETURNING keeps no order: deliver oldest first, so a customer's pushes about one order
      // (prepared, then paid, then picked up) go out in the order they happened.
      return rows.sort(
        (a, b) =>
          a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() ||
          a.createdAt.getTime() - b.createdAt.getTime(),
      )
    },
    /**
     * The heartbeat of a live worker: pushes the lease of the rows it still holds forward, so a
     * delivery slower than the lease is not taken over while its process lives. Rows already
     * finished, released or taken over by another worker are left alone.
     */
    async renew(workerId: string, ids: string[], leaseMs: number): Promise<number> {
      if (ids.length === 0) return 0
      const rows = await db
        .update(outbox)
        .set({ claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(
          and(
            eq(outbox.status, 'sending'),
            eq(outbox.claimedBy, workerId),
            inArray(outbox.id, ids),
          ),
        )
        .returning({ id: outbox.id })
      return rows.length
    },
    async statusOf(id: string): Promise<OutboxRow['status'] | null> {
      const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id))
      return row?.status ?? null
    },
    async markDone(ids: string[], status: 'sent' | 'logged'): Promise<void> {
      if (ids.length === 0) return
      await db
        .update(outbox)
        .set({
          status,
          processedAt: new Date(),
          attempts: sql`${outbox.attempts} + 1`,
          claimedBy: null,
          claimedUntil: null,
        })
        .where(inArray(outbox.id, ids))
    },
    /** A failed attempt: back to pending at `nextAttemptAt`, or the dead letter (`failed`). */
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
          claimedBy: null,
          claimedUntil: null,
        })
        .where(eq(outbox.id, id))
    },
    /** Gives back the rows a worker claimed but did not attempt (shutdown): due again at once. */
    async release(workerId: string): Promise<number> {
      const rows = await db
        .update(outbox)
        .set({ status: 'pending', claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.status, 'sending'), eq(outbox.claimedBy, workerId)))
        .returning({ id: outbox.id })
      return rows.length
    },
    /** Puts dead letters (one, or all when id is absent) back in the queue with fresh attempts. */
    async requeueFailed(id?: string): Promise<number> {
      const failed = eq(outbox.status, 'failed')
      const rows = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
        .where(id ? and(failed, eq(outbox.id, id)) : failed)
        .returning({ id: outbox.id })
      return rows.length
    },
    async countByStatus(): Promise<Array<{ status: OutboxRow['status']; count: number }>> {
      const rows = await db
        .select({ status: outbox.status, count: sql<number>`count(*)::int` })
        .from(outbox)
        .groupBy(outbox.status)
      return rows.map((r) => ({ status: r.status, count: Number(r.count) }))
    },
    /**
     * Per kind (metrics, plugins/metrics.ts): rows still to deliver (`pending` and `sending`), rows
     * due now (as `claim` sees them), the seconds the oldest due row has been due, and dead
     * letters. Kinds without such rows are absent.
     */
    async queueByKind(): Promise<
      Array<{
        kind: OutboxRow['kind']
        depth: number
        due: number
        oldestDueSeconds: number
        failed: number
      }>
    > {
      const due = sql`((${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now()) or (${outbox.status} = 'sending' and ${outbox.claimedUntil} < now()))`
      const rows = await db
        .select({
          kind: outbox.kind,
          depth: sql<number>`count(*) filter (where ${outbox.status} in ('pending', 'sending'))::int`,
          due: sql<number>`count(*) filter (where ${due})::int`,
          oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.nextAttemptAt}) filter (where ${due})), 0)::float8`,
          failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
        })
        .from(outbox)
        .where(inArray(outbox.status, ['pending', 'sending', 'failed']))
        .groupBy(outbox.kind)
      return rows.map((r) => ({
        kind: r.kind,
        depth: Number(r.depth),
        due: Number(r.due),
        oldestDueSeconds: Math.max(0, Number(r.oldestDueSeconds)),
        failed: Number(r.failed),
      }))
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
