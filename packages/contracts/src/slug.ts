/**
 * The one slugify of web and API: a URL handle from a name, "Almacén Don José" -> "almacen-don-jose".
 * Accents and ñ lose their marks, anything else that is not a-z or 0-9 becomes one hyphen, and the
 * result is at most 60 characters with no hyphen at either end: what `handleSchema` accepts once it
 * is 2 characters or more (an empty result means the name had no letters or digits).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
}
