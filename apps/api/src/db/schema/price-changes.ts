import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  BulkPriceFilter,
  PriceChangeTarget,
  PriceChangeType,
  PriceRounding,
} from '@barrio/contracts/price-changes'
import { createdAt, id } from './columns.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * Bulk price changes (issue 28, decision 053): one row per change a seller applied, with its
 * filter and rule as sent, and once undone, when, by whom and how many variants went back.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    filter: jsonb('filter').$type<BulkPriceFilter>().notNull(),
    changeType: text('change_type').$type<PriceChangeType>().notNull(),
    /** Basis points for a percent, centavos for an amount (decision 053). */
    changeValue: integer('change_value').notNull(),
    apply: text('apply').$type<PriceChangeTarget>().notNull(),
    rounding: text('rounding').$type<PriceRounding>().notNull(),
    /** Variants whose prices changed (rows in price_change_items). */
    variantCount: integer('variant_count').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    restoredCount: integer('restored_count'),
    leftCount: integer('left_count'),
  },
  (t) => [
    // The store's history, newest first (GET /admin/price-changes).
    index('price_changes_store_created_idx').on(t.storeId, t.createdAt.desc(), t.id.desc()),
  ],
)

/**
 * Each variant a change touched, with both prices before and after. No foreign key to the
 * variant on purpose: a variant deleted since is still listed by the undo as left alone.
 */
export const priceChangeItems = pgTable(
  'price_change_items',
  {
    changeId: uuid('change_id')
      .notNull()
      .references(() => priceChanges.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** The product's and the variant's titles when changed (null: the default variant). */
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    priceBefore: integer('price_before').notNull(),
    priceAfter: integer('price_after').notNull(),
    compareAtBefore: integer('compare_at_before'),
    compareAtAfter: integer('compare_at_after'),
    /** The preview's order (product title, then variant position), kept for the undo's list. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.variantId] })],
)
export type PriceChangeRow = typeof priceChanges.$inferSelect
export type PriceChangeItemRow = typeof priceChangeItems.$inferSelect
