import type { LogisticsSettings } from '@barrio/contracts/admin-settings'

/**
 * How long an ASAP order takes (issue 26, decision 039), computed here alone so that shop cards,
 * the shop page and checkout's delivery options say the same: the shop's preparation time
 * (`pickup.preparationMinutes`), plus, for delivery, the ride at city speed from the shop to the
 * customer's point and a few minutes to hand it over. Without a point, the ride is the seller's
 * own `delivery.estimatedMinutes`. Shown as a 10-minute range starting on a multiple of 5.
 */
export const DELIVERY_KM_PER_HOUR = 20
export const HANDOVER_MINUTES = 5
export const ETA_SPREAD_MINUTES = 10
/** What checkout assumes of a store that never saved its logistics. */
const DEFAULT_PREPARATION_MINUTES = 30
const DEFAULT_RIDE_MINUTES = 45

export type EtaMinutes = { min: number; max: number; deliveryType: 'pickup' | 'delivery' }

function range(minutes: number, deliveryType: EtaMinutes['deliveryType']): EtaMinutes {
  const min = Math.max(5, Math.ceil(minutes / 5) * 5)
  return { min, max: min + ETA_SPREAD_MINUTES, deliveryType }
}

export function rideMinutes(distanceKm: number): number {
  return Math.ceil((distanceKm / DELIVERY_KM_PER_HOUR) * 60) + HANDOVER_MINUTES
}

export function pickupEta(rules: LogisticsSettings | null | undefined): EtaMinutes {
  return range(rules?.pickup.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES, 'pickup')
}

export function deliveryEta(
  rules: LogisticsSettings | null | undefined,
  distanceKm: number | null | undefined,
): EtaMinutes {
  const ride =
    typeof distanceKm === 'number'
      ? rideMinutes(distanceKm)
      : (rules?.delivery.estimatedMinutes ?? DEFAULT_RIDE_MINUTES)
  return range((rules?.pickup.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES) + ride, 'delivery')
}

/**
 * The ETA a shop's card and page show: delivery when the shop delivers to the asked point (within
 * its radius), else pickup when it offers pickup; null otherwise (shipping takes days, not
 * minutes).
 */
export function storeEta(
  store: { deliveryTypes: readonly string[]; deliveryRadiusKm: number },
  rules: LogisticsSettings | null | undefined,
  distanceKm: number | null | undefined,
): EtaMinutes | null {
  const radiusKm = rules?.delivery.radiusKm ?? store.deliveryRadiusKm
  if (
    store.deliveryTypes.includes('delivery') &&
    typeof distanceKm === 'number' &&
    distanceKm <= radiusKm
  )
    return deliveryEta(rules, distanceKm)
  if (store.deliveryTypes.includes('pickup')) return pickupEta(rules)
  return null
}
