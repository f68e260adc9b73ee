import { taxesForProduct } from '@barrio/contracts/legal-prices'
import type { DeliveryType } from '@barrio/contracts/enums'
import type { StoreTerms } from '@barrio/contracts/stores'
import { variantFields } from '../products/variant-dto.ts'
import { storeFields } from '../stores/store-dto.ts'
import { storeEta } from '../stores/store-eta.ts'
import { storeTimeAt, type StoreTime } from '../stores/store-time.ts'
import type { CatalogRepository, ProductRow, StoreRow } from './catalog.repository.ts'

type Details = Awaited<ReturnType<CatalogRepository['productDetails']>>

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * What ordering costs at the store (issue 30), as checkout will price it (checkout/pricing.ts):
 * the delivery fee (the band of this distance when there is one), free-from and minimum order of
 * its saved logistics, and its lowest shipping fee. A store that never saved them delivers free
 * with no minimum and ships nowhere, as checkout reads it. Left out when the row came without its
 * logistics.
 */
export function storeTerms(row: StoreRow, distanceKm?: number | null): StoreTerms | undefined {
  if (row.logistics === undefined) return undefined
  const types = row.deliveryTypes
  const rules = row.logistics
  let delivery: StoreTerms['delivery'] = null
  if (types.includes('delivery')) {
    const d = rules?.delivery
    const fee = d?.fee ?? { type: 'flat' as const, amount: 0 }
    // Rounded as checkout rounds it before finding the band.
    const km = typeof distanceKm === 'number' ? round2(distanceKm) : null
    const band =
      fee.type === 'bands' && km !== null ? fee.bands.find((b) => km <= b.upToKm) : undefined
    delivery = {
      fee:
        fee.type === 'flat'
          ? fee.amount
          : (band?.amount ?? Math.min(...fee.bands.map((b) => b.amount))),
      feeVaries: fee.type === 'bands' && !band && new Set(fee.bands.map((b) => b.amount)).size > 1,
      freeFrom: d?.freeFrom ?? null,
      minOrder: d?.minOrder || null,
    }
  }
  const provinces = types.includes('shipping') ? (rules?.shipping.provinces ?? []) : []
  const fees = provinces.map((p) => p.fee)
  return {
    delivery,
    shipping:
      fees.length > 0 ? { fee: Math.min(...fees), feeVaries: new Set(fees).size > 1 } : null,
  }
}

/**
 * Whether the store takes orders now by its switch, hours, closures and holidays, and how long an
 * ASAP order takes (issue 26). Depends on `now`: cached answers expire when it changes
 * (`storeTimeChangesAt`).
 */
export function storeTimeFields(row: StoreRow, now: Date, distanceKm?: number | null) {
  const time = storeTimeAt(row, now)
  return {
    openNow: time.openNow,
    closesAt: time.closesAt?.toISOString() ?? null,
    nextOpening: time.nextOpening?.toISOString() ?? null,
    etaMinutes: time.openNow ? storeEta(row, row.logistics, distanceKm) : null,
    closure: time.closure,
  }
}

/** Spec section 3: Store, as customers see it; the distance only in location queries. */
export function toStoreDto(row: StoreRow, now: Date, distanceKm?: number | null) {
  const terms = storeTerms(row, distanceKm)
  return {
    ...storeFields(row),
    ...storeTimeFields(row, now, distanceKm),
    ...(distanceKm === undefined || distanceKm === null ? {} : { distanceKm: round2(distanceKm) }),
    ...(terms ? { terms } : {}),
  }
}

/**
 * What a store's DTO says to a customer `distanceKm` away that depends on the distance and the
 * time: delivery is offered only inside its radius (its terms then say no delivery); pickup and
 * shipping wherever it serves.
 */
export function servedStoreFields(row: StoreRow, now: Date, distanceKm: number) {
  const deliveryTypes = servedDeliveryTypes(row, distanceKm)
  const terms = servedTerms(row, distanceKm, deliveryTypes)
  return {
    deliveryTypes,
    ...storeTimeFields(row, now, distanceKm),
    distanceKm: round2(distanceKm),
    ...(terms ? { terms } : {}),
  }
}

/** Whether a customer `distanceKm` away is within the store's delivery radius. */
function withinRadius(row: StoreRow, distanceKm: number) {
  return distanceKm <= row.deliveryRadiusKm
}

function servedDeliveryTypes(row: StoreRow, distanceKm: number) {
  return (row.deliveryTypes as DeliveryType[]).filter(
    (t) => t !== 'delivery' || withinRadius(row, distanceKm),
  )
}

function servedTerms(row: StoreRow, distanceKm: number, deliveryTypes: DeliveryType[]) {
  const terms = storeTerms(row, distanceKm)
  if (!terms) return undefined
  return deliveryTypes.includes('delivery') ? terms : { ...terms, delivery: null }
}

/** The JSON of a store's time fields, per StoreTime (storeTimeAt keeps one until it changes). */
const timeTexts = new WeakMap<StoreTime, string>()
function timeText(time: StoreTime) {
  let text = timeTexts.get(time)
  if (text === undefined) {
    text = `"openNow":${time.openNow},"closesAt":${JSON.stringify(time.closesAt)},"nextOpening":${JSON.stringify(time.nextOpening)},"closure":${JSON.stringify(time.closure)}`
    timeTexts.set(time, text)
  }
  return text
}

/**
 * Per row, the JSON of its delivery types inside its delivery radius and outside it, and of its
 * terms by slot (`termsSlot`), each made the first time a distance needs it.
 */
type ServedTexts = { deliveryTypes: [string, string]; terms: Array<string | undefined> }
const servedTexts = new WeakMap<StoreRow, ServedTexts>()
function servedTextsOf(row: StoreRow): ServedTexts {
  let texts = servedTexts.get(row)
  if (texts === undefined) {
    texts = {
      deliveryTypes: [
        JSON.stringify(servedDeliveryTypes(row, 0)),
        JSON.stringify(servedDeliveryTypes(row, Number.POSITIVE_INFINITY)),
      ],
      terms: [],
    }
    servedTexts.set(row, texts)
  }
  return texts
}

/**
 * Which of a row's terms a distance gets: 0 outside the delivery radius (no delivery); inside it,
 * 1 + the index of the fee band the distance falls in as storeTerms finds it (rounded as checkout
 * rounds it; a flat fee is band 0), or 1 + the band count past every band. Within a slot the terms
 * do not depend on the distance: a band's fee is its amount, past the bands the lowest "varies".
 */
function termsSlot(row: StoreRow, distanceKm: number, inside: boolean) {
  if (!inside) return 0
  const fee = row.logistics?.delivery.fee
  if (fee?.type !== 'bands') return 1
  const km = round2(distanceKm)
  const { bands } = fee
  for (let i = 0; i < bands.length; i++) if (km <= bands[i]!.upToKm) return 1 + i
  return 1 + bands.length
}

/**
 * servedStoreFields as JSON text (the nearby stores list, decision 066): at a new point per
 * request only the distance changes, so what depends on the time is serialized once per store
 * time, and what depends on the radius and the fee band once per row. The same fields, equal once
 * parsed (catalog.dto.test.ts).
 */
export function servedStoreText(row: StoreRow, now: Date, distanceKm: number): string {
  const time = storeTimeAt(row, now)
  const inside = withinRadius(row, distanceKm)
  const texts = servedTextsOf(row)
  const eta = time.openNow ? storeEta(row, row.logistics, distanceKm) : null
  const etaText = eta
    ? `{"min":${eta.min},"max":${eta.max},"deliveryType":"${eta.deliveryType}"}`
    : 'null'
  let terms = ''
  if (row.logistics !== undefined) {
    const slot = termsSlot(row, distanceKm, inside)
    const text = (texts.terms[slot] ??= JSON.stringify(
      servedTerms(row, distanceKm, servedDeliveryTypes(row, distanceKm)),
    ))
    terms = `,"terms":${text}`
  }
  return `{"deliveryTypes":${texts.deliveryTypes[inside ? 0 : 1]},${timeText(time)},"etaMinutes":${etaText},"distanceKm":${round2(distanceKm)}${terms}}`
}

/** A store as a customer at `distanceKm` sees it (the nearby lists and search). */
export function servedStoreDto(row: StoreRow, now: Date, distanceKm: number) {
  return { ...storeFields(row), ...servedStoreFields(row, now, distanceKm) }
}

/**
 * The store on a product card. `openNow` depends on `now`: the nearby answers that carry it expire
 * when a shop opens or closes, and rebuild the summary per answer (catalog.service.ts).
 */
export function toStoreSummary(row: StoreRow, now: Date, distanceKm?: number | null) {
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    isOpen: row.isOpen,
    openNow: storeTimeAt(row, now).openNow,
    logoUrl: row.logoUrl,
    whatsapp: row.whatsapp,
    ...(distanceKm === undefined || distanceKm === null
      ? {}
      : { distanceKm: round2(Number(distanceKm)) }),
  }
}

/** Builds product DTOs from rows plus their batch-loaded details. */
export function toProductDtos(
  rows: Array<{ product: ProductRow; store: StoreRow; distanceKm?: number | null }>,
  details: Details,
  now: Date,
) {
  const variantsBy = groupBy(details.variants, (v) => v.productId)
  const mediaBy = groupBy(details.media, (m) => m.productId)
  const collectionsBy = groupBy(details.memberships, (m) => m.productId)
  const taxesBy = groupBy(details.taxes, (t) => t.storeId)
  return rows.map(({ product, store, distanceKm }) => {
    const collectionIds = (collectionsBy.get(product.id) ?? []).map((m) => m.collectionId)
    const variants = (variantsBy.get(product.id) ?? []).map((v) => ({
      ...variantFields(v),
      isAvailable: !v.trackStock || v.stockQuantity > 0,
    }))
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
      collectionIds,
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
      store: toStoreSummary(store, now, distanceKm),
      // The store's taxes on this product: what customers are shown beside its prices (decision 050).
      taxes: taxesForProduct(
        (taxesBy.get(store.id) ?? []).map((t) => ({ ...t, rate: t.rateBasisPoints / 100 })),
        collectionIds,
      ),
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
