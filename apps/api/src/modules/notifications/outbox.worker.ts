import type { FastifyBaseLogger } from 'fastify'
import type { Email, Mailer } from '../../integrations/mailer.ts'
import type { PushGateway, PushMessage } from '../../integrations/push.ts'
import type { OutboxRepository } from './outbox.repository.ts'

export const MAX_ATTEMPTS = 8

/** Exponential backoff: 5 s, 10 s, 20 s … capped at 30 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 30 * 60_000)
}

/**
 * Delivers outbox rows: emails through the mailer, pushes through the gateway. Without a real
 * transport the message is logged (with its text, so a developer can read a code) and marked
 * 'logged'. Failures are retried with backoff until MAX_ATTEMPTS.
 */
export function createOutboxWorker(deps: {
  repository: OutboxRepository
  mailer: Mailer
  push: PushGateway
  log: FastifyBaseLogger
  intervalMs?: number
}) {
  const { repository, mailer, push, log } = deps
  let timer: NodeJS.Timeout | null = null
  // Passes run one after another; a drain() always gets a pass that starts after it was called,
  // so a row enqueued just before is never missed by joining a pass already under way.
  let tail: Promise<unknown> = Promise.resolve()

  async function processBatch(): Promise<number> {
    const rows = await repository.due(20)
    const logged: string[] = []
    const sent: string[] = []
    for (const row of rows) {
      try {
        if (row.kind === 'email') {
          const email = row.payload as Email
          if (mailer.mode === 'log') {
            log.info(
              { outboxId: row.id, to: email.to, subject: email.subject, text: email.text },
              'email (no SMTP_URL: logged only)',
            )
            logged.push(row.id)
          } else {
            await mailer.send(email)
            log.info({ outboxId: row.id, to: email.to, subject: email.subject }, 'email sent')
            sent.push(row.id)
          }
        } else {
          const message = row.payload as PushMessage
          if (push.mode === 'log') {
            log.info({ outboxId: row.id, ...message }, 'push (no gateway: logged only)')
            logged.push(row.id)
          } else {
            await push.send(message)
            sent.push(row.id)
          }
        }
      } catch (err) {
        const attempt = row.attempts + 1
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
    await repository.markDone(sent, 'sent')
    await repository.markDone(logged, 'logged')
    return rows.length
  }

  /** Runs one pass as soon as the current one ends: used after enqueueing and by tests. */
  function drain(): Promise<number> {
    const pass = tail.then(processBatch, processBatch)
    tail = pass.catch(() => undefined)
    return pass
  }

  return {
    drain,
    start() {
      timer = setInterval(() => {
        drain().catch((err: unknown) => log.error({ err }, 'outbox pass failed'))
      }, deps.intervalMs ?? 2000)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await tail
    },
  }
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>
