import { sql } from 'drizzle-orm'
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * The gazetteer behind the built-in place lookup: Argentine localities and barrios. Filled with
 * the project's own list at start and, in production, by importing a georef-ar localities file.
 * `search_name` is the name lower-cased without accents, for accent-insensitive lookups.
 */
export const localities = pgTable(
  'localities',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    kind: text('kind', { enum: ['city', 'barrio', 'locality'] }).notNull(),
    parent: text('parent'),
    department: text('department'),
    provinceCode: text('province_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Ranking weight: capitals and large cities first. */
    rank: integer('rank').notNull().default(0),
    source: text('source').notNull().default('builtin'),
  },
  (t) => [
    index('localities_search_prefix_idx').on(sql`${t.searchName} text_pattern_ops`),
    index('localities_province_idx').on(t.provinceCode),
  ],
)
