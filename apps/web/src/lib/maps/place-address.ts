import type { PlaceResult } from '@barrio/contracts/geo'
import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'

/** The address a place lookup result describes, shared by the customer and store address forms. */
export type PlaceAddressParts = {
  street: string
  number: string
  /** The locality or barrio as customers name it ("Pichincha"): a customer address's city line. */
  city: string
  /** The barrio apart, when the place is one ("Pichincha"); '' for a town. */
  neighbourhood: string
  /** The city itself ("Rosario"): the city line of forms that also have a barrio line. */
  town: string
  provinceCode: ProvinceCode | ''
  postalCode: string
  latitude: number
  longitude: number
  placeId: string
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

const PROVINCE_ALIASES: Record<string, ProvinceCode> = (() => {
  const map: Record<string, ProvinceCode> = {}
  for (const { code, name } of PROVINCES) {
    map[normalise(name)] = code
    map[normalise(`Provincia de ${name}`)] = code
  }
  const extra: [string, ProvinceCode][] = [
    ['CABA', 'C'],
    ['Capital Federal', 'C'],
    ['Ciudad de Buenos Aires', 'C'],
    ['Cdad. Autónoma de Buenos Aires', 'C'],
    ['Buenos Aires', 'B'],
    ['Tierra del Fuego', 'V'],
  ]
  for (const [name, code] of extra) map[normalise(name)] = code
  return map
})()

export function provinceCodeFor(text: string): ProvinceCode | undefined {
  return PROVINCE_ALIASES[normalise(text)]
}

const POSTAL_CODE = /^([A-HJ-NP-Z])?(\d{4})([A-Z]{3})?$/
const STREET_AND_NUMBER = /^(.*\D)\s+(\d+[A-Za-z]?)$/

/**
 * What a place says about its address (spec section 3 fields): the point and place_id always; the
 * province, city, postal code, street and number as far as formatted_address tells them (empty
 * strings when it does not).
 * "Palermo, Ciudad Autónoma de Buenos Aires, Argentina" (a barrio) gives city and province;
 * "Gurruchaga 1723, C1414 CABA, Argentina" (a Google street address) gives all of them.
 */
export function placeAddressParts(place: PlaceResult): PlaceAddressParts {
  const parts = place.formatted_address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && normalise(part) !== 'argentina')

  let provinceCode: ProvinceCode | '' = ''
  let postalCode = ''
  const rest: string[] = []
  parts.forEach((part, index) => {
    const words = part.split(/\s+/)
    // "C1414 CABA", "B1704ABC Ramos Mejía": a postal code in front of a place name.
    const postal = index > 0 ? POSTAL_CODE.exec(words[0]?.toUpperCase() ?? '') : null
    let text = part
    if (postal) {
      postalCode = postal[3] ? `${postal[1] ?? ''}${postal[2]}${postal[3]}` : (postal[2] ?? '')
      text = words.slice(1).join(' ')
    }
    const code = index > 0 && text ? provinceCodeFor(text) : undefined
    if (code && !provinceCode) provinceCode = code
    else if (text) rest.push(text)
  })

  let street = ''
  let number = ''
  let city = rest[0] ?? place.name
  const streetMatch = rest[0] ? STREET_AND_NUMBER.exec(rest[0]) : null
  // A street line ("Gurruchaga 1723") only when more follows it or a postal code came with it:
  // a lone name is a locality or barrio.
  if (streetMatch && (rest.length > 1 || postalCode !== '')) {
    street = streetMatch[1]?.trim() ?? ''
    number = streetMatch[2] ?? ''
    city = rest[1] ?? ''
  }
  if (!provinceCode && parts.length === 1) provinceCode = provinceCodeFor(parts[0] ?? '') ?? ''

  return {
    street,
    number,
    city,
    neighbourhood: place.locality?.neighbourhood ?? '',
    town: place.locality?.city ?? city,
    provinceCode,
    postalCode,
    latitude: place.geometry.location.lat,
    longitude: place.geometry.location.lng,
    placeId: place.place_id,
  }
}
