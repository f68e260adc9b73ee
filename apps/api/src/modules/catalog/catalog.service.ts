import type { Clock } from '../../lib/clock.ts'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import { buildPage } from '@barrio/contracts/pagination'
import { productPageSchema, type ProductListQuery } from '@barrio/contracts/products'
import { LOCATION_REQUIRED, storePageSchema } from '@barrio/contracts/stores'
import { STORE_CATEGORY_LABELS, type StoreCategory } from '@barrio/contracts/common'
import { SEARCH_PAGE_SIZES, SUGGEST_LIMIT, type SearchSort } from '@barrio/contracts/search'
import type { DeliveryType } from '@barrio/contracts/enums'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { cellOf, haversineKm } from '../../lib/service-cells.ts'
import type { CatalogCache, SearchArea } from './catalog.cache.ts'
import { tileOf, tileScope } from './catalog.nearby.ts'
import {
  NEARBY_SHOPS_CAP,
  type CatalogRepository,
  type Point,
  type StoreRow,
} from './catalog.repository.ts'
import { storeTimeAt, storeTimeChangesAt, type StoreTime } from '../stores/store-time.ts'
import {
  servedStoreDto,
  servedStoreText,
  toProductDtos,
  toStoreDto,
  toStoreSummary,
} from './catalog.dto.ts'
import { jsonWithText, pageJson, searchJson } from './answer-json.ts'
import { storeFields } from '../stores/store-dto.ts'
import { createTileRanks } from './tile-rank.ts'
import { createTileStores } from './tile-stores.ts'
import { searchWords } from '../../lib/search.ts'
import type { ProductSort, SearchService, StoreScope } from '../search/search.service.ts'
import { rankProducts, rankStores, rankSuggestions } from '../search/search-ranking.ts'

/** The nearest stores whose products are read together when one of them is missing. */
const STORES_READ_TOGETHER = 12
/** Products per store kept for the nearby list; a page reaching past them is read with SQL. */
const PRODUCTS_PER_STORE_CACHED = 50
/**
 * A search area with more stores than this is not searched as a whole (decision 046): at 100,000
 * shops a Buenos Aires tile's area holds some 3,000, and its matches cost ten times the point's own
 * 100 stores' for answers that few other points share.
 */
const AREA_KEPT_MAX_STORES = 500
/** How often a search area's points ask for their stores' product lists in the background. */
const AREA_LISTS_EVERY_MS = 1_000

type StoreProducts = ReturnType<typeof toProductDtos>

/** An answer already serialized to UTF-8 JSON (validated against its schema when it was built). */
export type JsonBody = { json: Buffer }

const isUuid = (value: string) => z.uuid().safeParse(value).success

/** The earlier of `until` and the instant a store's open-now answer (`time`) changes. */
function earliest(until: number | null, time: StoreTime): number | null {
  const changes = storeTimeChangesAt(time)
  if (changes === null) return until
  return until === null ? changes : Math.min(until, changes)
}

type SearchFilters = { category?: StoreCategory; deliveryType?: DeliveryType; openNow?: boolean }
/** GET /search's query once parsed (contracts/search.ts `searchQuerySchema`). */
type SearchQueryInput = SearchFilters & {
  q: string
  lat?: number
  lng?: number
  page: number
  limit: number
  storePage: number
  sort: SearchSort
}

/** Search needs the customer's point; none at all is the spec's location message. */
function locationRequired(message: string) {
  return new AppError('MISSING_REQUIRED_FIELD', message, {
    errors: [{ name: 'lat', message: 'Este campo es obligatorio' }],
  })
}

/** A location query needs both coordinates (spec section 5); one alone is a client bug. */
function pointFrom(
  lat: number | undefined,
  lng: number | undefined,
  message: string,
): Point | null {
  if (lat === undefined && lng === undefined) return null
  if (lat === undefined || lng === undefined) {
    throw new AppError('MISSING_REQUIRED_FIELD', message, {
      errors: [{ name: lat === undefined ? 'lat' : 'lng', message: 'Este campo es obligatorio' }],
    })
  }
  return { lat, lng }
}

/**
 * What customers browse: shops that serve their point, nearest first, and the active products of
 * those shops, open shops first. A shop serves a point within its delivery radius when it delivers,
 * and within the browsing radius (BROWSE_RADIUS_KM) when it only offers pickup or shipping.
 */
export function createCatalogService({
  db,
  repository,
  cache,
  clock,
  search,
}: {
  db: Db
  repository: CatalogRepository
  cache: CatalogCache
  /** Store schedules are judged by it (lib/clock.ts). */
  clock: Clock
  /** The search engine (decision 042): text search of products and stores. */
  search: SearchService
}) {
  /** Per-tile precomputed rankings of the cells' candidates (decision 066). */
  const tileRanks = createTileRanks()
  /** The rows, counts and open-now of each tile's stores, by position (tile-stores.ts). */
  const tileStores = createTileStores({ cache, storeRows, storeCounts })

  async function resolveStore(idOrHandle: string) {
    const store = await repository.findStore(idOrHandle, isUuid(idOrHandle))
    if (!store) throw new AppError('NOT_FOUND', 'No encontramos ese comercio.')
    return store
  }

  /** A point's cell's candidate stores (cached). */
  function candidatesOf(point: Point) {
    return cache.candidates(cellOf(point.lat, point.lng), repository.cellCandidates)
  }

  /** The serving stores of a point: its cell's candidates, ranked exactly per tile. */
  async function serving(point: Point, k: number) {
    return tileRanks.rank(await candidatesOf(point), point, k)
  }

  /** A store's fields that do not depend on the customer (one object per cached row). */
  const fixedFields = new WeakMap<StoreRow, object>()
  function fixedStoreFields(row: StoreRow) {
    let fields = fixedFields.get(row)
    if (!fields) {
      const { deliveryTypes: _varies, ...fixed } = storeFields(row)
      fixedFields.set(row, (fields = fixed))
    }
    return fields
  }

  /** Rows of active stores by id, through the per-store cache. */
  function storeRows(ids: readonly string[]) {
    return cache.storeRows(ids, async (missing) => {
      const found = new Map<string, StoreRow>()
      for (const row of await repository.storesByIds(missing)) found.set(row.id, row)
      return found
    })
  }

  function storeCounts(ids: readonly string[]) {
    return cache.storeCounts(ids, async (missing) => {
      const counts = new Map<string, number>(missing.map((id) => [id, 0]))
      for (const r of await repository.activeProductCounts(missing)) counts.set(r.storeId, r.total)
      return counts
    })
  }

  /**
   * Each store's first active products as DTOs (the store summary is added per answer). The load
   * reads the stores' rows through their cache, not from its caller: the cache reads values past
   * their TTL again for many callers in one batch.
   */
  function storeProducts(ids: readonly string[]) {
    return cache.storeProducts(ids, async (missing) => {
      const read = await repository.firstProductsOf(missing, PRODUCTS_PER_STORE_CACHED)
      const [details, rows] = await Promise.all([
        repository.productDetails(read.map((r) => r.product.id)),
        storeRows([...new Set(read.map((r) => r.product.storeId))]),
      ])
      // A store hidden since: none of its products (its list is empty, as if read after).
      const found = read.filter((r) => rows.has(r.product.storeId))
      // Cached per store: the answers that use them replace `store` with a fresh summary.
      const dtos = toProductDtos(
        found.map((r) => ({ product: r.product, store: rows.get(r.product.storeId)! })),
        details,
        clock.now(),
      )
      const lists = new Map<string, StoreProducts>(missing.map((id) => [id, []]))
      found.forEach((r, i) => lists.get(r.product.storeId)!.push(dtos[i]!))
      return lists
    })
  }

  async function nearbyStores(
    point: Point,
    page: { page: number; limit: number },
  ): Promise<JsonBody> {
    const key = `s|${point.lat}|${point.lng}|${page.page}|${page.limit}`
    const json = await cache.answer(key, () => buildNearbyStores(key, point, page))
    return { json: json! }
  }

  async function buildNearbyStores(
    key: string,
    point: Point,
    page: { page: number; limit: number },
  ): Promise<Buffer> {
    const stamp = cache.stamp()
    const now = clock.now()
    let validUntil: number | null = null
    const offset = (page.page - 1) * page.limit
    const candidates = await candidatesOf(point)
    const { ranked, tile, positions } = tileRanks.rankAt(candidates, point, offset + page.limit)
    const ids = ranked.ids.slice(offset)
    const distances = ranked.distances.slice(offset)
    // The tile's stores by position when it has them (tile-stores.ts), else the per-store cache.
    const stores = tile ? await tileStores(tile, positions.slice(offset), now, false) : null
    const rows = stores ? null : await storeRows(ids)
    const docs: string[] = []
    for (let i = 0; i < ids.length; i++) {
      const row = stores ? stores.rows[positions[offset + i]!] : rows!.get(ids[i]!)
      if (!row) continue
      validUntil = earliest(validUntil, storeTimeAt(row, now))
      docs.push(jsonWithText(fixedStoreFields(row), [], servedStoreText(row, now, distances[i]!)))
    }
    const json = pageJson(docs, ranked.total, page)
    cache.putAnswer(key, stamp, json, ids, validUntil)
    return json
  }

  /**
   * The stores that ship to a province (issue 30: an address no local shop serves still gets the
   * shops that send to it), with the distance from the point when there is one; delivery is left
   * out where the point is beyond its radius, as in the nearby list. Not cached: asked only when
   * no shop serves the address.
   */
  async function shippingStores(
    provinceCode: string,
    point: Point | null,
    page: { page: number; limit: number },
  ): Promise<JsonBody> {
    const { rows, total } = await repository.listShippingStores({ provinceCode, point, ...page })
    const now = clock.now()
    const docs = rows.map((row) => {
      if (!point) return toStoreDto(row, now)
      const distanceKm = haversineKm(point.lat, point.lng, row.latitude, row.longitude)
      const dto = toStoreDto(row, now, distanceKm)
      if (distanceKm <= row.deliveryRadiusKm) return dto
      const deliveryTypes = dto.deliveryTypes.filter((t) => t !== 'delivery')
      return {
        ...dto,
        deliveryTypes,
        ...(dto.terms ? { terms: { ...dto.terms, delivery: null } } : {}),
      }
    })
    return {
      json: Buffer.from(JSON.stringify(storePageSchema.parse(buildPage(docs, total, page)))),
    }
  }

  /**
   * Products near a point, unfiltered (the home page): the 100 nearest serving stores, open ones
   * first, each store's products by title, assembled from the per-store caches. Null when the page
   * reaches past a store's cached products (the SQL path answers it).
   */
  async function nearbyProducts(
    point: Point,
    page: { page: number; limit: number },
  ): Promise<JsonBody | null> {
    const key = `p|${point.lat}|${point.lng}|${page.page}|${page.limit}`
    const json = await cache.answer(key, () => buildNearbyProducts(key, point, page))
    return json ? { json } : null
  }

  async function buildNearbyProducts(
    key: string,
    point: Point,
    page: { page: number; limit: number },
  ): Promise<Buffer | null> {
    const stamp = cache.stamp()
    const now = clock.now()
    const candidates = await candidatesOf(point)
    const { ranked: near, tile, positions } = tileRanks.rankAt(candidates, point, NEARBY_SHOPS_CAP)
    // The serving stores with a row, by rank, and whether each is open now and its product count:
    // from the tile's arrays when it has them (tile-stores.ts), else the per-store caches.
    const stores = tile ? await tileStores(tile, positions, now, true) : null
    const n = near.ids.length
    // Plain arrays filled by push: typed arrays of 100 entries live outside V8's heap (past 64
    // bytes), and allocating two of them per answer cost more than the loops that fill them.
    const rowAt: Array<StoreRow | null | undefined> = []
    const openAt: number[] = []
    const countAt: number[] = []
    let validUntil: number | null = null
    if (stores) {
      for (let i = 0; i < n; i++) {
        const j = positions[i]!
        rowAt.push(stores.rows[j])
        openAt.push(stores.open[j]!)
        countAt.push(stores.counts[j]!)
      }
      validUntil = Number.isFinite(stores.until) ? stores.until : null
    } else {
      const rows = await storeRows(near.ids)
      const counts = await storeCounts(near.ids.filter((id) => rows.has(id)))
      for (let i = 0; i < n; i++) {
        const row = rows.get(near.ids[i]!)
        rowAt.push(row)
        if (!row) {
          openAt.push(0)
          countAt.push(0)
          continue
        }
        const time = storeTimeAt(row, now)
        validUntil = earliest(validUntil, time)
        openAt.push(time.openNow ? 1 : 0)
        countAt.push(counts.get(near.ids[i]!) ?? 0)
      }
    }
    // Shops open now first (issue 26), each group by distance: the answer changes when any of them
    // opens or closes. `order` holds ranks into the arrays above.
    const order: number[] = []
    const closed: number[] = []
    for (let i = 0; i < n; i++) if (rowAt[i]) (openAt[i] === 1 ? order : closed).push(i)
    for (const i of closed) order.push(i)
    const offset = (page.page - 1) * page.limit
    const end = offset + page.limit
    // The stores the page falls on (ranks), and where in each store's list.
    const slices: Array<{ i: number; from: number; to: number }> = []
    let total = 0
    for (const i of order) {
      const count = countAt[i]!
      const from = Math.max(offset - total, 0)
      const to = Math.min(end - total, count)
      if (from < to) slices.push({ i, from, to })
      total += count
    }
    // When the page's stores must be read, the next nearest ones come in the same read: a
    // neighbour a block away starts from the same few stores, so a barrio warms in a fraction of
    // the reads. When they are kept, nothing else is waited for.
    const wanted = new Map(slices.map((x) => [near.ids[x.i]!, x.i]))
    if (slices.some((x) => !cache.hasStoreProducts(near.ids[x.i]!))) {
      for (const i of order) {
        if (wanted.size >= STORES_READ_TOGETHER) break
        if (countAt[i]! > 0) wanted.set(near.ids[i]!, i)
      }
    }
    const lists = await storeProducts([...wanted.keys()])
    const docs: string[] = []
    for (const { i, from, to } of slices) {
      const list = lists.get(near.ids[i]!)!
      // Counted before its list was read: a product changed in between, or the page reaches past
      // the cached products. SQL answers.
      if (to > list.length) return null
      // The store's summary is the same on each of its products: serialized once.
      const store = JSON.stringify({ store: toStoreSummary(rowAt[i]!, now, near.distances[i]!) })
      for (let x = from; x < to; x++) docs.push(jsonWithText(list[x]!, ['store'], store))
    }
    const json = pageJson(docs, total, page)
    cache.putAnswer(key, stamp, json, near.ids, validUntil)
    return json
  }

  /**
   * Per search area (`productsNear`; areas go with their cache): the pages of products answered,
   * and when its point's stores' lists were last asked for in the background.
   */
  const pagesOfArea = new WeakMap<SearchArea, { asked: number; listsAt: number }>()
  /** A background load of a point's stores' lists is running (`productsNear`). */
  let listsLoading = false

  /** A page of the engine's products as rows for the DTOs, in the engine's order. */
  async function searchedProducts(input: Parameters<SearchService['products']>[0]) {
    const found = await search.products(input)
    return {
      rows: await repository.productsByIds(found.ids),
      total: found.total,
      corrected: found.corrected,
    }
  }

  /** GET /stores?q=: the engine's shops, near a point (serving it) or anywhere, best first. */
  async function searchedStores(
    text: string,
    point: Point | null,
    page: { page: number; limit: number },
  ): Promise<JsonBody> {
    const now = clock.now()
    const near = point ? await servingFor(point, {}, now) : null
    const ids = near
      ? rankStores((await matchesNear(near, text)).stores, near.positionOf)
      : await search.stores({ text, scope: { allStores: true } })
    const offset = (page.page - 1) * page.limit
    const pageIds = ids.slice(offset, offset + page.limit)
    const rows = near ? null : await storeRows(pageIds)
    const docs = pageIds.flatMap((id) => {
      if (near) {
        const i = near.positionOf.get(id)!
        return [servedStoreDto(near.rowAt[i]!, now, near.kmAt[i]!)]
      }
      const row = rows!.get(id)
      return row ? [toStoreDto(row, now)] : []
    })
    return {
      json: Buffer.from(JSON.stringify(storePageSchema.parse(buildPage(docs, ids.length, page)))),
    }
  }

  /**
   * The search area of a point (decision 046): the stores of its tile that can be among the
   * nearest serving ones of any of its points, or its whole cell near the poles. Shared by every
   * customer searching from that tile; the matches of a text are kept per area.
   */
  function searchArea(point: Point): Promise<SearchArea> {
    const cell = cellOf(point.lat, point.lng)
    const tile = tileOf(point)
    return cache.area(tile ? `${cell}:${tile.key}` : `${cell}`, async () => {
      const candidates = await cache.candidates(cell, repository.cellCandidates)
      return tile ? tileScope(candidates, tile, NEARBY_SHOPS_CAP) : candidates
    })
  }

  /**
   * What the engine finds for a point's stores (decision 046): found once for the whole search
   * area and kept, when the area is small enough for that to pay; in a dense city, found for the
   * point's own stores every time (cheaper than the area's thousands, and seldom asked again).
   */
  function scoped<V>(near: Near, name: string, find: (storeIds: readonly string[]) => Promise<V>) {
    const { area } = near
    return area.stores.ids.length <= AREA_KEPT_MAX_STORES
      ? cache.areaEntry(area, name, () => find(area.stores.ids))
      : find(near.ids)
  }

  /**
   * The products and stores that match a text (words or an exact SKU). Asked once per request and
   * text: /search asks it for the products and again for the shops, and in a dense city (nothing
   * kept per area) each asking matched again, in SQL for the stores the index lacks.
   */
  function matchesNear(near: Near, text: string) {
    const key = `match|${text.toLowerCase()}`
    let found = near.matches.get(key)
    if (!found) {
      found = scoped(near, key, async (storeIds) => {
        const [products, stores] = await Promise.all([
          search.productMatches({ text, storeIds }),
          search.storeMatches({ text, storeIds }),
        ])
        return { products, stores }
      })
      near.matches.set(key, found)
    }
    return found
  }

  /** The text corrected to the nearest words of the shops around, or null. */
  function correctionNear(near: Near, text: string) {
    return scoped(near, `correct|${searchWords(text).join(' ')}`, (storeIds) =>
      search.correct(text, { storeIds }),
    )
  }

  /** Products as the lists show them, by id, through the per-product cache. */
  function productDtos(ids: readonly string[]) {
    return cache.products(ids, async (missing) => {
      // Both at once (one round trip, not two): the details of an id that is not visible any
      // more are read for nothing and left out by toProductDtos.
      const [found, details] = await Promise.all([
        repository.productsByIds(missing),
        repository.productDetails(missing),
      ])
      const dtos = toProductDtos(found, details, clock.now())
      return new Map(found.map((r, i) => [r.product.id, { storeId: r.store.id, value: dtos[i]! }]))
    })
  }

  /**
   * A page's products as the lists show them: from their stores' kept first products (one entry
   * per store, shared by every point and text near it and by the home page, where a product kept
   * by id is seldom asked again at a new point), by id for one past its store's first ones.
   */
  async function pageProducts(ids: readonly string[], storeOf: ReadonlyMap<string, string>) {
    const lists = await storeProducts([...new Set(ids.map((id) => storeOf.get(id)!))])
    const found = new Map<string, { storeId: string; value: StoreProducts[number] }>()
    const rest: string[] = []
    for (const id of ids) {
      const storeId = storeOf.get(id)!
      const value = lists.get(storeId)?.find((p) => p._id === id)
      if (value) found.set(id, { storeId, value })
      else rest.push(id)
    }
    if (rest.length > 0) for (const [id, p] of await productDtos(rest)) found.set(id, p)
    return found
  }

  /**
   * A page of the matching products of the point's stores, in the engine's order; when none
   * match, those of the corrected text, returned as `corrected` (the "¿Quisiste decir…?").
   */
  async function productsNear(
    near: Near,
    input: { text: string; sort: ProductSort; page: number; limit: number },
    now: Date,
  ) {
    const rank = async (text: string) => {
      const matches = (await matchesNear(near, text)).products
      const ranked = rankProducts(matches, near.positionOf, input.sort, input.page, input.limit)
      const onPage = new Set(ranked.ids)
      const storeOf = new Map<string, string>()
      for (const m of matches) if (onPage.has(m.id)) storeOf.set(m.id, m.storeId)
      return { ...ranked, storeOf }
    }
    const exact = await rank(input.text)
    let found = { ...exact, corrected: null as string | null }
    if (exact.total === 0) {
      const corrected = await correctionNear(near, input.text)
      if (corrected) found = { ...(await rank(corrected)), corrected }
    }
    const dtos = await pageProducts(found.ids, found.storeOf)
    // From a search area's second page on, the other stores around load their lists meanwhile,
    // together: the next pages nearby (a new point, another text) find them kept instead of each
    // reading its few stores. Not on the first: a point far from every other (100,000 shops
    // scattered) would load 100 stores' lists that nobody asks for again.
    let pages = pagesOfArea.get(near.area)
    if (!pages) pagesOfArea.set(near.area, (pages = { asked: 0, listsAt: -Infinity }))
    pages.asked++
    // One such load at a time: each holds a connection the requests' own statements wait for.
    // At most one a second per area: once they are kept, asking every request's ~100 stores of
    // the per-store cache found them all there, a twentieth of a settled search's CPU
    // (bench/README.md, search, twelfth pass).
    const t = now.getTime()
    if (pages.asked >= 2 && !listsLoading && t - pages.listsAt >= AREA_LISTS_EVERY_MS) {
      pages.listsAt = t
      listsLoading = true
      storeProducts(near.ids)
        .catch(() => {})
        .finally(() => (listsLoading = false))
    }
    // Kept without the store: each answer shows the store as it is now, at its distance. As JSON
    // text (answer-json.ts): a kept product is serialized once, not validated and copied per answer.
    const docs = found.ids.flatMap((id) => {
      const product = dtos.get(id)
      const i = product && near.positionOf.get(product.storeId)
      if (!product || i === undefined) return []
      const store = toStoreSummary(near.rowAt[i]!, now, near.kmAt[i])
      return [jsonWithText(product.value, ['store'], JSON.stringify({ store }))]
    })
    return { docs, total: found.total, corrected: found.corrected }
  }

  type Near = Awaited<ReturnType<typeof servingFor>>
  type Matches = {
    products: Awaited<ReturnType<SearchService['productMatches']>>
    stores: Awaited<ReturnType<SearchService['storeMatches']>>
  }

  /**
   * The serving stores of a point that pass the search filters (category, a delivery type
   * offered there, open now), nearest first, with their rows and distances by position (one map
   * per request, from id to position: three maps of ~100 stores per request were a tenth of a
   * settled search's CPU, bench/README.md, search, twelfth pass).
   */
  async function servingFor(point: Point, filters: SearchFilters, now: Date) {
    const area = await searchArea(point)
    // Ranked as the nearby lists rank it (the area's stores rank a point of its tile exactly as
    // its cell's would: decision 046), so the tile's rows by position serve it (tile-stores.ts)
    // instead of a lookup per store in the per-store cache.
    const {
      ranked: near,
      tile,
      positions,
    } = tileRanks.rankAt(await candidatesOf(point), point, NEARBY_SHOPS_CAP)
    const stores = tile ? await tileStores(tile, positions, now, false) : null
    const kept = stores ? null : await storeRows(near.ids)
    const ids: string[] = []
    const rowAt: StoreRow[] = []
    const kmAt: number[] = []
    const positionOf = new Map<string, number>()
    for (let i = 0; i < near.ids.length; i++) {
      const id = near.ids[i]!
      const row = stores ? stores.rows[positions[i]!] : kept!.get(id)
      if (!row) continue
      const distanceKm = near.distances[i]!
      if (filters.category && row.category !== filters.category) continue
      if (filters.openNow && !storeTimeAt(row, now).openNow) continue
      if (
        filters.deliveryType &&
        !servedStoreDto(row, now, distanceKm).deliveryTypes.includes(filters.deliveryType)
      )
        continue
      positionOf.set(id, ids.length)
      ids.push(id)
      rowAt.push(row)
      kmAt.push(distanceKm)
    }
    /** This request's matches per text (`matchesNear`). */
    const matches = new Map<string, Promise<Matches>>()
    return { area, ids, rowAt, kmAt, positionOf, matches }
  }

  return {
    /** Keeps the serving-area index in step with BROWSE_RADIUS_KM; true when it was rebuilt. */
    async syncBrowseKm(browseKm: number): Promise<boolean> {
      return db.transaction((tx) => repository.syncBrowseKm(tx, browseKm))
    },

    async listStores(query: {
      page: number
      limit: number
      lat?: number
      lng?: number
      shipsTo?: string
      q?: string
    }): Promise<JsonBody> {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.stores)
      if (query.shipsTo) return shippingStores(query.shipsTo, point, query)
      if (query.q) return searchedStores(query.q, point, query)
      if (point) return nearbyStores(point, query)
      const { rows, total } = await repository.listStores(query)
      const now = clock.now()
      const page = buildPage(
        rows.map((row) => toStoreDto(row, now)),
        total,
        query,
      )
      return { json: Buffer.from(JSON.stringify(storePageSchema.parse(page))) }
    },

    /**
     * GET /search (issue 25): products and shops near a point that match the text, with the
     * corrected spelling when a word had no match.
     */
    async search(query: SearchQueryInput): Promise<JsonBody> {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.products)
      if (!point) throw locationRequired(LOCATION_REQUIRED.products)
      const now = clock.now()
      const near = await servingFor(point, query, now)
      const { ids, rowAt, kmAt, positionOf } = near
      const productPage = { page: query.page, limit: query.limit }
      const storePage = { page: query.storePage, limit: SEARCH_PAGE_SIZES.stores }
      if (ids.length === 0)
        return { json: searchJson(pageJson([], 0, productPage), pageJson([], 0, storePage), null) }
      const products = await productsNear(
        near,
        { text: query.q, sort: query.sort, ...productPage },
        now,
      )
      // Shops by their own words; when the products needed a correction, by the corrected text.
      let storeIds = rankStores((await matchesNear(near, query.q)).stores, near.positionOf)
      if (storeIds.length === 0 && products.corrected)
        storeIds = rankStores((await matchesNear(near, products.corrected)).stores, near.positionOf)
      if (query.sort === 'distance' || query.sort === 'price')
        storeIds = [...storeIds].sort(
          (a, b) => kmAt[positionOf.get(a)!]! - kmAt[positionOf.get(b)!]!,
        )
      const offset = (storePage.page - 1) * storePage.limit
      const storeDocs = storeIds.slice(offset, offset + storePage.limit).map((id) => {
        const i = positionOf.get(id)!
        return jsonWithText(
          fixedStoreFields(rowAt[i]!),
          [],
          servedStoreText(rowAt[i]!, now, kmAt[i]!),
        )
      })
      // The products' correction is the one: it was asked for whenever nothing matched.
      return {
        json: searchJson(
          pageJson(products.docs, products.total, productPage),
          pageJson(storeDocs, storeIds.length, storePage),
          products.corrected,
        ),
      }
    },

    /** GET /search/suggest: up to 8 products, shops and categories near a point for the box. */
    async suggest(query: { q: string; lat?: number; lng?: number }) {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.products)
      if (!point) throw locationRequired(LOCATION_REQUIRED.products)
      const now = clock.now()
      const near = await servingFor(point, {}, now)
      const { ids, rowAt, positionOf } = near
      if (ids.length === 0) return { docs: [] }
      const folded = searchWords(query.q).join(' ')
      const categories = [...new Set(rowAt.map((row) => row.category))]
        .filter((c): c is StoreCategory => c in STORE_CATEGORY_LABELS)
        .filter((c) => folded && searchWords(STORE_CATEGORY_LABELS[c]).join(' ').startsWith(folded))
        .map((c) => ({ kind: 'category' as const, label: STORE_CATEGORY_LABELS[c], id: c }))
        .slice(0, 2)
      const storeStarts = await scoped(near, `store-prefix|${folded}`, (storeIds) =>
        search.storeMatches({ text: query.q, storeIds, prefix: true }),
      )
      const stores = rankStores(storeStarts, positionOf)
        .slice(0, 3)
        .map((id) => rowAt[positionOf.get(id)!]!)
        .map((row) => ({ kind: 'store' as const, label: row.name, id: row.id, handle: row.handle }))
      const productRoom = SUGGEST_LIMIT - categories.length - stores.length
      const titles = (text: string, prefix: boolean) =>
        scoped(near, `${prefix ? 'prefix' : 'words'}|${searchWords(text).join(' ')}`, (storeIds) =>
          search.suggestionMatches({ text, storeIds, prefix }),
        )
      // The last word as typed so far; when nothing starts so, the corrected words.
      let found = rankSuggestions(await titles(query.q, true), positionOf, productRoom)
      if (found.length === 0) {
        const corrected = await correctionNear(near, query.q)
        if (corrected)
          found = rankSuggestions(await titles(corrected, false), positionOf, productRoom)
      }
      const products = found.map((p) => ({
        kind: 'product' as const,
        label: p.title,
        id: p.id,
        handle: p.handle,
        storeId: p.storeId,
        storeName: p.storeName,
        storeHandle: p.storeHandle,
      }))
      return { docs: [...products, ...stores, ...categories] }
    },

    /** A shop's page; with the customer's point, its distance, delivery terms and ETA there. */
    async getStore(idOrHandle: string, point?: { lat?: number; lng?: number }) {
      const row = await resolveStore(idOrHandle)
      const at = pointFrom(point?.lat, point?.lng, LOCATION_REQUIRED.stores)
      if (!at) return toStoreDto(row, clock.now())
      return toStoreDto(row, clock.now(), haversineKm(at.lat, at.lng, row.latitude, row.longitude))
    },

    async storeCollections(idOrHandle: string) {
      const store = await resolveStore(idOrHandle)
      const rows = await repository.storeCollections(store.id)
      return rows.map((c) => ({
        _id: c.id,
        title: c.title,
        handle: c.handle,
        description: c.description,
        imageUrl: c.imageUrl,
        productCount: Number(c.productCount),
      }))
    },

    async listProducts(query: ProductListQuery): Promise<JsonBody> {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.products)
      const limit = query.limit ?? (point ? PAGE_SIZES.productsNearby : PAGE_SIZES.products)
      const page = { page: query.page, limit }
      // The home page's read: products near a point, unfiltered, from the caches.
      if (point && !query.q && !query.shopId && !query.collection) {
        const answer = await nearbyProducts(point, page)
        if (answer) return answer
      }
      const store = query.shopId ? await resolveStore(query.shopId) : null
      let collectionId: string | undefined
      if (query.collection) {
        if (isUuid(query.collection)) collectionId = query.collection
        else if (store)
          collectionId =
            (await repository.findCollection(store.id, query.collection, false))?.id ??
            '00000000-0000-0000-0000-000000000000'
        else
          throw new AppError(
            'INVALID',
            'Para filtrar por colección con su handle indicá también el comercio (shopId).',
          )
      }
      // Text near a point, across its shops: the search area's kept matches (decision 046).
      if (point && query.q && !store && !collectionId) {
        const now = clock.now()
        const found = await productsNear(
          await servingFor(point, {}, now),
          { text: query.q, sort: 'relevance', ...page },
          now,
        )
        return { json: pageJson(found.docs, found.total, page) }
      }
      const near = point ? await serving(point, NEARBY_SHOPS_CAP) : null
      const distanceOf = new Map<string, number>()
      if (near) near.ids.forEach((id, i) => distanceOf.set(id, near.distances[i]!))
      const scope: StoreScope = store
        ? { storeIds: near && !near.ids.includes(store.id) ? [] : [store.id] }
        : near
          ? { storeIds: near.ids }
          : { allStores: true }
      const { rows, total } =
        'storeIds' in scope && scope.storeIds.length === 0
          ? { rows: [], total: 0 }
          : query.q
            ? await searchedProducts({
                text: query.q,
                scope,
                sort: 'relevance',
                ...(collectionId ? { collectionId } : {}),
                ...page,
              })
            : await repository.listProducts({
                ...(near ? { near: { storeIds: near.ids } } : {}),
                ...(store ? { storeId: store.id } : {}),
                ...(collectionId ? { collectionId } : {}),
                ...page,
              })
      const details = await repository.productDetails(rows.map((r) => r.product.id))
      const withDistance = near
        ? rows.map((r) => ({ ...r, distanceKm: distanceOf.get(r.store.id) ?? null }))
        : rows
      const json = Buffer.from(
        JSON.stringify(
          productPageSchema.parse(
            buildPage(toProductDtos(withDistance, details, clock.now()), total, page),
          ),
        ),
      )
      return { json }
    },

    /** By id, or by handle within a shop (shopId is the shop's id or handle). */
    async getProduct(idOrHandle: string, shopId: string | undefined) {
      let found
      if (isUuid(idOrHandle)) found = await repository.findProduct({ id: idOrHandle })
      else {
        if (!shopId) {
          throw new AppError(
            'MISSING_REQUIRED_FIELD',
            'Para buscar un producto por su handle indicá el comercio (shopId).',
            {
              errors: [{ name: 'shopId', message: 'Este campo es obligatorio' }],
            },
          )
        }
        const store = await resolveStore(shopId)
        found = await repository.findProduct({ storeId: store.id, handle: idOrHandle })
      }
      if (!found || (shopId && isUuid(shopId) && found.store.id !== shopId)) {
        throw new AppError('NOT_FOUND', 'No encontramos ese producto.')
      }
      const details = await repository.productDetails([found.product.id])
      const [dto] = toProductDtos(
        [{ product: found.product, store: found.store }],
        details,
        clock.now(),
      )
      return dto!
    },
  }
}
export type CatalogService = ReturnType<typeof createCatalogService>
