import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { localities } from '../../db/schema/localities.ts'
import { haversineKm } from './normalize.ts'

export type LocalityRow = typeof localities.$inferSelect
export type NewLocalityRow = typeof localities.$inferInsert

/** Columns rewritten when an upsert meets an existing id. */
const UPSERT_SET = {
  name: sql`excluded.name`,
  searchName: sql`excluded.search_name`,
  kind: sql`excluded.kind`,
  parent: sql`excluded.parent`,
  department: sql`excluded.department`,
  provinceCode: sql`excluded.province_code`,
  latitude: sql`excluded.latitude`,
  longitude: sql`excluded.longitude`,
  rank: sql`excluded.rank`,
  source: sql`excluded.source`,
}

/** How many built-in rows the localities table holds. */
export async function countBuiltinLocalities(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(localities)
    .where(eq(localities.source, 'builtin'))
  return row?.n ?? 0
}

/** Makes the built-in rows exactly `rows`, in the caller's transaction. */
export async function replaceBuiltinLocalities(tx: Tx, rows: NewLocalityRow[]): Promise<void> {
  // Entries dropped from the list in a later release go too.
  await tx.delete(localities).where(
    and(
      eq(localities.source, 'builtin'),
      notInArray(
        localities.id,
        rows.map((r) => r.id),
      ),
    ),
  )
  await tx.insert(localities).values(rows).onConflictDoUpdate({
    target: localities.id,
    set: UPSERT_SET,
  })
}

/** Inserts or refreshes rows by id (the importer's batches). */
export async function upsertLocalities(db: Db, rows: NewLocalityRow[]): Promise<void> {
  if (rows.length === 0) return
  await db.insert(localities).values(rows).onConflictDoUpdate({
    target: localities.id,
    set: UPSERT_SET,
  })
}

/** `\`, `%` and `_` are LIKE metacharacters; the term is always matched literally. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, '\\$&')
}

// Accent folding in SQL for parent/department, which are stored as written. Translating before
// lower() matters: lower() only folds ASCII under the C collation PGlite uses. The trailing '.'
// has no counterpart, so translate() drops it ("José C. Paz" -> "jose c paz").
const FOLD_FROM = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç.'
const FOLD_TO = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'
const folded = (column: typeof localities.parent | typeof localities.department) =>
  sql`lower(translate(coalesce(${column}, ''), ${FOLD_FROM}, ${FOLD_TO}))`

export type SearchOptions = {
  /** Already normalised like search_name. */
  term: string
  provinces?: readonly string[]
  /** Normalised words of which one must occur in the parent or department. */
  contexts?: readonly string[]
  limit: number
}

export function createGeoRepository(db: Db) {
  return {
    /**
     * Ranked lookup: exact name, then prefix, then word prefix, then anywhere in the name; within
     * a tier by rank (capitals and cities first), then by name. The prefix query can use the
     * `text_pattern_ops` index; the contains query only runs when prefixes do not fill the page.
     */
    async search({ term, provinces, contexts, limit }: SearchOptions): Promise<LocalityRow[]> {
      if (!term) return []
      const escaped = escapeLike(term)
      const prefix = `${escaped}%`
      const filters: SQL[] = []
      if (provinces && provinces.length > 0)
        filters.push(inArray(localities.provinceCode, [...provinces]))
      if (contexts && contexts.length > 0) {
        const matches = contexts.flatMap((c) => {
          const like = `%${escapeLike(c)}%`
          return [
            sql`${folded(localities.parent)} like ${like}`,
            sql`${folded(localities.department)} like ${like}`,
          ]
        })
        filters.push(or(...matches)!)
      }
      const tier = sql`case
        when ${localities.searchName} = ${term} then 0
        when ${localities.searchName} like ${prefix} then 1
        when ${localities.searchName} like ${`% ${escaped}%`} then 2
        else 3 end`
      const order = [asc(tier), desc(localities.rank), asc(localities.name), asc(localities.id)]

      const byPrefix = await db
        .select()
        .from(localities)
        .where(and(sql`${localities.searchName} like ${prefix}`, ...filters))
        .orderBy(...order)
        .limit(limit)
      if (byPrefix.length >= limit) return byPrefix
      const byContains = await db
        .select()
        .from(localities)
        .where(
          and(
            sql`${localities.searchName} like ${`%${escaped}%`}`,
            not(sql`${localities.searchName} like ${prefix}`),
            ...filters,
          ),
        )
        .orderBy(...order)
        .limit(limit - byPrefix.length)
      return [...byPrefix, ...byContains]
    },

    /** The highest-ranked cities of the given provinces: their capitals, for "CABA" or "Córdoba". */
    async topCities(provinces: readonly string[]): Promise<LocalityRow[]> {
      if (provinces.length === 0) return []
      const rows = await db
        .select()
        .from(localities)
        .where(and(inArray(localities.provinceCode, [...provinces]), eq(localities.kind, 'city')))
        .orderBy(desc(localities.rank), asc(localities.name))
        .limit(provinces.length * 3)
      const seen = new Set<string>()
      return rows.filter((r) => !seen.has(r.provinceCode) && seen.add(r.provinceCode))
    },

    async findById(id: string): Promise<LocalityRow | undefined> {
      const [row] = await db.select().from(localities).where(eq(localities.id, id)).limit(1)
      return row
    },

    /**
     * The nearest locality by haversine distance. A bounding box grows until the best candidate
     * inside it is closer than the box's inner radius, so nothing outside the box can be nearer.
     */
    async nearest(lat: number, lng: number): Promise<LocalityRow | undefined> {
      const cosLat = Math.max(0.01, Math.cos((lat * Math.PI) / 180))
      for (const halfDeg of [0.05, 0.25, 1, 4, 180]) {
        const rows = await db
          .select()
          .from(localities)
          .where(
            and(
              gte(localities.latitude, lat - halfDeg),
              lte(localities.latitude, lat + halfDeg),
              gte(localities.longitude, lng - halfDeg / cosLat),
              lte(localities.longitude, lng + halfDeg / cosLat),
            ),
          )
        if (rows.length === 0) continue
        let best: LocalityRow | undefined
        let bestKm = Infinity
        for (const row of rows) {
          const km = haversineKm(lat, lng, row.latitude, row.longitude)
          if (
            km < bestKm - 1e-9 ||
            (Math.abs(km - bestKm) <= 1e-9 && best && row.rank > best.rank)
          ) {
            best = row
            bestKm = km
          }
        }
        if (halfDeg >= 180 || bestKm <= halfDeg * 111.2) return best
      }
      return undefined
    },

    async count(source?: 'builtin' | 'georef'): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(localities)
        .where(source ? eq(localities.source, source) : undefined)
      return row?.n ?? 0
    },
  }
}

export type GeoRepository = ReturnType<typeof createGeoRepository>
