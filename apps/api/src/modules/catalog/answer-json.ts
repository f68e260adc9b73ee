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
  const open = openText(value, omit)
  if (tail === '{}') return `${open}}`
  return open === '{' ? tail : `${open},${tail.slice(1)}`
}

function openText(value: object, omit: readonly string[]) {
  let open = openTexts.get(value)
  if (open === undefined) {
    open = JSON.stringify(value, function (key, field: unknown) {
      return this === value && omit.includes(key) ? undefined : field
    }).slice(0, -1)
    openTexts.set(value, open)
  }
  return open
}

/** The same parts as UTF-8, encoded once per object (`pageBytes`). */
const openBytes = new WeakMap<object, Buffer>()
const DOCS_OPEN = Buffer.from('{"docs":[')
const COMMA = Buffer.from(',')

/**
 * An object's JSON tail (`{"a":1}`) as the bytes `pageBytes().add` appends after a kept part:
 * `,"a":1}`. Made once when several docs share it (a store's summary on each of its products).
 */
export function tailBytes(tail: string): Buffer {
  return Buffer.from(tail === '{}' ? '}' : `,${tail.slice(1)}`)
}

/**
 * A page envelope around docs made as jsonWithText makes them, in bytes: each doc's kept part is
 * encoded once per object and copied, and only the tails are encoded per answer. Encoding the
 * whole answer's text per request was a tenth of a /products answer's CPU (bench/README.md,
 * nearby, "a twelfth pass"). The same bytes as pageJson of the same docs.
 */
export function pageBytes() {
  const parts: Buffer[] = [DOCS_OPEN]
  let docs = 0
  return {
    add(value: object, omit: readonly string[], tail: Buffer) {
      let open = openBytes.get(value)
      if (open === undefined) openBytes.set(value, (open = Buffer.from(openText(value, omit))))
      if (docs++ > 0) parts.push(COMMA)
      if (open.length === 1) {
        // `{` alone: the doc is its tail's fields (a tail of `}` included).
        parts.push(open, tail[0] === 0x2c ? tail.subarray(1) : tail)
      } else parts.push(open, tail)
    },
    end(totalDocs: number, page: { page: number; limit: number }): Buffer {
      const envelope = JSON.stringify(buildPage([], totalDocs, page))
      parts.push(Buffer.from(`]${envelope.slice(EMPTY_DOCS.length)}`))
      return Buffer.concat(parts)
    },
  }
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
