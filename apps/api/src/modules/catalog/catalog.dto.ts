import type { DeliveryType } from '@barrio/contracts/enums'
import type { StoreCategory } from '@barrio/contracts/common'
import { toPostalAddress } from '../../lib/postal-address.ts'
import type { CatalogRepository, ProductRow, StoreRow } from './catalog.repository.ts'

type Details = Awaited<ReturnType<CatalogRepository['productDetails']>>

const round2 = (n: number) => Math.round(n * 100) / 100

/** Spec section 3: latitude/longitude come from location.coordinates ([lng, lat]). */
export function toStoreDto(row: StoreRow, distanceKm?: number | null) {
  const coordinates: [number, number] = [row.longitude ?? 0, row.latitude ?? 0]
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    description: row.description,
    category: row.category as StoreCategory,
    phone: row.phone,
    email: row.email,
    address: toPostalAddress({ ...row, number: row.streetNumber }),
    location: { type: 'Point' as const, coordinates },
    latitude: coordinates[1],
    longitude: coordinates[0],
    isOpen: row.isOpen,
    openingHours: row.openingHours,
    deliveryTypes: row.deliveryTypes as DeliveryType[],
    deliveryRadiusKm: row.deliveryRadiusKm,
    logoUrl: row.logoUrl,
    coverUrl: row.coverUrl,
    ...(distanceKm === undefined || distanceKm === null ? {} : { distanceKm: round2(distanceKm) }),
  }
}

export function toStoreSummary(row: StoreRow, distanceKm?: number | null) {
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    isOpen: row.isOpen,
    logoUrl: row.logoUrl,
    ...(distanceKm === undefined || distanceKm === null
      ? {}
      : { distanceKm: round2(Number(distanceKm)) }),
  }
}

/** Builds product DTOs from rows plus their batch-loaded details. */
export function toProductDtos(
  rows: Array<{ product: ProductRow; store: StoreRow; distanceKm?: number | null }>,
  details: Details,
) {
  const variantsBy = groupBy(details.variants, (v) => v.productId)
  const mediaBy = groupBy(details.media, (m) => m.productId)
  const collectionsBy = groupBy(details.memberships, (m) => m.productId)
  return rows.map(({ product, store, distanceKm }) => {
    const variants = (variantsBy.get(product.id) ?? []).map((v) => {
      const isAvailable = !v.trackStock || v.stockQuantity > 0
      return {
        _id: v.id,
        title: v.title,
        sku: v.sku,
        options: v.optionValues,
        price: v.priceCents,
        compareAtPrice: v.compareAtPriceCents,
        stock: v.trackStock ? Math.max(v.stockQuantity, 0) : 0,
        trackInventory: v.trackStock,
        isAvailable,
      }
    })
    const cheapest = variants.reduce<(typeof variants)[number] | null>(
      (min, v) => (!min || v.price < min.price ? v : min),
      null,
    )
    return {
      _id: product.id,
      title: product.title,
      handle: product.handle,
      description: product.description,
      status: product.status,
      tags: product.tags,
      options: product.options,
      collectionIds: (collectionsBy.get(product.id) ?? []).map((m) => m.collectionId),
      currency: 'ARS' as const,
      price: cheapest?.price ?? 0,
      compareAtPrice: cheapest?.compareAtPrice ?? null,
      isAvailable: variants.some((v) => v.isAvailable),
      variants,
      media: (mediaBy.get(product.id) ?? []).map((m) => ({
        mediaId: m.id,
        url: m.url,
        // The 400 px square rendition, for the grids' srcset; left out when there is none.
        ...(m.thumbUrl ? { thumbUrl: m.thumbUrl } : {}),
        alt: m.alt,
        width: m.width,
        height: m.height,
        position: m.position,
      })),
      store: toStoreSummary(store, distanceKm),
    }
  })
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = map.get(k)
    if (list) list.push(item)
    else map.set(k, [item])
  }
  return map
}
