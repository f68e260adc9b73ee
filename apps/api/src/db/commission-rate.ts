import { sql } from 'drizzle-orm'
import {
  commissionCategoryRates,
  commissionSettings,
  commissionStoreRates,
} from './schema/commissions.ts'

/**
 * The effective rate of a store, in SQL: its own, else its category's, else the default, else 0
 * (decision 045). `s` is the stores row. The commissions module reads it for its pages and for an
 * order `place` writes; checkout's confirm reads it in its pricing statement instead of a
 * statement of its own.
 */
export const effectiveCommissionRate = sql`coalesce(
  (select r.rate_bp from ${commissionStoreRates} r where r.store_id = s.id),
  (select c.rate_bp from ${commissionCategoryRates} c where c.category = s.category),
  (select d.default_rate_bp from ${commissionSettings} d where d.singleton),
  0)::int`
