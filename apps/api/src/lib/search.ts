import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

const ACCENTED = 'áéíóúüñàèìòùâêîôûäëïö'
const PLAIN = 'aeiouunaeiouaeiouaeio'

/** Lower-cases and strips Spanish accents in SQL, so "cafe" finds "Café" ("contains" matches). */
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

/** Lower case, accents (and ñ's tilde) off, split on anything but letters and digits. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** How many typos a word may carry and still match (decision 042): one from 5 letters, two from 8. */
export function maxEditsFor(word: string): number {
  if (/^\d+$/.test(word)) return 0
  if (word.length >= 8) return 2
  if (word.length >= 5) return 1
  return 0
}

/**
 * The sellers' search over their own lists (decision 042): a text matches when it contains the
 * term (accents and case folded, as typed so far), when every word matches by its Spanish stem
 * ("alfajores" → "Alfajor"), or when every word is within its typo budget of one of the text's
 * words ("Gonzales" → "González"). `vector` is an indexed tsvector of the same text, if any.
 * Every value is a bound parameter.
 */
export function sellerTextMatch(text: SQL, search: string, vector?: SQL): SQL {
  const words = searchWords(search)
  const contains = sql`${folded(text)} like ${containsPattern(search)}`
  if (words.length === 0) return contains
  const stems = sql`${vector ?? sql`to_tsvector('barrio_es', ${text})`} @@ plainto_tsquery('barrio_es', ${search})`
  const typos = words.every((w) => maxEditsFor(w) > 0)
    ? sql.join(
        words.map(
          (w) =>
            sql`exists (select 1 from regexp_split_to_table(lower(unaccent(${text})), '[^a-z0-9]+') as t(w) where levenshtein(t.w, ${w}) <= ${maxEditsFor(w)})`,
        ),
        sql` and `,
      )
    : sql`false`
  return sql`(${contains} or ${stems} or (${typos}))`
}
