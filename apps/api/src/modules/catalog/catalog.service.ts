import { PAGE_SIZES } from '@barrio/contracts/constants'
import { buildPage } from '@barrio/contracts/pagination'
import type { ProductListQuery } from '@barrio/contracts/products'
import { LOCATION_REQUIRED } from '@barrio/contracts/stores'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import type { CatalogRepository, Point, ServiceRadius } from './catalog.repository.ts'
import { toProductDtos, toStoreDto } from './catalog.dto.ts'

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
  radius,
}: {
  repository: CatalogRepository
  radius: ServiceRadius
}) {
  async function resolveStore(idOrHandle: string) {
    const store = await repository.findStore(idOrHandle, isUuid(idOrHandle))
    if (!store) throw new AppError('NOT_FOUND', 'No encontramos ese comercio.')
    return store
  }

  return {
    async listStores(query: { page: number; limit: number; lat?: number; lng?: number }) {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.stores)
      if (point) {
        const { rows, total } = await repository.nearbyStores(point, radius, query)
        return buildPage(
          rows.map((row) => {
            const dto = toStoreDto(row, row.distanceKm)
            // Delivery is offered here only inside the radius; pickup and shipping wherever it serves.
            const deliveryTypes = dto.deliveryTypes.filter(
              (t) => t !== 'delivery' || row.distanceKm <= row.deliveryRadiusKm,
            )
            return { ...dto, deliveryTypes }
          }),
          total,
          query,
        )
      }
      const { rows, total } = await repository.listStores(query)
      return buildPage(
        rows.map((row) => toStoreDto(row)),
        total,
        query,
      )
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

    async listProducts(query: ProductListQuery) {
      const point = pointFrom(query.lat, query.lng, LOCATION_REQUIRED.products)
      const limit = query.limit ?? (point ? PAGE_SIZES.productsNearby : PAGE_SIZES.products)
      const page = { page: query.page, limit }
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
      const { rows, total } = await repository.listProducts({
        ...(point ? { near: { point, radius } } : {}),
        ...(store ? { storeId: store.id } : {}),
        ...(query.q ? { q: query.q } : {}),
        ...(collectionId ? { collectionId } : {}),
        ...page,
      })
      const details = await repository.productDetails(rows.map((r) => r.product.id))
      return buildPage(toProductDtos(rows, details), total, page)
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
