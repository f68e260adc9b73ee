import { PAGE_SIZES } from '@barrio/contracts/constants'
import { buildPage } from '@barrio/contracts/pagination'
import { productPageSchema, type ProductListQuery } from '@barrio/contracts/products'
import { LOCATION_REQUIRED, storePageSchema } from '@barrio/contracts/stores'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { cellOf } from '../../lib/service-cells.ts'
import type { CatalogCache } from './catalog.cache.ts'
import { rankServing } from './catalog.nearby.ts'
import {
  NEARBY_SHOPS_CAP,
  type CatalogRepository,
  type Point,
  type StoreRow,
} from './catalog.repository.ts'
import { toProductDtos, toStoreDto } from './catalog.dto.ts'

/** An answer already serialized (validated against its schema when it was built). */
export type JsonBody = { json: string }

const isUuid = (value: string) => z.uuid().safeParse(value).success

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
  repository,
  cache,
}: {
  repository: CatalogRepository
  cache: CatalogCache
}) {
  async function resolveStore(idOrHandle: string) {
    const store = await repository.findStore(idOrHandle, isUuid(idOrHandle))
    if (!store) throw new AppError('NOT_FOUND', 'No encontramos ese comercio.')
    return store
  }

  /** The serving stores of a point: its cell's candidates (cached), ranked exactly. */
  async function serving(point: Point, k: number) {
    const candidates = await cache.candidates(
      cellOf(point.lat, point.lng),
      repository.cellCandidates,
    )
    return rankServing(candidates, point, k)
  }

  async function nearbyStores(
    point: Point,
    page: { page: number; limit: number },
  ): Promise<JsonBody> {
    const key = `s|${point.lat}|${point.lng}|${page.page}|${page.limit}`
    const hit = cache.answer(key)
    if (hit !== undefined) return { json: hit }
    const gen = cache.generation()
    const offset = (page.page - 1) * page.limit
    const ranked = await serving(point, offset + page.limit)
    const ids = ranked.ids.slice(offset)
    const distances = ranked.distances.slice(offset)
    const rows = new Map<string, StoreRow>()
    for (const row of await repository.storesByIds(ids)) rows.set(row.id, row)
    const docs = []
    for (let i = 0; i < ids.length; i++) {
      const row = rows.get(ids[i]!)
      if (!row) continue
      const distanceKm = distances[i]!
      const dto = toStoreDto(row, distanceKm)
      // Delivery is offered here only inside the radius; pickup and shipping wherever it serves.
      const deliveryTypes = dto.deliveryTypes.filter(
        (t) => t !== 'delivery' || distanceKm <= row.deliveryRadiusKm,
      )
      docs.push({ ...dto, deliveryTypes })
    }
    const json = JSON.stringify(storePageSchema.parse(buildPage(docs, ranked.total, page)))
    cache.putAnswer(key, gen, json, ids)
    return { json }
  }

  return {
    async listStores(query: {
      page: number
      limit: number
      lat?: number
      lng?: number
    }): Promise<JsonBody> {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.stores)
      if (point) return nearbyStores(point, query)
      const { rows, total } = await repository.listStores(query)
      const page = buildPage(
        rows.map((row) => toStoreDto(row)),
        total,
        query,
      )
      return { json: JSON.stringify(storePageSchema.parse(page)) }
    },

    async getStore(idOrHandle: string) {
      return toStoreDto(await resolveStore(idOrHandle))
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
      // The home page's read: products near a point, unfiltered, answered from the cache.
      const shared = point && !query.q && !query.shopId && !query.collection
      const key = shared ? `p|${point.lat}|${point.lng}|${page.page}|${page.limit}` : null
      if (key) {
        const hit = cache.answer(key)
        if (hit !== undefined) return { json: hit }
      }
      const gen = cache.generation()
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
      const near = point ? await serving(point, NEARBY_SHOPS_CAP) : null
      const distanceOf = new Map<string, number>()
      if (near) near.ids.forEach((id, i) => distanceOf.set(id, near.distances[i]!))
      const { rows, total } =
        near && near.ids.length === 0
          ? { rows: [], total: 0 }
          : await repository.listProducts({
              ...(near ? { near: { storeIds: near.ids } } : {}),
              ...(store ? { storeId: store.id } : {}),
              ...(query.q ? { q: query.q } : {}),
              ...(collectionId ? { collectionId } : {}),
              ...page,
            })
      const details = await repository.productDetails(rows.map((r) => r.product.id))
      const withDistance = near
        ? rows.map((r) => ({ ...r, distanceKm: distanceOf.get(r.store.id) ?? null }))
        : rows
      const json = JSON.stringify(
        productPageSchema.parse(buildPage(toProductDtos(withDistance, details), total, page)),
      )
      if (key && near) cache.putAnswer(key, gen, json, near.ids)
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
      const [dto] = toProductDtos([{ product: found.product, store: found.store }], details)
      return dto!
    },
  }
}
export type CatalogService = ReturnType<typeof createCatalogService>
