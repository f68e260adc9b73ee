import { taxesForProduct } from '@barrio/contracts/legal-prices'
import { etaLabel } from '@barrio/contracts/store-time-labels'
import { deliveryEta, pickupEta } from '../stores/store-eta.ts'
import type { LogisticsSettings } from '@barrio/contracts/admin-settings'
import type { DeliveryOption } from '@barrio/contracts/checkout'
import type { DeliveryType } from '@barrio/contracts/enums'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { PROVINCE_NAMES, type ProvinceCode } from '@barrio/contracts/provinces'
import { haversineKm } from '../../lib/geo.ts'
import { formatArs } from '../../lib/money.ts'

export type PricingAddress = {
  latitude: number
  longitude: number
  provinceCode: string
  /** The point is the locality's centre (decision 038): no delivery to it by distance. */
  approximate?: boolean
} | null

/** Why delivery waits for the door when the address's point is only its locality's centre. */
export const APPROXIMATE_ADDRESS_REASON =
  'Ubicá tu puerta en el mapa: tu dirección está marcada en el centro del barrio'
export type PricingStore = {
  latitude: number
  longitude: number
  street: string
  streetNumber: string
  city: string
}
export type TaxRule = {
  name: string
  rateBasisPoints: number
  appliesTo: 'all' | 'collections'
  collectionIds: string[]
  included: boolean
}
export type PricedLine = { productId: string; lineTotal: number; collectionIds: string[] }

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * What each delivery type costs and whether it is possible for this address and subtotal, from
 * the store's logistics settings. Disabled types are not offered at all.
 */
export function deliveryOptions(
  store: PricingStore,
  rules: LogisticsSettings,
  address: PricingAddress,
  subtotal: number,
  /** Whether the store takes an order for now, and any order at all (issue 26). */
  time: { asap: boolean; takesOrders: boolean } = { asap: true, takesOrders: true },
): DeliveryOption[] {
  const options: DeliveryOption[] = []
  const base = (type: DeliveryType) => ({
    type,
    label: DELIVERY_TYPE_LABELS[type],
    pickupAddress: null,
    distanceKm: null,
    isFree: false,
    fee: 0,
    // Shipping takes days: it has no slots and goes out whenever the shop prepares it.
    asap: type === 'shipping' ? true : time.asap,
    canSchedule: type !== 'shipping' && time.takesOrders && rules.scheduling[type].enabled,
  })
  const distance = address
    ? round2(
        haversineKm(
          { lat: store.latitude, lng: store.longitude },
          { lat: address.latitude, lng: address.longitude },
        ),
      )
    : null

  if (rules.pickup.enabled) {
    options.push({
      ...base('pickup'),
      available: true,
      reason: null,
      isFree: true,
      estimate: `Listo para retirar en ${etaLabel(pickupEta(rules))}`,
      pickupAddress: rules.pickup.address ?? `${store.street} ${store.streetNumber}, ${store.city}`,
      distanceKm: distance,
    })
  }

  if (rules.delivery.enabled) {
    const d = rules.delivery
    const option = {
      ...base('delivery'),
      distanceKm: distance,
      estimate: `Llega en ${etaLabel(deliveryEta(rules, distance))}`,
    }
    let reason: string | null = null
    let fee = 0
    if (distance === null) reason = 'Elegí una dirección de entrega'
    else if (address?.approximate) reason = APPROXIMATE_ADDRESS_REASON
    else if (distance > d.radiusKm)
      reason = `Tu dirección está a ${distance.toLocaleString('es-AR')} km: este comercio entrega hasta ${d.radiusKm.toLocaleString('es-AR')} km`
    else if (d.fee.type === 'flat') fee = d.fee.amount
    else {
      const band = d.fee.bands.find((b) => distance <= b.upToKm)
      if (band) fee = band.amount
      else reason = `Tu dirección está fuera de los tramos de envío del comercio`
    }
    if (!reason && d.minOrder && subtotal < d.minOrder)
      reason = `El pedido mínimo para entrega a domicilio es ${formatArs(d.minOrder)}`
    const isFree =
      !reason && d.freeFrom !== null && d.freeFrom !== undefined && subtotal >= d.freeFrom
    options.push({ ...option, available: !reason, reason, fee: isFree ? 0 : fee, isFree })
  }

  if (rules.shipping.enabled) {
    const s = rules.shipping
    let reason: string | null = null
    let fee = 0
    if (!address) reason = 'Elegí una dirección de envío'
    else {
      const province = s.provinces.find((p) => p.code === address.provinceCode)
      if (province) fee = province.fee
      else
        reason = `Este comercio no envía a ${PROVINCE_NAMES[address.provinceCode as ProvinceCode] ?? address.provinceCode}`
    }
    options.push({
      ...base('shipping'),
      available: !reason,
      reason,
      fee,
      estimate: `${s.estimatedDays} días hábiles`,
      distanceKm: distance,
    })
  }
  return options
}

/**
 * Taxes per rule on the lines they apply to. An included tax is informative (its share of the
 * price); an added one increases the total. Rounded to whole centavos per rule.
 */
/**
 * The taxes of the store that apply to one product, as the customer's line carries them for the
 * price without national taxes (contracts' `taxesForProduct`, decision 050).
 */
export function productTaxes(rules: TaxRule[], collectionIds: string[]) {
  return taxesForProduct(
    rules.map((r) => ({ ...r, rate: r.rateBasisPoints / 100 })),
    collectionIds,
  )
}

export function taxLines(rules: TaxRule[], lines: PricedLine[]) {
  return rules.map((rule) => {
    const scoped =
      rule.appliesTo === 'all'
        ? lines
        : lines.filter((l) => l.collectionIds.some((c) => rule.collectionIds.includes(c)))
    const base = scoped.reduce((sum, l) => sum + l.lineTotal, 0)
    const bp = rule.rateBasisPoints
    const amount = rule.included
      ? base - Math.round((base * 10_000) / (10_000 + bp))
      : Math.round((base * bp) / 10_000)
    return { name: rule.name, rate: bp / 100, amount, included: rule.included }
  })
}
