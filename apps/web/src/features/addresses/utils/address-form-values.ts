import {
  addressInputSchema,
  type Address,
  type AddressInput,
  type GeocodedBy,
} from '@barrio/contracts/addresses'
import type { PlaceResult } from '@barrio/contracts/geo'
import type { ProvinceCode } from '@barrio/contracts/provinces'

import { validateWith, type FieldErrors, type Validated } from '@/components/form/form-errors'
import { placeAddressParts, provinceCodeFor } from '@/lib/maps/place-address'

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
  /** How the point was found ('' while there is none: the API locates the address). */
  geocodedBy: GeocodedBy | ''
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
  geocodedBy: '',
  placeId: '',
}

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
    geocodedBy: address.geocodedBy,
    placeId: address.placeId ?? '',
  }
}

/**
 * Validates with the contract's schema (the same rules and Spanish messages as the API): the
 * input to send, or one message per field (a point error under `latitude`/`longitude`).
 */
export function validateAddressForm(values: AddressFormValues): Validated<AddressInput> {
  const result = validateWith(addressInputSchema, {
    label: values.label,
    street: values.street,
    number: values.number,
    floorApartment: values.floorApartment,
    city: values.city,
    provinceCode: values.provinceCode === '' ? undefined : values.provinceCode,
    postalCode: values.postalCode.trim() === '' ? null : values.postalCode,
    notes: values.notes,
    // No point at all: the API locates the street and number (decision 038).
    latitude: values.latitude === '' ? undefined : values.latitude,
    longitude: values.longitude === '' ? undefined : values.longitude,
    geocodedBy: values.latitude === '' || values.geocodedBy === '' ? undefined : values.geocodedBy,
    placeId: values.placeId === '' ? null : values.placeId,
  })
  if (result.success) return result
  const errors: FieldErrors = {}
  for (const [path, message] of Object.entries(result.errors)) {
    errors[path] = FRIENDLY_MESSAGES[path as keyof AddressFormValues]?.(message) ?? message
  }
  return { success: false, errors }
}

// The schema's messages are Spanish for the common cases; these cover its generic ones.
const FRIENDLY_MESSAGES: Partial<Record<keyof AddressFormValues, (message: string) => string>> = {
  provinceCode: () => 'Elegí la provincia',
  latitude: (m) => (m.startsWith('Elegí') ? m : 'La latitud va de -90 a 90'),
  longitude: (m) => (m.startsWith('Elegí') ? m : 'La longitud va de -180 a 180'),
}

export { provinceCodeFor }

/** Prefills the form from a place: the parts the place tells, the rest kept from `base`. */
export function placeToFormValues(
  place: PlaceResult,
  base: AddressFormValues = EMPTY_ADDRESS_FORM,
): AddressFormValues {
  const { street, number, city, provinceCode, postalCode, latitude, longitude, placeId } =
    placeAddressParts(place)
  return {
    ...base,
    street: street || base.street,
    number: number || base.number,
    city,
    provinceCode: provinceCode || base.provinceCode,
    postalCode: postalCode || base.postalCode,
    latitude,
    longitude,
    // A door from the API's geocoder says so; a result without the field is Google's own lookup,
    // a door when it has a street number, a locality otherwise.
    geocodedBy: place.geocoded_by ?? (number ? 'google' : 'locality'),
    placeId,
  }
}
