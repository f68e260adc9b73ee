import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CouponType } from '@barrio/contracts/coupons'
import { createdAt, id, updatedAt } from './columns.ts'
import { orders } from './ordering.ts'
import { stores } from './stores.ts'

/**
 * A store's coupons (issue 28, decision 056). `uses` counts the orders placed with it, raised by
 * the confirm's own transaction only while below `max_uses` (one conditional UPDATE: twenty
 * customers at once cannot pass the cap).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    type: text('type').$type<CouponType>().notNull(),
    /** Basis points for a percent, centavos for an amount, 0 for free delivery. */
    value: integer('value').notNull(),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    collectionIds: uuid('collection_ids').array().notNull().default(sql`'{}'::uuid[]`),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_store_code_uq').on(t.storeId, t.code),
    index('coupons_store_idx').on(t.storeId, t.createdAt),
  ],
)

/** Which customer used which coupon on which order: the per-customer limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.orderId),
    index('coupon_redemptions_customer_idx').on(t.couponId, t.userId),
  ],
)
