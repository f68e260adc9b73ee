import { buildPage } from '@barrio/contracts/pagination'

/**
 * The nearby answers' JSON, assembled from parts (decision 066). At a new point per request the
 * stores and products are the same objects every time (the per-store caches) and only their
 * distance and open-now change: each object is serialized once, without the fields that vary, and
 * an answer is string concatenation instead of copying, validating and serializing every product.
 * The parts are exactly the DTO builders' fields (tests parse the answers with the contract schemas
 * and compare them with what they parsed).
 */

/** JSON text per object, without its closing brace (the fields that vary are appended). */
const openTexts = new WeakMap<object, string>()

/**
 * `value`'s JSON without its fields named in `omit`, with the fields of `tail` (an object's JSON)
 * appended; `value` is serialized once per object, so it must not change after its first use here,
 * and one object is always asked with the same `omit`. `tail` must only have keys that `value`
 * lacks or `omit` names.
 */
export function jsonWithText(value: object, omit: readonly string[], tail: string): string {
  let open = openTexts.get(value)
  if (open === undefined) {
    open = JSON.stringify(value, function (key, field: unknown) {
      return this === value && omit.includes(key) ? undefined : field
    }).slice(0, -1)
    openTexts.set(value, open)
  }
  if (tail === '{}') return `${open}}`
  return open === '{' ? tail : `${open},${tail.slice(1)}`
}

const EMPTY_DOCS = '{"docs":[]'

/** A page envelope (buildPage's) around docs already serialized. */
export function pageJson(
  docs: readonly string[],
  totalDocs: number,
  page: { page: number; limit: number },
): Buffer {
  const envelope = JSON.stringify(buildPage([], totalDocs, page))
  return Buffer.from(`{"docs":[${docs.join(',')}]${envelope.slice(EMPTY_DOCS.length)}`)
}

/** GET /search's answer (contracts' `searchResultSchema`) around its two pages' JSON. */
export function searchJson(products: Buffer, stores: Buffer, suggestion: string | null): Buffer {
  return Buffer.concat([
    Buffer.from('{"products":'),
    products,
    Buffer.from(',"stores":'),
    stores,
    Buffer.from(`,"suggestion":${JSON.stringify(suggestion)}}`),
  ])
}
