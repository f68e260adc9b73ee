import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The audit log (issue 24, decision 047): one row per operator action and per sensitive seller
 * action, written in the action's own transaction (a rolled-back action leaves none). Append-only.
 * No foreign keys on purpose: an entry outlives the user, store or row it names (a deleted store's
 * entries keep its id; the list shows the name while the store exists).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who acted; null for the system (a CLI command without a signed-in person). */
    actorId: uuid('actor_id'),
    /** `operator` (platform staff), `seller` (the store's owner), `staff` (a team member), `system`. */
    actorType: text('actor_type').notNull(),
    /** The store the action concerns, when it concerns one. */
    storeId: uuid('store_id'),
    /** A dotted name: `store.suspended`, `team.member_invited`, `products.price_changed`… */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the action changed, before and after; secrets masked (never a token in clear). */
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (t) => [
    check('audit_log_actor_type', sql`${t.actorType} in ('operator', 'seller', 'staff', 'system')`),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_store_idx').on(t.storeId, t.createdAt.desc()),
  ],
)
export type AuditLogRow = typeof auditLog.$inferSelect
