import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

const ACCENTED = 'áéíóúüñàèìòùâêîôûäëïö'
const PLAIN = 'aeiouunaeiouaeiouaeio'

/** Lower-cases and strips Spanish accents in SQL, so "cafe" finds "Café" (unaccent is not on PGlite). */
export function folded(column: SQLWrapper): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`
}

/** The same folding for the search term, wrapped for a LIKE "contains" match with escaping. */
export function containsPattern(term: string): string {
  const plain = term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  return `%${plain.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
