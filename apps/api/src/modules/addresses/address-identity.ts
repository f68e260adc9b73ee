/**
 * When two saved addresses are the same place, so that moving a device's addresses into an
 * account does not add a copy of one the account already has (issue 10: three identical
 * "Casa, Gurruchaga 1723" after signing in from several devices).
 */
export type AddressPlace = {
  street: string
  number: string
  floorApartment: string | null
  city: string
  provinceCode: string
  latitude: number
  longitude: number
}

/** Points closer than this are one door: place lookups and pins wobble by a few metres. */
export const SAME_PLACE_METRES = 30

/** "Av. Córdoba  1.234" and "av cordoba 1234" compare equal: no accents, case or punctuation. */
export function normalizeAddressText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\b(\d+) (?=\d)/g, '$1')
}

/** Great-circle distance in metres (haversine; plenty for a few metres apart). */
export function distanceMetres(
  a: Pick<AddressPlace, 'latitude' | 'longitude'>,
  b: Pick<AddressPlace, 'latitude' | 'longitude'>,
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h))
}

/**
 * Same street, number, floor/apartment, locality and province once normalized, and points within
 * {@link SAME_PLACE_METRES}. The label and the courier notes do not make another place.
 */
export function isSameAddress(a: AddressPlace, b: AddressPlace): boolean {
  const text = (row: AddressPlace) =>
    [row.street, row.number, row.floorApartment, row.city].map(normalizeAddressText).join('|')
  return (
    a.provinceCode === b.provinceCode &&
    text(a) === text(b) &&
    distanceMetres(a, b) <= SAME_PLACE_METRES
  )
}
