import { EARTH_RADIUS_KM } from '@barrio/contracts/constants'

import { formatDecimal } from '@/lib/format'

/** "a 350 m", "a 1,2 km", "a 15 km": how far a shop is from the selected address. */
export function formatDistance(km: number): string {
  const value = Math.max(0, km)
  if (value < 1) return `a ${formatDecimal(Math.max(10, Math.round((value * 1000) / 10) * 10))} m`
  if (value < 10) return `a ${formatDecimal(value, 1)} km`
  return `a ${formatDecimal(value)} km`
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in km (haversine, earth radius 6371 km, spec section 9). */
export function haversineKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const dLat = toRadians(to.latitude - from.latitude)
  const dLng = toRadians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}
