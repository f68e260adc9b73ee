import { describe, expect, test } from 'vitest'

import {
  EMPTY_ADDRESS_FORM,
  placeToFormValues,
  validateAddressForm,
} from '@/features/addresses/utils/address-form-values'

const place = (formatted_address: string, name: string) => ({
  formatted_address,
  name,
  place_id: 'p1',
  geometry: { location: { lat: -34.6, lng: -58.4 } },
})

describe('prefilling the form from a place', () => {
  test.each([
    ['Palermo, Ciudad Autónoma de Buenos Aires, Argentina', 'Palermo', 'Palermo', 'C'],
    ['Nueva Córdoba, Córdoba, Córdoba, Argentina', 'Nueva Córdoba', 'Nueva Córdoba', 'X'],
    ['Ramos Mejía, La Matanza, Buenos Aires, Argentina', 'Ramos Mejía', 'Ramos Mejía', 'B'],
    ['Ushuaia, Tierra del Fuego, Argentina', 'Ushuaia', 'Ushuaia', 'V'],
    [
      'Ciudad Autónoma de Buenos Aires, Argentina',
      'Ciudad Autónoma de Buenos Aires',
      'Ciudad Autónoma de Buenos Aires',
      'C',
    ],
  ])('%s gives city %s… and province %s', (formatted, name, city, province) => {
    const values = placeToFormValues(place(formatted, name))
    expect(values).toMatchObject({ city, provinceCode: province, street: '', number: '' })
    expect(values).toMatchObject({ latitude: -34.6, longitude: -58.4, placeId: 'p1' })
  })

  test('a Google street address also gives street, number and postal code', () => {
    expect(
      placeToFormValues(
        place('Av. Corrientes 1234, C1043AAZ CABA, Argentina', 'Av. Corrientes 1234'),
      ),
    ).toMatchObject({
      street: 'Av. Corrientes',
      number: '1234',
      postalCode: 'C1043AAZ',
      provinceCode: 'C',
    })
    expect(
      placeToFormValues(
        place('Thames 640, B1704 Ramos Mejía, Buenos Aires, Argentina', 'Thames 640'),
      ),
    ).toMatchObject({
      street: 'Thames',
      number: '640',
      city: 'Ramos Mejía',
      postalCode: '1704',
      provinceCode: 'B',
    })
  })
})

describe('validation (the contract schema, Spanish messages)', () => {
  test('every required field says what is missing; the point is not required', () => {
    const result = validateAddressForm(EMPTY_ADDRESS_FORM)
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.errors).toEqual({
      street: 'Ingresá la calle',
      number: 'Ingresá la altura',
      city: 'Ingresá la localidad o barrio',
      provinceCode: 'Elegí la provincia',
    })
  })

  test('a bad postal code is refused and a good one is normalised', () => {
    const base = {
      ...EMPTY_ADDRESS_FORM,
      street: 'Thames',
      number: '640',
      city: 'Villa Crespo',
      provinceCode: 'C' as const,
      latitude: -34.6,
      longitude: -58.4,
    }
    const bad = validateAddressForm({ ...base, postalCode: '12' })
    expect(bad.success ? null : bad.errors.postalCode).toBe(
      'Ingresá un código postal válido (ej.: C1414ABC, C1414 o 1414)',
    )
    const good = validateAddressForm({ ...base, postalCode: 'c1414abc' })
    expect(good.success ? good.data.postalCode : null).toBe('C1414ABC')
  })
})
