import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import type { IndexProductRow, IndexStoreRow } from './search-index.ts'

/** A PostgreSQL uuid[] literal of ids that came from the database (uuids only, nothing to quote). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`

/** Where the candidates come from: the given stores (nearest first), or every active store. */
export type StoreScope = { storeIds: readonly string[] } | { allStores: true }

export type ProductSort = 'relevance' | 'distance' | 'price'

/** A matching product and what ranks it (see `productMatches`). */
export type ProductMatch = {
  id: string
  storeId: string
  rank: number
  /** The text is one of its variants' SKU. */
  sku: boolean
  /** Its cheapest variant, centavos (null: no variant). */
  price: number | null
  titleOrder: number
}
export type StoreMatch = { id: string; rank: number }
export type SuggestionMatch = {
  id: string
  title: string
  handle: string
  storeId: string
  storeName: string
  storeHandle: string
  rank: number
  titleOrder: number
}

/**
 * What the text must match: every word (`plainto_tsquery`: stems, accents folded, no syntax to
 * escape), or words whose last one is a prefix (the search box). Prefix words must come from
 * `searchWords` (letters and digits only), so nothing of tsquery's syntax gets through.
 */
export type TextMatch = { words: string } | { prefix: string[] }

function tsquery(match: TextMatch): SQL {
  if ('words' in match) return sql`plainto_tsquery('barrio_es', ${match.words})`
  const terms = match.prefix
    .filter((w) => /^[a-z0-9]+$/.test(w))
    .map((w, i, all) => (i === all.length - 1 ? `${w}:*` : w))
  return sql`to_tsquery('barrio_es', ${terms.join(' & ')})`
}

/**
 * The engine's SQL (decision 042): Spanish full-text search over the generated `search_vector`
 * columns (unaccent + Spanish stemmer: configuration `barrio_es`), an exact SKU, and the nearest
 * spelling among the words of the shops in scope (fuzzystrmatch's levenshtein, pg_trgm's
 * similarity for ties). `text` is always bound as a parameter; `prefixQuery` is built from
 * letters and digits only.
 */
export function createSearchRepository(db: Db) {
  function scopeCondition(scope: StoreScope, column: SQL): SQL {
    return 'allStores' in scope
      ? sql`true`
      : sql`${column} = any(${uuidArray(scope.storeIds)}::uuid[])`
  }
  /** Nearest first: the position in the caller's list (all-stores scope: none). */
  function distanceRank(scope: StoreScope, column: SQL): SQL {
    // Not a bare `0`: in ORDER BY an integer literal means a column's position.
    return 'allStores' in scope
      ? sql`null::int`
      : sql`array_position(${uuidArray(scope.storeIds)}::uuid[], ${column})`
  }

  return {
    /**
     * One page of matching active products of active stores, and how many match. A product
     * matches when every word of `query` does (stems, accents folded) or its SKU equals the
     * text. Relevance: an exact SKU first, then ts_rank (title A > tags B > description C).
     */
    async products(input: {
      query: TextMatch
      text: string
      scope: StoreScope
      /** Only the products of this collection. */
      collectionId?: string
      sort: ProductSort
      page: number
      limit: number
    }): Promise<{ ids: string[]; total: number }> {
      const { scope } = input
      const inCollection = input.collectionId
        ? sql`and exists (select 1 from product_collections pc where pc.product_id = p.id and pc.collection_id = ${input.collectionId})`
        : sql``
      const distance = distanceRank(scope, sql`p.store_id`)
      // The SKU is looked up once, not once per product in scope (bench/README.md, search findings).
      const skuMatch = sql`p.id in (select product_id from sku)`
      const withQuery = sql`with q as (select ${tsquery(input.query)} as query),
        sku as materialized (
          select product_id from product_variants where lower(sku) = lower(${input.text})
        )`
      const relevance = sql`(${skuMatch})::int desc, ts_rank(p.search_vector, q.query) desc`
      const price = sql`(select min(v.price_cents) from product_variants v where v.product_id = p.id)`
      const order =
        input.sort === 'distance'
          ? sql`${distance}, ${relevance}`
          : input.sort === 'price'
            ? sql`${price} asc nulls last, ${relevance}, ${distance}`
            : sql`${relevance}, ${distance}`
      const result = await db.execute<{ id: string; total: number }>(sql`
        ${withQuery}
        select p.id, count(*) over ()::int as total
        from products p join stores s on s.id = p.store_id, q
        where ${scopeCondition(scope, sql`p.store_id`)}
          and p.status = 'active' and s.status = 'active' and p.hidden_at is null and s.suspended_at is null
          and (p.search_vector @@ q.query or ${skuMatch}) ${inCollection}
        order by ${order}, p.title, p.id
        limit ${input.limit} offset ${(input.page - 1) * input.limit}`)
      const rows = result.rows
      if (rows.length > 0 || input.page === 1) {
        return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) }
      }
      // A page past the end still says how many there are.
      const count = await db.execute<{ total: number }>(sql`
        ${withQuery}
        select count(*)::int as total
        from products p join stores s on s.id = p.store_id, q
        where ${scopeCondition(scope, sql`p.store_id`)}
          and p.status = 'active' and s.status = 'active' and p.hidden_at is null and s.suspended_at is null
          and (p.search_vector @@ q.query or ${skuMatch}) ${inCollection}`)
      return { ids: [], total: Number(count.rows[0]?.total ?? 0) }
    },

    /**
     * Every matching active product of the given stores, unordered, with what ranks it: the
     * answer the caches keep for an area and a text, ranked per point by `search-ranking.ts` in
     * the same order as `products` (an exact SKU, ts_rank, nearest, title, id). `titleOrder` is
     * the position by (title, id) in the database's collation.
     */
    async productMatches(input: {
      query: TextMatch
      text: string
      storeIds: readonly string[]
    }): Promise<ProductMatch[]> {
      if (input.storeIds.length === 0) return []
      const result = await db.execute<ProductMatch>(sql`
        with q as (select ${tsquery(input.query)} as query),
        sku as materialized (
          select product_id from product_variants where lower(sku) = lower(${input.text})
        )
        select p.id, p.store_id as "storeId", ts_rank(p.search_vector, q.query)::float8 as rank,
          (p.id in (select product_id from sku)) as sku,
          (select min(v.price_cents) from product_variants v where v.product_id = p.id)::int as price,
          (row_number() over (order by p.title, p.id))::int as "titleOrder"
        from products p join stores s on s.id = p.store_id, q
        where p.store_id = any(${uuidArray(input.storeIds)}::uuid[])
          and p.status = 'active' and s.status = 'active' and p.hidden_at is null
          and s.suspended_at is null
          and (p.search_vector @@ q.query or p.id in (select product_id from sku))`)
      return result.rows
    },

    /** Every active store of the given ones whose name, category or description match. */
    async storeMatches(input: {
      query: TextMatch
      storeIds: readonly string[]
    }): Promise<StoreMatch[]> {
      if (input.storeIds.length === 0) return []
      const result = await db.execute<StoreMatch>(sql`
        with q as (select ${tsquery(input.query)} as query)
        select s.id, ts_rank(s.search_vector, q.query)::float8 as rank from stores s, q
        where s.id = any(${uuidArray(input.storeIds)}::uuid[]) and s.status = 'active'
          and s.suspended_at is null and s.search_vector @@ q.query`)
      return result.rows
    },

    /**
     * Every matching active product of the given stores for the search box, unordered: the
     * stores' products are read first (a short prefix matches much of the whole table).
     */
    async suggestionMatches(input: {
      query: TextMatch
      storeIds: readonly string[]
    }): Promise<SuggestionMatch[]> {
      if (input.storeIds.length === 0) return []
      const result = await db.execute<SuggestionMatch>(sql`
        with q as (select ${tsquery(input.query)} as query),
        scoped as materialized (
          select p.id, p.title, p.handle, p.store_id, p.search_vector from products p
          where p.store_id = any(${uuidArray(input.storeIds)}::uuid[]) and p.status = 'active'
            and p.hidden_at is null
        )
        select p.id, p.title, p.handle, s.id as "storeId", s.name as "storeName",
          s.handle as "storeHandle", ts_rank(p.search_vector, q.query)::float8 as rank,
          (row_number() over (order by p.title, p.id))::int as "titleOrder"
        from scoped p join stores s on s.id = p.store_id, q
        where s.status = 'active' and s.suspended_at is null and p.search_vector @@ q.query`)
      return result.rows
    },

    /** The active stores in scope whose name, category or description match, best first. */
    async stores(input: { query: TextMatch; scope: StoreScope }): Promise<string[]> {
      const { scope } = input
      const result = await db.execute<{ id: string }>(sql`
        with q as (select ${tsquery(input.query)} as query)
        select s.id from stores s, q
        where ${scopeCondition(scope, sql`s.id`)} and s.status = 'active' and s.suspended_at is null
          and s.search_vector @@ q.query
        order by ts_rank(s.search_vector, q.query) desc, ${distanceRank(scope, sql`s.id`)}, s.id
        limit 1000`)
      return result.rows.map((r) => r.id)
    },

    /**
     * The database's normalisation of a text (decision 058): the tsquery of `query` as text
     * (stems, accents folded, stop words dropped) and `lower(text)` for the SKU match.
     */
    async queryText(input: {
      query: TextMatch
      text: string
    }): Promise<{ tsquery: string; lower: string }> {
      const result = await db.execute<{ tsquery: string; lower: string }>(
        sql`select (${tsquery(input.query)})::text as tsquery, lower(${input.text}) as lower`,
      )
      const row = result.rows[0]!
      return { tsquery: row.tsquery ?? '', lower: row.lower ?? '' }
    },

    /**
     * What the in-process index keeps of some stores (decision 058): each store's row and its
     * active, visible products by title and id (the order of the engine's ties), with their
     * search vectors as text, their folded titles (the correction's words), SKUs and cheapest
     * price, exactly as `productMatches`, `suggestionMatches` and `nearestWords` read them.
     */
    async indexRows(storeIds: readonly string[]): Promise<{
      stores: IndexStoreRow[]
      products: IndexProductRow[]
    }> {
      if (storeIds.length === 0) return { stores: [], products: [] }
      const ids = uuidArray(storeIds)
      const stores = await db.execute<IndexStoreRow>(sql`
        select s.id, s.name, s.handle, (s.status = 'active' and s.suspended_at is null) as listed,
          s.search_vector::text as vector, lower(unaccent(s.name)) as folded
        from stores s where s.id = any(${ids}::uuid[])`)
      const products = await db.execute<IndexProductRow>(sql`
        select p.id, p.store_id as "storeId", p.title, p.handle, p.search_vector::text as vector,
          lower(unaccent(p.title)) as folded,
          (select min(v.price_cents) from product_variants v where v.product_id = p.id)::int as price,
          (select coalesce(json_agg(lower(v.sku)) filter (where v.sku is not null), '[]'::json)
            from product_variants v where v.product_id = p.id)::text as skus
        from products p
        where p.store_id = any(${ids}::uuid[]) and p.status = 'active' and p.hidden_at is null
        order by p.store_id, p.title, p.id`)
      return { stores: stores.rows, products: products.rows }
    },

    /**
     * The words (accents folded, lower case, ≥ 3 letters) of the given stores' product titles and
     * listed names within `maxEdits` of any of `words`, with their uses: what `nearestWords`
     * chooses from, for the stores the in-process index lacks (decision 058's correction merges
     * them with the index's words and chooses in process, with the same tie-breaks).
     */
    async wordsNear(
      words: Array<{ word: string; maxEdits: number }>,
      storeIds: readonly string[],
    ): Promise<Array<{ word: string; uses: number }>> {
      if (words.length === 0 || storeIds.length === 0) return []
      const list = `{${words.map((w) => `"${w.word}"`).join(',')}}`
      const edits = `{${words.map((w) => w.maxEdits).join(',')}}`
      const ids = uuidArray(storeIds)
      const result = await db.execute<{ word: string; uses: number }>(sql`
        with lexicon as (
          select w, count(*)::int as uses from (
            select regexp_split_to_table(lower(unaccent(p.title)), '[^a-z0-9]+') as w
            from products p
            where p.store_id = any(${ids}::uuid[]) and p.status = 'active' and p.hidden_at is null
            union all
            select regexp_split_to_table(lower(unaccent(s.name)), '[^a-z0-9]+')
            from stores s
            where s.id = any(${ids}::uuid[]) and s.status = 'active' and s.suspended_at is null
          ) words where length(w) >= 3 group by w
        )
        select l.w as word, l.uses from lexicon l
        where exists (
          select 1 from unnest(${list}::text[], ${edits}::int[]) as t(word, max_edits)
          where levenshtein(l.w, t.word) <= t.max_edits
        )`)
      return result.rows.map((r) => ({ word: r.word, uses: Number(r.uses) }))
    },

    /**
     * For each word, the nearest word (accents folded, lower case) among the product titles and
     * shop names in scope, within `maxEdits` of it, or null. Ties go to the more similar
     * trigram-wise, then the more frequent.
     */
    async nearestWords(
      words: Array<{ word: string; maxEdits: number }>,
      scope: StoreScope,
    ): Promise<Array<string | null>> {
      if (words.length === 0) return []
      const list = `{${words.map((w) => `"${w.word}"`).join(',')}}`
      const edits = `{${words.map((w) => w.maxEdits).join(',')}}`
      const result = await db.execute<{ n: number; nearest: string | null }>(sql`
        with lexicon as (
          select w, count(*) as uses from (
            select regexp_split_to_table(lower(unaccent(p.title)), '[^a-z0-9]+') as w
            from products p
            where ${scopeCondition(scope, sql`p.store_id`)} and p.status = 'active' and p.hidden_at is null
            union all
            select regexp_split_to_table(lower(unaccent(s.name)), '[^a-z0-9]+')
            from stores s where ${scopeCondition(scope, sql`s.id`)} and s.status = 'active' and s.suspended_at is null
          ) words where length(w) >= 3 group by w
        )
        select t.n::int as n, (
          select l.w from lexicon l
          where levenshtein(l.w, t.word) <= t.max_edits
          order by levenshtein(l.w, t.word), similarity(l.w, t.word) desc, l.uses desc, l.w
          limit 1
        ) as nearest
        from unnest(${list}::text[], ${edits}::int[]) with ordinality as t(word, max_edits, n)
        order by t.n`)
      return result.rows.map((r) => r.nearest)
    },
  }
}
export type SearchRepository = ReturnType<typeof createSearchRepository>
