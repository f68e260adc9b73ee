/**
 * Text helpers shared by the gazetteer, the importer and the lookup. `searchName` is the one
 * normal form stored in `localities.search_name` and applied to every query: NFD, diacritics
 * stripped, lower-cased, punctuation (`.`, `-`, quotes, brackets) read as a space, whitespace
 * collapsed — so "José C. Paz" and "jose c paz" meet.
 */
export function searchName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.,;:'’‘"“”`´()[\]{}\-–—/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * An id-safe key of a place name: `Villa del Parque` -> `villa-del-parque`. Not the URL handle
 * slugify of @barrio/contracts/slug: punctuation is dropped ("O'Higgins" -> "ohiggins") and
 * gazetteer ids already stored depend on it.
 */
export function slugify(text: string): string {
  return searchName(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Always lower-case inside a name; articles only after de/del ("Cerro de las Rosas"). */
const PARTICLES = new Set(['de', 'del', 'y', 'e'])
const ARTICLES = new Set(['la', 'las', 'los', 'el'])

/**
 * Georef-ar publishes barrios (BAHRA "E" entries) in capitals: `VILLA DEL PARQUE` becomes
 * `Villa del Parque`, `BARRIO LAS QUINTAS` `Barrio Las Quintas`. Names that already mix cases are
 * kept as they are. (Accents lost in capitals are restored by the importer from the built-in list
 * where it knows the place.)
 */
export function titleCaseIfUpper(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  if (trimmed !== trimmed.toUpperCase() || trimmed === trimmed.toLowerCase()) return trimmed
  const words = trimmed.toLowerCase().split(' ')
  return words
    .map((word, i) => {
      const before = words[i - 1]
      const keepLower =
        i > 0 &&
        (PARTICLES.has(word) || (ARTICLES.has(word) && (before === 'de' || before === 'del')))
      if (keepLower) return word
      return word.replace(
        /^([^\p{L}\p{N}]*)(\p{L})/u,
        (_m, pre: string, first: string) => pre + first.toUpperCase(),
      )
    })
    .join(' ')
}

/** Great-circle distance in kilometres. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180
  const dLat = (lat2 - lat1) * rad
  const dLng = (lng2 - lng1) * rad
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)))
}
