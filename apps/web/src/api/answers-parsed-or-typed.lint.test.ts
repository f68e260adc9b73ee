import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

// Decision 034: a fetcher parses its answer with the contract schema (`http.get<unknown>` then
// `schema.parse`), or types it (`http.get<Cart>`) and says why in its doc comment: the first
// page loads no zod. The seller area always parses. A file (`Blob`) has no JSON to parse. Read
// from the sources, like the lint tests.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TYPED_ANSWER =
  /\b(?:http|adminHttp)\.(?:get|post|put|patch|delete)<(?!unknown>|Blob>)[^(]+>\(/
const SAYS_TYPED = 'Typed, not parsed'

function sources(dir: string): string[] {
  return readdirSync(path.join(src, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => path.relative(src, path.join(entry.parentPath, entry.name)))
}

/** Where the app's fetchers live: src/api, and the two features that still keep an api folder. */
const FETCHERS = [
  ...sources('api'),
  ...sources('features/cart/api'),
  ...sources('features/addresses/api'),
]

describe('every answer is parsed, or typed with the reason said (decision 034)', () => {
  it('finds the fetchers it checks', () => {
    expect(FETCHERS).toContain('api/customer/cart/update-cart.ts')
    expect(FETCHERS).toContain('api/admin/orders/get-orders.ts')
  })

  it('a customer or shared fetcher that types its answer says so in its doc comment', () => {
    const unsaid = FETCHERS.filter((file) => !file.startsWith('api/admin/'))
      .map((file) => ({ file, text: readFileSync(path.join(src, file), 'utf8') }))
      .filter(({ text }) => TYPED_ANSWER.test(text) && !text.includes(SAYS_TYPED))
      .map(({ file }) => file)
    expect(unsaid).toEqual([])
  })

  it('no seller-area fetcher types its answer: each one parses', () => {
    const typed = FETCHERS.filter((file) => file.startsWith('api/admin/')).filter((file) =>
      TYPED_ANSWER.test(readFileSync(path.join(src, file), 'utf8')),
    )
    expect(typed).toEqual([])
  })

  it('the pattern tells a typed answer from a parsed one', () => {
    const typed = TYPED_ANSWER
    expect(typed.test("const r = await http.post<Cart>('/cart/update', input)")).toBe(true)
    expect(typed.test("const r = await http.get<Page<Store>>('/stores', {")).toBe(true)
    expect(typed.test('return adminHttp.get<AdminStore>(`/stores/${id}`)')).toBe(true)
    expect(typed.test("const r = await http.get<unknown>('/orders')")).toBe(false)
    // A file is no JSON to parse.
    expect(typed.test('return adminHttp.get<Blob>(`/orders/${id}/transfer-receipt`, {')).toBe(false)
  })
})
