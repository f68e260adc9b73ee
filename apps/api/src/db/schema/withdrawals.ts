import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import type { WithdrawalStatus } from '@barrio/contracts/withdrawals'
import { createdAt, id } from './columns.ts'
import { orders } from './ordering.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * Purchases revoked with the botón de arrepentimiento (issue 27, Res. 424/2020 SCI): one open
 * request per order, with the revocation code the customer got by e-mail; the store accepts it
 * (a refund through the refund flow) or rejects it with a reason.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    /** The revocation code the law requires, unique across the marketplace ("ARR-…"). */
    code: text('code').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    reason: text('reason'),
    status: text('status').$type<WithdrawalStatus>().notNull().default('requested'),
    rejectionReason: text('rejection_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_code_uq').on(t.code),
    // One open request per order: asking again answers the same code.
    uniqueIndex('withdrawals_open_order_uq')
      .on(t.orderId)
      .where(sql`status = 'requested'`),
    index('withdrawals_store_idx').on(t.storeId, t.status, t.createdAt),
  ],
)
