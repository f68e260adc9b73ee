import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.ts'

/**
 * Work that must happen after a commit (emails, push notifications, payment calls). Written in the
 * same transaction as the change that causes it, delivered by the outbox worker with retries.
 * Status: `pending` (due at next_attempt_at) → `sending` (claimed by one worker until
 * claimed_until) → `sent` / `logged`, or back to `pending` with backoff, or `failed` (the dead
 * letter, after MAX_ATTEMPTS).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind', { enum: ['email', 'push', 'invoice'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** The worker (process) delivering the row while status is `sending`, and its lease. */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
)
