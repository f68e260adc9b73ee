import type { ProductMatch, StoreMatch, SuggestionMatch } from './search.repository.ts'

/**
 * The engine's matching without the database (decision 058): each store's searchable rows, read
 * once from the database (`search_vector::text`, the folded title words, the SKUs, the cheapest
 * price) and kept in process, and PostgreSQL's `@@` and `ts_rank` redone over them in
 * JavaScript, bit for bit (float4 arithmetic through `Math.fround`, the same order of
 * operations as `tsrank.c`), so the answers equal decision 042's statements. The query's own
 * normalisation (unaccent, Spanish stems, stop words) is still the database's: `plainto_tsquery`
 * / `to_tsquery` of a text is asked once and kept (it never changes).
 */

/** A lexeme's positions, each `position * 4 + weight` (weight 3: A, 2: B, 1: C, 0: D). */
type Positions = number[]
/**
 * A tsvector: its lexemes in the database's order (bytes, then length) with their positions.
 * A title's few lexemes are searched in a list: a Map per product would double the memory.
 */
export type Vector = { lexemes: string[]; positions: Positions[] }

/** One operand of a query: a lexeme, or a prefix (`'alfaj':*`). */
export type Operand = { lexeme: string; prefix: boolean }
/**
 * A query the index can answer: every operand must match (plainto_tsquery's and the search
 * box's `&` of words). Null when the database's query has anything else (`|`, `!`, phrases,
 * weights): the SQL engine answers those.
 */
export type ParsedQuery = { operands: Operand[] }

const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 }
/** ts_rank's default weights {D, C, B, A} as float4. */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround)
const f = Math.fround

/**
 * Reads a quoted lexeme at `i` ('…', quotes doubled, backslash escapes); [lexeme, next index].
 * Built from slices, not character by character: a lexeme kept for hours must be one flat string.
 */
function readQuoted(text: string, i: number): [string, number] | null {
  if (text[i] !== "'") return null
  let out = ''
  let from = i + 1
  for (let j = from; j < text.length; j++) {
    const c = text[j]
    if (c === '\\') {
      out += text.slice(from, j) + (text[j + 1] ?? '')
      from = ++j + 1
    } else if (c === "'") {
      if (text[j + 1] === "'") {
        out += text.slice(from, j + 1)
        from = ++j + 1
      } else {
        out += text.slice(from, j)
        // Flatten (a sliced string would keep the whole row text alive).
        return [out.length > 0 ? Buffer.from(out, 'utf8').toString('utf8') : out, j + 1]
      }
    }
  }
  return null
}

/** Parses `tsvector::text` (`'alfajor':1A,3C 'havann':2A`). */
export function parseVector(text: string | null): Vector {
  const lexemes: string[] = []
  const positions: Positions[] = []
  let i = 0
  const s = text ?? ''
  while (i < s.length) {
    if (s[i] === ' ') {
      i++
      continue
    }
    const read = readQuoted(s, i)
    if (!read) break
    const [lexeme, next] = read
    i = next
    const list: Positions = []
    if (s[i] === ':') {
      i++
      const m = /^[0-9A-D,]+/.exec(s.slice(i, i + 4096))
      const spec = m ? m[0] : ''
      i += spec.length
      for (const part of spec.split(',')) {
        const pm = /^(\d+)([A-D]?)$/.exec(part)
        if (pm) list.push(Number(pm[1]) * 4 + WEIGHT_OF[pm[2] || 'D']!)
      }
    }
    lexemes.push(lexeme)
    // No positions (a stripped vector): tsrank.c's stand-in, the last position, weight D.
    positions.push(list.length > 0 ? list : [16383 * 4])
  }
  return { lexemes, positions }
}

/**
 * Parses `tsquery::text` when it is operands joined by `&` (what plainto_tsquery and the search
 * box's prefix query give); null otherwise. The empty query (only stop words) has no operands.
 */
export function parseQuery(text: string): ParsedQuery | null {
  const operands: Operand[] = []
  let i = 0
  const s = text.trim()
  if (s === '') return { operands }
  for (;;) {
    const read = readQuoted(s, i)
    if (!read) return null
    const [lexeme, next] = read
    i = next
    let prefix = false
    if (s[i] === ':') {
      if (s.slice(i, i + 2) !== ':*') return null
      i += 2
      // A weight restriction (':*AB') is not something the index answers.
      if (/[A-D]/.test(s[i] ?? '')) return null
      prefix = true
    }
    operands.push({ lexeme, prefix })
    if (i >= s.length) break
    if (s.slice(i, i + 3) !== ' & ') return null
    i += 3
  }
  return { operands }
}

const utf8 = (s: string) => Buffer.from(s, 'utf8')
/** tsCompareString without prefix: bytes, then the shorter first. */
function compareLexemes(a: string, b: string) {
  return Buffer.compare(utf8(a), utf8(b))
}

/** SortAndUniqItems: the operands sorted by bytes (the prefix mark ignored), duplicates once. */
function uniqueOperands(operands: readonly Operand[]): Operand[] | null {
  const sorted = [...operands].sort((a, b) => compareLexemes(a.lexeme, b.lexeme))
  const out: Operand[] = []
  for (const o of sorted) {
    const last = out[out.length - 1]
    if (last && last.lexeme === o.lexeme) {
      // Which of the two the database keeps is qsort's choice: let the SQL engine answer.
      if (last.prefix !== o.prefix) return null
      continue
    }
    out.push(o)
  }
  return out
}

/** The vector's entries an operand finds (find_wordentry), in the vector's order. */
function entriesOf(v: Vector, o: Operand): number[] {
  if (!o.prefix) {
    const at = v.lexemes.indexOf(o.lexeme)
    return at < 0 ? [] : [at]
  }
  const out: number[] = []
  for (let i = 0; i < v.lexemes.length; i++) if (v.lexemes[i]!.startsWith(o.lexeme)) out.push(i)
  return out
}

/** `vector @@ query` for a query of `&`-joined operands. */
export function matches(v: Vector, q: ParsedQuery): boolean {
  if (q.operands.length === 0) return false
  for (const o of q.operands) if (!hasLexeme(v.lexemes, o)) return false
  return true
}

/** Whether one of `lexemes` is the operand's (or starts with it, for a prefix). */
function hasLexeme(lexemes: readonly string[], o: Operand): boolean {
  if (!o.prefix) return lexemes.includes(o.lexeme)
  for (let i = 0; i < lexemes.length; i++) if (lexemes[i]!.startsWith(o.lexeme)) return true
  return false
}

const wpos = (p: number) => WEIGHTS[p & 3]!
const posOf = (p: number) => p >> 2

function wordDistance(dist: number): number {
  if (dist > 100) return f(1e-30)
  return f(1.0 / (1.005 + 0.05 * Math.exp(dist / 1.5 - 2)))
}

function rankOr(v: Vector, items: readonly Operand[]): number {
  let res = 0
  for (const item of items) {
    for (const e of entriesOf(v, item)) {
      const post = v.positions[e]!
      let resj = 0
      let wjm = -1
      let jm = 0
      for (let j = 0; j < post.length; j++) {
        const w = wpos(post[j]!)
        resj = f(resj + f(w / ((j + 1) * (j + 1))))
        if (w > wjm) {
          wjm = w
          jm = j
        }
      }
      const t = f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))))
      res = f(res + t / 1.64493406685)
    }
  }
  if (items.length > 0) res = f(res / items.length)
  return res
}

function rankAnd(v: Vector, items: readonly Operand[]): number {
  if (items.length < 2) return rankOr(v, items)
  let res = -1
  const pos: Array<Positions | null> = items.map(() => null)
  for (let i = 0; i < items.length; i++) {
    for (const e of entriesOf(v, items[i]!)) {
      const post = v.positions[e]!
      pos[i] = post
      for (let k = 0; k < i; k++) {
        const ct = pos[k]
        if (!ct) continue
        for (const l of post) {
          for (const p of ct) {
            const dist = Math.abs(posOf(l) - posOf(p))
            if (dist === 0) continue
            const curw = f(Math.sqrt(f(f(wpos(l) * wpos(p)) * wordDistance(dist))))
            res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw))
          }
        }
      }
    }
  }
  return res
}

/** `ts_rank(vector, query)` (default weights, no normalisation), as PostgreSQL's float4. */
export function tsRank(v: Vector, q: ParsedQuery, items: readonly Operand[]): number {
  if (v.lexemes.length === 0 || q.operands.length === 0) return 0
  let res = q.operands.length > 1 ? rankAnd(v, items) : rankOr(v, items)
  if (res < 0) res = f(1e-20)
  return res
}

/**
 * A query ready for the index: its operands, ts_rank's sorted unique items, its first whole word
 * (whose postings give the candidates) and whether that word is the whole query (then every
 * posting matches and none is checked again).
 */
export type IndexQuery = {
  query: ParsedQuery
  items: Operand[]
  first: Operand | undefined
  single: boolean
}
export function indexQuery(tsqueryText: string): IndexQuery | null {
  const query = parseQuery(tsqueryText)
  if (!query) return null
  const items = uniqueOperands(query.operands)
  if (!items) return null
  const first = query.operands.find((o) => !o.prefix)
  return { query, items, first, single: first !== undefined && items.length === 1 }
}

/** A product as the index keeps it. */
export type IndexedProduct = {
  id: string
  storeId: string
  title: string
  handle: string
  vector: Vector
  /** Its variants' SKUs, lower-cased by the database. */
  skus: string[]
  price: number | null
  /** Its place among its store's products by (title, id) in the database's collation. */
  titleOrder: number
}

/** One store's searchable rows. */
export type StoreIndex = {
  id: string
  /** Active and not suspended: only then are its products and itself found. */
  listed: boolean
  name: string
  handle: string
  vector: Vector
  products: IndexedProduct[]
  /** Lexeme → its products (for the first operand of a query). */
  postings: Map<string, IndexedProduct[]>
  /**
   * Lower-cased SKU → its products, in the store's order; null when no product has one. Every
   * text is looked up as a SKU: a scan of every product's SKUs per store was a fifth of a
   * search's CPU (bench/README.md, `search.bench.ts`, fifth pass).
   */
  bySku: Map<string, IndexedProduct[]> | null
  /** The words of its product titles (and its name when listed), ≥ 3 letters, with their uses. */
  words: Map<string, number>
  /**
   * Its products' distinct lexemes in JavaScript's string order, made on the first prefix query
   * (`candidates`): a prefix finds its lexemes by binary search instead of a scan of every product.
   */
  sortedLexemes: string[] | null
  /** Its own vector's lexemes in JavaScript's string order, for prefix queries likewise. */
  sortedOwnLexemes: string[] | null
}

/** The rows the repository reads for a store (`search.repository` `indexRows`). */
export type IndexStoreRow = {
  id: string
  name: string
  handle: string
  listed: boolean
  vector: string | null
  folded: string | null
}
export type IndexProductRow = {
  id: string
  storeId: string
  title: string
  handle: string
  vector: string | null
  folded: string | null
  price: number | null
  skus: string[] | string | null
}

/** The words of `lower(unaccent(text))` as the SQL lexicon splits them. */
function countWords(folded: string | null, into: Map<string, number>) {
  for (const w of (folded ?? '').split(/[^a-z0-9]+/))
    if (w.length >= 3) into.set(w, (into.get(w) ?? 0) + 1)
}

/**
 * A store's index from its row (null: the store no longer exists) and its active, visible
 * products ordered by title and id.
 */
export function buildStoreIndex(
  id: string,
  store: IndexStoreRow | null,
  products: readonly IndexProductRow[],
): StoreIndex {
  const words = new Map<string, number>()
  const postings = new Map<string, IndexedProduct[]>()
  let bySku: Map<string, IndexedProduct[]> | null = null
  const indexed = products.map((p, i): IndexedProduct => {
    const vector = parseVector(p.vector)
    const skus = typeof p.skus === 'string' ? (JSON.parse(p.skus) as string[]) : (p.skus ?? [])
    const product = {
      id: p.id,
      storeId: id,
      title: p.title,
      handle: p.handle,
      vector,
      skus: skus.filter((s): s is string => typeof s === 'string'),
      price: p.price === null ? null : Number(p.price),
      titleOrder: i,
    }
    for (const lexeme of vector.lexemes) {
      let list = postings.get(lexeme)
      if (!list) postings.set(lexeme, (list = []))
      list.push(product)
    }
    for (const sku of new Set(product.skus)) {
      bySku ??= new Map()
      let list = bySku.get(sku)
      if (!list) bySku.set(sku, (list = []))
      list.push(product)
    }
    countWords(p.folded, words)
    return product
  })
  const listed = Boolean(store?.listed)
  if (store && listed) countWords(store.folded, words)
  return {
    id,
    listed,
    name: store?.name ?? '',
    handle: store?.handle ?? '',
    vector: parseVector(store?.vector ?? null),
    products: indexed,
    postings,
    bySku,
    words,
    // Made when first needed (same shape from the start: the hot loops read these objects).
    sortedLexemes: null,
    sortedOwnLexemes: null,
  }
}

const NONE: readonly never[] = Object.freeze([])

/**
 * The first place in `sorted` (JavaScript's order) whose string is not below `key`. tile-rank.ts has
 * the same loop over a Float64Array: one function for both would see two kinds of array and lose
 * V8's single-shape fast path in the nearby lists' hot loop.
 */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The products of a store that have a lexeme starting with `prefix`, in the store's order: the
 * lexemes that start so are one run of the sorted list. Most stores near a point have none, and
 * then it costs one binary search instead of a `startsWith` per lexeme of each of its products
 * (the search box's prefix queries were half of a suggestion's CPU: bench/README.md).
 */
function withPrefix(index: StoreIndex, prefix: string): readonly IndexedProduct[] {
  const lexemes = (index.sortedLexemes ??= [...index.postings.keys()].sort())
  const from = lowerBound(lexemes, prefix)
  let to = from
  while (to < lexemes.length && lexemes[to]!.startsWith(prefix)) to++
  if (to === from) return NONE
  if (to === from + 1) return index.postings.get(lexemes[from]!)!
  const found = new Set<IndexedProduct>()
  for (let i = from; i < to; i++) for (const p of index.postings.get(lexemes[i]!)!) found.add(p)
  return index.products.filter((p) => found.has(p))
}

/** The products of a listed store that match the words (or whose SKU is the text). */
function candidates(index: StoreIndex, q: IndexQuery): readonly IndexedProduct[] {
  if (q.first) {
    const postings = index.postings.get(q.first.lexeme)
    if (!postings) return NONE
    return q.single ? postings : postings.filter((p) => matches(p.vector, q.query))
  }
  const operands = q.query.operands
  if (operands.length === 0) return []
  // No whole word: every operand is a prefix, and a product matches only if it has the first.
  const found = withPrefix(index, operands[0]!.lexeme)
  return operands.length === 1 || found.length === 0
    ? found
    : found.filter((p) => matches(p.vector, q.query))
}

/** `productMatches` over the indexes: what `search.repository`'s statement answers. */
export function productMatchesIn(
  indexes: Iterable<StoreIndex>,
  q: IndexQuery,
  lowerText: string,
): ProductMatch[] {
  const out: ProductMatch[] = []
  for (const index of indexes) {
    if (!index.listed) continue
    const bySku = index.bySku?.get(lowerText)
    const found = bySku ? new Set([...candidates(index, q), ...bySku]) : candidates(index, q)
    for (const p of found) {
      out.push({
        id: p.id,
        storeId: index.id,
        rank: tsRank(p.vector, q.query, q.items),
        sku: bySku !== undefined && bySku.includes(p),
        price: p.price,
        titleOrder: p.titleOrder,
      })
    }
  }
  return out
}

/** Whether a sorted list of lexemes has each operand (or a lexeme starting with it). */
function matchesSorted(sorted: readonly string[], q: ParsedQuery): boolean {
  if (q.operands.length === 0) return false
  for (const o of q.operands) {
    const at = lowerBound(sorted, o.lexeme)
    const found = sorted[at]
    if (found === undefined || !(o.prefix ? found.startsWith(o.lexeme) : found === o.lexeme))
      return false
  }
  return true
}

/** `storeMatches` over the indexes. */
export function storeMatchesIn(indexes: Iterable<StoreIndex>, q: IndexQuery): StoreMatch[] {
  const out: StoreMatch[] = []
  for (const index of indexes) {
    if (!index.listed) continue
    const sorted = (index.sortedOwnLexemes ??= [...index.vector.lexemes].sort())
    if (matchesSorted(sorted, q.query))
      out.push({ id: index.id, rank: tsRank(index.vector, q.query, q.items) })
  }
  return out
}

/** `suggestionMatches` over the indexes. */
export function suggestionMatchesIn(
  indexes: Iterable<StoreIndex>,
  q: IndexQuery,
): SuggestionMatch[] {
  const out: SuggestionMatch[] = []
  for (const index of indexes) {
    if (!index.listed) continue
    for (const p of candidates(index, q)) {
      out.push({
        id: p.id,
        title: p.title,
        handle: p.handle,
        storeId: index.id,
        storeName: index.name,
        storeHandle: index.handle,
        rank: tsRank(p.vector, q.query, q.items),
        titleOrder: p.titleOrder,
      })
    }
  }
  return out
}

/** fuzzystrmatch's levenshtein (insert, delete, substitute: 1 each), by characters. */
export function levenshtein(a: string, b: string): number {
  const s = [...a]
  const t = [...b]
  if (s.length === 0) return t.length
  if (t.length === 0) return s.length
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j)
  for (let i = 1; i <= s.length; i++) {
    const cur = [i]
    for (let j = 1; j <= t.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1),
      )
    }
    prev = cur
  }
  return prev[t.length]!
}

/** pg_trgm's trigrams of one word of letters and digits ("  w", " wo", …, "rd "). */
function trigrams(word: string): Set<string> {
  const chars = [' ', ' ', ...word, ' ']
  const out = new Set<string>()
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''))
  return out
}

/** pg_trgm's `similarity` of two words of letters and digits, as its float4. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a)
  const tb = trigrams(b)
  if (ta.size === 0 || tb.size === 0) return 0
  let common = 0
  for (const t of ta) if (tb.has(t)) common++
  return f(common / (ta.size + tb.size - common))
}

/** A word's edit distance and trigram similarity to a typed word, or null beyond its edits. */
type Nearness = { d: number; sim: number } | null

/** `w`'s distance and similarity to `word` when within `maxEdits` of it (levenshtein), else null. */
export function nearnessTo(word: string, maxEdits: number, w: string): Nearness {
  // The length apart bounds the distance from below (UTF-16 lengths, as the SQL lexicon's).
  if (Math.abs(w.length - [...word].length) > maxEdits) return null
  const d = levenshtein(w, word)
  return d <= maxEdits ? { d, sim: similarity(w, word) } : null
}

/**
 * `nearestWords` for one typed word over the words of the stores in scope with their uses (a
 * word listed twice has its uses summed): the nearest within its edits, ties by trigram
 * similarity, then uses, then the word.
 */
export function nearestOf(
  word: string,
  maxEdits: number,
  uses: Iterable<readonly [string, number]>,
): string | null {
  const summed = new Map<string, number>()
  for (const [w, n] of uses) summed.set(w, (summed.get(w) ?? 0) + n)
  let best: { w: string; d: number; sim: number; uses: number } | null = null
  for (const [w, n] of summed) {
    const near = nearnessTo(word, maxEdits, w)
    if (!near) continue
    const { d, sim } = near
    if (
      !best ||
      d < best.d ||
      (d === best.d &&
        (sim > best.sim ||
          (sim === best.sim && (n > best.uses || (n === best.uses && w < best.w)))))
    )
      best = { w, d, sim, uses: n }
  }
  return best?.w ?? null
}
