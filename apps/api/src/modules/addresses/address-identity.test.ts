import { describe, expect, test } from 'vitest'
import { distanceMetres, isSameAddress, normalizeAddressText } from './address-identity.ts'

const home = {
  street: 'Gurruchaga',
  number: '1723',
  floorApartment: null,
  city: 'Palermo',
  provinceCode: 'C',
  latitude: -34.5889,
  longitude: -58.4305,
}

describe('address identity', () => {
  test('text compares without accents, case, punctuation or thousands separators', () => {
    expect(normalizeAddressText('Av. Córdoba')).toBe(normalizeAddressText('av cordoba'))
    expect(normalizeAddressText('1.234')).toBe('1234')
    expect(normalizeAddressText('3° B')).toBe(normalizeAddressText('3 b'))
    expect(normalizeAddressText(null)).toBe('')
  })

  test('distance in metres', () => {
    expect(distanceMetres(home, home)).toBe(0)
    // 0.0001° of latitude is about 11 m.
    expect(distanceMetres(home, { ...home, latitude: home.latitude + 0.0001 })).toBeCloseTo(11.1, 0)
  })

  test('the same door written differently, a few metres apart, is the same address', () => {
    expect(
      isSameAddress(home, {
        ...home,
        street: 'GURRUCHAGA',
        city: 'palermo',
        latitude: home.latitude + 0.0001,
      }),
    ).toBe(true)
  })

  test('another number, apartment, province or a point far away is another address', () => {
    expect(isSameAddress(home, { ...home, number: '1725' })).toBe(false)
    expect(isSameAddress(home, { ...home, floorApartment: '2° A' })).toBe(false)
    expect(isSameAddress(home, { ...home, provinceCode: 'B' })).toBe(false)
    expect(isSameAddress(home, { ...home, latitude: home.latitude + 0.001 })).toBe(false)
  })
})
