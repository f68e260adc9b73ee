import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Email, Mailer } from '../../integrations/mailer.ts'
import {
  PushRejectedError,
  PushTokenGoneError,
  type PushGateway,
  type PushMessage,
} from '../../integrations/push.ts'
import type { OutboxRepository, OutboxRow } from './outbox.repository.ts'

/** Attempts before a message becomes a dead letter (status `failed`, `npm run barrio -- outbox`). */
export const MAX_ATTEMPTS = 8
/** Rows one pass claims (the mailer's timeouts reach about 50 s each: the heartbeat covers them). */
const BATCH = 10
/**
 * How long a claim keeps other workers away unless its worker renews it: what a process killed
 * mid-pass costs the messages it held (a sign-in code among them) before another process sends
 * them. A live worker renews the lease of every row it still holds each HEARTBEAT_MS, so a
 * delivery slower than the lease is never taken over while its process lives; the lease only has
 * to outlast a couple of missed heartbeats, not a delivery.
 */
export const CLAIM_LEASE_MS = 15_000
/** A third of the lease: two heartbeats may be late or fail before another worker takes over. */
export const HEARTBEAT_MS = 5_000
/** How long deliverNow waits for a row another worker holds (its lease runs out well inside it). */
const DELIVER_NOW_WAIT_MS = 30_000

/** Exponential backoff: 5 s, 10 s, 20 s … capped at 30 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 30 * 60_000)
}

/**
 * Delivers outbox rows: emails through the mailer, pushes through the gateway. Without a real
 * transport the message is logged (with its text, so a developer can read a code) and marked
 * 'logged'. Failures are retried with backoff until MAX_ATTEMPTS, then dead-lettered ('failed').
 *
 * Every process runs one; each pass first claims its rows (outbox.repository.ts `claim`: FOR
 * UPDATE SKIP LOCKED, status `sending`, a short lease its heartbeat renews while it delivers), so
 * with N processes each message is delivered by exactly one of them, and a killed process's rows
 * go to another within the lease. `stop()` lets the current message finish and gives back the rest of the
 * claimed batch, so another process sends them at once (decision 021).
 */
export function createOutboxWorker(deps: {
  repository: OutboxRepository
  mailer: Mailer
  push: PushGateway
  /** A provider said a push token is dead: take it off its device (never retried). */
  onDeadToken?: (token: string) => Promise<unknown>
  log: FastifyBaseLogger
  intervalMs?: number
  /** Names this worker's claims; one per process. */
  workerId?: string
  /** CLAIM_LEASE_MS and HEARTBEAT_MS by default; tests make them short. */
  leaseMs?: number
  heartbeatMs?: number
}) {
  const { repository, mailer, push, log } = deps
  // Other modules' tasks (kind → handler), registered by their plugins: invoicing's ARCA calls.
  const tasks = new Map<string, (payload: Record<string, unknown>) => Promise<void>>()
  const workerId = deps.workerId ?? randomUUID()
  const leaseMs = deps.leaseMs ?? CLAIM_LEASE_MS
  const heartbeatMs = deps.heartbeatMs ?? Math.min(HEARTBEAT_MS, Math.floor(leaseMs / 3))
  let timer: NodeJS.Timeout | null = null
  let stopping = false
  // Rows claimed by this worker and not yet finished: what stop() has to give back.
  const held = new Set<string>()
  // Passes run one after another; a drain() always gets a pass that starts after it was called,
  // so a row enqueued just before is never missed by joining a pass already under way.
  let tail: Promise<unknown> = Promise.resolve()

  /**
   * Delivers one row and marks it. `logged`: the ids of rows only logged (no transport), which the
   * pass marks together at its end (decision 064): nothing left the process, so a crash before
   * that mark costs only a second log line.
   */
  async function deliver(row: OutboxRow, logged: string[]): Promise<void> {
    try {
      let status: 'sent' | 'logged'
      if (row.kind === 'email') {
        const email = row.payload as Email
        if (mailer.mode === 'log') {
          log.info(
            { outboxId: row.id, to: email.to, subject: email.subject, text: email.text },
            'email (no SMTP_URL: logged only)',
          )
          status = 'logged'
        } else {
          await mailer.send(email)
          log.info({ outboxId: row.id, to: email.to, subject: email.subject }, 'email sent')
          status = 'sent'
        }
      } else if (row.kind !== 'push') {
        const task = tasks.get(row.kind)
        if (!task) throw new Error(`no handler for outbox kind ${row.kind}`)
        await task(row.payload)
        status = 'sent'
      } else {
        const message = row.payload as PushMessage
        if (!push.handles(message.platform)) {
          log.info({ outboxId: row.id, ...message }, 'push (no gateway: logged only)')
          status = 'logged'
        } else {
          await push.send(message)
          log.info({ outboxId: row.id, platform: message.platform }, 'push sent')
          status = 'sent'
        }
      }
      // Sent ones are marked one by one: a crash sends at most the message under way twice.
      if (status === 'logged') logged.push(row.id)
      else await repository.markDone([row.id], status)
    } catch (err) {
      const attempt = row.attempts + 1
      if (err instanceof PushTokenGoneError || err instanceof PushRejectedError) {
        // Retrying cannot help: a dead token goes, a refused message stays as a dead letter.
        if (err instanceof PushTokenGoneError)
          await deps.onDeadToken?.((row.payload as PushMessage).token)
        log.warn({ outboxId: row.id, err }, 'push not delivered; not retried')
        await repository.markRetry(row.id, String(err), new Date(), true)
        return
      }
      const isFinal = attempt >= MAX_ATTEMPTS
      log.warn(
        { outboxId: row.id, attempt, err },
        isFinal ? 'outbox delivery failed for good' : 'outbox delivery failed; will retry',
      )
      await repository.markRetry(
        row.id,
        String(err),
        new Date(Date.now() + retryDelayMs(attempt)),
        isFinal,
      )
    }
  }

  let renewing = false
  /** The heartbeat: the lease of every row still held moves forward while this process lives. */
  async function renewHeld(): Promise<void> {
    if (renewing || held.size === 0) return
    renewing = true
    try {
      await repository.renew(workerId, [...held], leaseMs)
    } catch (err) {
      log.warn({ err }, 'outbox lease not renewed')
    } finally {
      renewing = false
    }
  }

  async function processBatch(onlyId?: string): Promise<number> {
    if (stopping) return 0
    const rows = await repository.claim(workerId, onlyId ? 1 : BATCH, leaseMs, onlyId)
    if (rows.length === 0) return 0
    for (const row of rows) held.add(row.id)
    const heartbeat = setInterval(() => void renewHeld(), heartbeatMs)
    heartbeat.unref()
    let done = 0
    const logged: string[] = []
    try {
      for (const row of rows) {
        // Shutting down: the rest stay claimed by this worker and are released by stop().
        if (stopping) break
        await deliver(row, logged)
        held.delete(row.id)
        done += 1
      }
    } finally {
      clearInterval(heartbeat)
      // One UPDATE for every message of the pass that was only logged.
      if (logged.length) await repository.markDone(logged, 'logged')
    }
    return done
  }

  function enqueuePass(onlyId?: string): Promise<number> {
    const run = () => processBatch(onlyId)
    const pass = tail.then(run, run)
    tail = pass.catch(() => undefined)
    return pass
  }

  /** Runs one pass as soon as the current one ends: used after enqueueing and by tests. */
  function drain(): Promise<number> {
    return enqueuePass()
  }

  return {
    workerId,
    drain,
    /** Registers the handler of a task kind; its errors are retried with the same backoff. */
    handle(kind: string, handler: (payload: Record<string, unknown>) => Promise<void>) {
      tasks.set(kind, handler)
    },
    /**
     * Delivers one row now (sign-in codes are time-critical) and answers its status afterwards.
     * When another process already claimed it, waits (bounded) for that process's outcome; if
     * that process died, its lease runs out unrenewed and this worker takes the row over.
     */
    async deliverNow(id: string): Promise<OutboxRow['status'] | null> {
      await enqueuePass(id)
      for (let waited = 0; waited < DELIVER_NOW_WAIT_MS; waited += 200) {
        const status = await repository.statusOf(id)
        if (status !== 'sending') return status
        await new Promise((resolve) => setTimeout(resolve, 200))
        // Claims nothing while the holder's lease is alive (its heartbeat keeps it so).
        await enqueuePass(id)
      }
      return repository.statusOf(id)
    },
    start() {
      timer = setInterval(() => {
        drain().catch((err: unknown) => log.error({ err }, 'outbox pass failed'))
      }, deps.intervalMs ?? 2000)
      timer.unref()
    },
    async stop() {
      stopping = true
      if (timer) clearInterval(timer)
      timer = null
      await tail
      if (held.size === 0) return
      held.clear()
      try {
        const released = await repository.release(workerId)
        log.info({ released }, 'outbox rows released for other processes')
      } catch (err) {
        // The database went first: the claim then simply runs out (the lease, unrenewed).
        log.warn({ err }, 'outbox claim not released')
      }
    },
  }
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>
