import { describe, expect, test } from 'vitest'
import { addressInputSchema, addressSchema } from './addresses.ts'
import { adminStoreInputSchema, adminStoreSchema } from './admin-stores.ts'
import { merchantApplicationInputSchema } from './auth.ts'
import {
  formatPostalAddress,
  moneySchema,
  postalAddressInputSchema,
  postalAddressSchema,
  STORE_CATEGORIES,
  STORE_CATEGORY_LABELS,
  storeCategorySchema,
} from './common.ts'
import { storeSchema } from './stores.ts'

const keysOf = (schema: { shape: object }) => Object.keys(schema.shape).sort()

describe('one postal address', () => {
  test('customer addresses, merchant applications and stores use the same field names', () => {
    const input = keysOf(postalAddressInputSchema)
    const output = keysOf(postalAddressSchema)
    for (const shape of [addressInputSchema, merchantApplicationInputSchema]) {
      expect(keysOf(shape)).toEqual(expect.arrayContaining(input))
    }
    expect(keysOf(adminStoreInputSchema.shape.address)).toEqual(input)
    expect(keysOf(addressSchema)).toEqual(expect.arrayContaining(output))
    expect(keysOf(storeSchema.shape.address)).toEqual(output)
    expect(keysOf(adminStoreSchema.shape.address)).toEqual(output)
  })

  test('postal codes: CPA, letter and number, or four digits; anything else is refused', () => {
    const parse = (postalCode: string) =>
      postalAddressInputSchema.shape.postalCode.safeParse(postalCode)
    expect(parse('c1414bmj')).toMatchObject({ success: true, data: 'C1414BMJ' })
    expect(parse('S2000').success).toBe(true)
    expect(parse('1414').success).toBe(true)
    expect(parse('12').success).toBe(false)
    expect(parse('I1414').success).toBe(false)
  })

  test('one display line skips the empty parts', () => {
    expect(
      formatPostalAddress({
        street: 'Honduras',
        number: '4850',
        floorApartment: '3° B',
        neighbourhood: null,
        city: 'Palermo',
        provinceName: 'Ciudad Autónoma de Buenos Aires',
      }),
    ).toBe('Honduras 4850, 3° B, Palermo, Ciudad Autónoma de Buenos Aires')
  })
})

describe('one money', () => {
  test('integer centavos, never negative, never a formatted string', () => {
    expect(moneySchema.safeParse(700_000).success).toBe(true)
    expect(moneySchema.safeParse(-1).success).toBe(false)
    expect(moneySchema.safeParse(10.5).success).toBe(false)
    expect(moneySchema.safeParse('$ 7.000').success).toBe(false)
    expect(moneySchema.safeParse(2 ** 53).success).toBe(false)
  })
})

describe('one list of store categories', () => {
  test('each category once, each with a Spanish label; no English duplicate of Mascotas', () => {
    expect(new Set(STORE_CATEGORIES).size).toBe(STORE_CATEGORIES.length)
    expect(STORE_CATEGORIES).not.toContain('pet-shop')
    expect(Object.values(STORE_CATEGORY_LABELS)).not.toContain('Pet shop')
    expect(storeCategorySchema.safeParse('mascotas').success).toBe(true)
    expect(storeCategorySchema.safeParse('pet-shop').success).toBe(false)
  })

  test('merchant applications and stores accept the same list', () => {
    expect(merchantApplicationInputSchema.shape.category.options).toEqual(STORE_CATEGORIES)
    expect(adminStoreSchema.shape.category.options).toEqual(STORE_CATEGORIES)
  })
})
