import { addressInputSchema, type Address, type AddressInput } from '@barrio/contracts/addresses'
import type { PlaceResult } from '@barrio/contracts/geo'
import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'

export const ADDRESS_LABELS = ['Casa', 'Trabajo', 'Otro'] as const

/** What the address form edits: strings as typed, the point as numbers (or '' when unset). */
export type AddressFormValues = {
  label: string
  street: string
  number: string
  floorApartment: string
  city: string
  provinceCode: ProvinceCode | ''
  postalCode: string
  notes: string
  latitude: number | ''
  longitude: number | ''
  placeId: string
}

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  label: 'Casa',
  street: '',
  number: '',
  floorApartment: '',
  city: '',
  provinceCode: '',
  postalCode: '',
  notes: '',
  latitude: '',
  longitude: '',
  placeId: '',
}

export type AddressFormErrors = Partial<Record<keyof AddressFormValues, string>>

export function addressToFormValues(address: Address): AddressFormValues {
  return {
    label: address.label ?? '',
    street: address.street,
    number: address.number,
    floorApartment: address.floorApartment ?? '',
    city: address.city,
    provinceCode: address.provinceCode,
    postalCode: address.postalCode ?? '',
    notes: address.notes ?? '',
    latitude: address.latitude,
    longitude: address.longitude,
    placeId: address.placeId ?? '',
  }
}

/**
 * Validates with the contract's schema (the same rules and Spanish messages as the API) and
 * returns either the input to send or one message per field.
 */
export function validateAddressForm(
  values: AddressFormValues,
): { ok: true; input: AddressInput } | { ok: false; errors: AddressFormErrors } {
  const parsed = addressInputSchema.safeParse({
    label: values.label,
    street: values.street,
    number: values.number,
    floorApartment: values.floorApartment,
    city: values.city,
    provinceCode: values.provinceCode === '' ? undefined : values.provinceCode,
    postalCode: values.postalCode.trim() === '' ? null : values.postalCode,
    notes: values.notes,
    latitude: values.latitude === '' ? undefined : values.latitude,
    longitude: values.longitude === '' ? undefined : values.longitude,
    placeId: values.placeId === '' ? null : values.placeId,
  })
  if (parsed.success) return { ok: true, input: parsed.data }
  const errors: AddressFormErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AddressFormValues | undefined
    if (!field || errors[field]) continue
    errors[field] = FRIENDLY_MESSAGES[field]?.(issue.message) ?? issue.message
  }
  return { ok: false, errors }
}

// The schema's messages are Spanish for the common cases; these cover its generic ones.
const FRIENDLY_MESSAGES: Partial<Record<keyof AddressFormValues, (message: string) => string>> = {
  provinceCode: () => 'Elegí la provincia',
  latitude: (m) => (m.startsWith('Elegí') ? m : 'La latitud va de -90 a 90'),
  longitude: (m) => (m.startsWith('Elegí') ? m : 'La longitud va de -180 a 180'),
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
 * Prefills the form from a place (spec section 3 fields): the point and place_id always; the
 * province, city, postal code, street and number as far as formatted_address tells them.
 * "Palermo, Ciudad Autónoma de Buenos Aires, Argentina" (a barrio) gives city and province;
 * "Gurruchaga 1723, C1414 CABA, Argentina" (a Google street address) gives all of them.
 */
export function placeToFormValues(
  place: PlaceResult,
  base: AddressFormValues = EMPTY_ADDRESS_FORM,
): AddressFormValues {
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
    ...base,
    street: street || base.street,
    number: number || base.number,
    city,
    provinceCode: provinceCode || base.provinceCode,
    postalCode: postalCode || base.postalCode,
    latitude: place.geometry.location.lat,
    longitude: place.geometry.location.lng,
    placeId: place.place_id,
  }
}
