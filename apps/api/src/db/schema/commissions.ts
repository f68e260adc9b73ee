import type { StoreCategory } from '@barrio/contracts/common'
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * The platform's commission rates (issue 24, decision 045), in basis points (0–10000). One row of
 * settings holds the default; a store's category rate overrides it and a store's own rate
 * overrides both. With no row at all the default is 0 bp. Each order records the rate it was
 * placed with (`orders.commission_rate_bp`): changing a rate never changes past orders.
 */
export const commissionSettings = pgTable(
  'commission_settings',
  {
    /** Always true: the one row. */
    singleton: boolean('singleton').primaryKey().default(true),
    defaultRateBp: integer('default_rate_bp').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('commission_settings_one_row', sql`${t.singleton}`),
    check('commission_settings_rate', sql`${t.defaultRateBp} between 0 and 10000`),
  ],
)

/** A store category's rate, overriding the default. */
export const commissionCategoryRates = pgTable(
  'commission_category_rates',
  {
    category: text('category').$type<StoreCategory>().primaryKey(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [check('commission_category_rates_rate', sql`${t.rateBp} between 0 and 10000`)],
)

/** A store's own rate, overriding its category's and the default. */
export const commissionStoreRates = pgTable(
  'commission_store_rates',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [check('commission_store_rates_rate', sql`${t.rateBp} between 0 and 10000`)],
)
