import { describe, expect, test } from 'vitest'
import { adminVariantInputSchema } from './admin-products.ts'
import {
  finalPrice,
  formatPesos,
  priceWithoutNationalTaxes,
  taxesForProduct,
  unitPrice,
} from './legal-prices.ts'

// Issue 27 part 2 (Res. 4/2025 SICyC), decision 050: figures computed by hand.
describe('unitPrice', () => {
  test('grams are shown per kilo: 500 g at $ 2.250 is $ 4.500 x kg', () => {
    expect(unitPrice(225_000, { unit: 'g', quantity: 500 })).toEqual({
      perCents: 450_000,
      per: 'kg',
      label: '$\u00a04.500 x kg',
    })
  })

  test('units: 6 units at $ 210 is $ 35 x unidad', () => {
    expect(unitPrice(21_000, { unit: 'unit', quantity: 6 })).toEqual({
      perCents: 3_500,
      per: 'unidad',
      label: '$\u00a035 x unidad',
    })
  })

  test('millilitres per litre, litres, kilos and metres', () => {
    // 750 ml at $ 900: 90000 × 1000 / 750 = 120000 → $ 1.200 x litro.
    expect(unitPrice(90_000, { unit: 'ml', quantity: 750 })?.label).toBe('$\u00a01.200 x litro')
    // 1,5 l at $ 2.000: 200000 / 1,5 = 133333,33 → 133333 (rounded down below the half).
    expect(unitPrice(200_000, { unit: 'l', quantity: 1.5 })).toMatchObject({
      perCents: 133_333,
      per: 'litro',
    })
    // 2 kg at $ 3.000,01: 300001 / 2 = 150000,5 → 150001 (half up).
    expect(unitPrice(300_001, { unit: 'kg', quantity: 2 })).toMatchObject({
      perCents: 150_001,
      per: 'kg',
      label: '$\u00a01.500,01 x kg',
    })
    // 0,25 m at $ 100: $ 400 x metro.
    expect(unitPrice(10_000, { unit: 'm', quantity: 0.25 })?.label).toBe('$\u00a0400 x metro')
    // 3 units at $ 1: 100 / 3 = 33,33 → 33 centavos.
    expect(unitPrice(100, { unit: 'unit', quantity: 3 })?.perCents).toBe(33)
    // 3 units at $ 0,05: 5 / 3 = 1,67 → 2; 0,5 → 1 (half up, not to even).
    expect(unitPrice(5, { unit: 'unit', quantity: 3 })?.perCents).toBe(2)
    expect(unitPrice(1, { unit: 'unit', quantity: 2 })?.perCents).toBe(1)
  })

  test('a gram-sized quantity with decimals and the largest price stay exact', () => {
    // 0,5 g at $ 10: 1000 cents × 1e6 / 500 = 2.000.000 cents = $ 20.000 x kg.
    expect(unitPrice(1_000, { unit: 'g', quantity: 0.5 })?.perCents).toBe(2_000_000)
    // $ 10.000.000 for 0,001 g: 1e9 × 1e6 / 1 stays below 2^53.
    expect(unitPrice(1_000_000_000, { unit: 'g', quantity: 0.001 })?.perCents).toBe(1e15)
  })

  test('no measure, no unit price; a formatter can be passed', () => {
    expect(unitPrice(1000, null)).toBeNull()
    expect(unitPrice(1000, undefined)).toBeNull()
    expect(unitPrice(1000, { unit: 'kg', quantity: 0 })).toBeNull()
    expect(unitPrice(1000, { unit: 'kg', quantity: 1 }, (c) => `${c}c`)?.label).toBe('1000c x kg')
  })
})

describe('prices and national taxes', () => {
  const iva21 = { rate: 21, included: true }
  const iva105 = { rate: 10.5, included: true }

  test('IVA 21 % included: $ 4.500 is $ 3.719,01 without national taxes', () => {
    // 450000 × 10000 / 12100 = 371900,83 → 371901.
    expect(priceWithoutNationalTaxes(450_000, [iva21])).toBe(371_901)
    expect(finalPrice(450_000, [iva21])).toBe(450_000)
    // $ 1.210 with 21 % inside is exactly $ 1.000.
    expect(priceWithoutNationalTaxes(121_000, [iva21])).toBe(100_000)
  })

  test('IVA 10,5 % included: $ 1.105 is $ 1.000', () => {
    expect(priceWithoutNationalTaxes(110_500, [iva105])).toBe(100_000)
    // 99999 × 10000 / 11050 = 90496,83 → 90497.
    expect(priceWithoutNationalTaxes(99_999, [iva105])).toBe(90_497)
  })

  test('an excluded tax is added to make the final price; the store price is the one without it', () => {
    const added = { rate: 21, included: false }
    // $ 1.000 + 21 % = $ 1.210 final; without national taxes $ 1.000.
    expect(finalPrice(100_000, [added])).toBe(121_000)
    expect(priceWithoutNationalTaxes(100_000, [added])).toBe(100_000)
    // 333 × 0,21 = 69,93 → 70: final 403 centavos.
    expect(finalPrice(333, [added])).toBe(403)
    // 10 × 0,105 = 1,05 → 1 (below the half); 50 × 0,21 = 10,5 → 11 (half up).
    expect(finalPrice(10, [{ rate: 10.5, included: false }])).toBe(11)
    expect(finalPrice(50, [added])).toBe(61)
  })

  test('a product without IVA: its price is its price without national taxes', () => {
    expect(priceWithoutNationalTaxes(450_000, [])).toBe(450_000)
    expect(finalPrice(450_000, [])).toBe(450_000)
    expect(priceWithoutNationalTaxes(450_000, [{ rate: 0, included: true }])).toBe(450_000)
  })

  test('two included taxes come out together, over the base they were added to', () => {
    // 1000 + 21 % + 10,5 % = 1315 → back to 1000.
    expect(priceWithoutNationalTaxes(131_500, [iva21, iva105])).toBe(100_000)
  })

  test('taxesForProduct keeps the rules for all products and those of its collections', () => {
    const rules = [
      { rate: 21, appliesTo: 'all' as const, collectionIds: [], included: true },
      { rate: 10.5, appliesTo: 'collections' as const, collectionIds: ['c1'], included: false },
    ]
    expect(taxesForProduct(rules, [])).toEqual([iva21])
    expect(taxesForProduct(rules, ['c2', 'c1'])).toEqual([iva21, { rate: 10.5, included: false }])
  })

  test('formatPesos writes what the web writes', () => {
    expect(formatPesos(371_901)).toBe('$\u00a03.719,01')
    expect(formatPesos(450_000)).toBe('$\u00a04.500')
    expect(formatPesos(100_000_000)).toBe('$\u00a01.000.000')
  })
})

describe('unitMeasure on the seller variant input', () => {
  const base = { price: 1000 }
  const errorsOf = (unitMeasure: unknown) => {
    const r = adminVariantInputSchema.safeParse({ ...base, unitMeasure })
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }

  test('accepts a measure, null and its absence', () => {
    expect(errorsOf({ unit: 'g', quantity: 500 })).toEqual([])
    expect(errorsOf({ unit: 'kg', quantity: 0.125 })).toEqual([])
    expect(errorsOf(null)).toEqual([])
    expect(adminVariantInputSchema.parse(base).unitMeasure).toBeUndefined()
  })

  test('refuses what measures nothing, in Spanish on the field', () => {
    expect(errorsOf({ unit: 'kg', quantity: 0 })).toEqual([
      'unitMeasure.quantity: La cantidad tiene que ser mayor que cero',
    ])
    expect(errorsOf({ unit: 'kg', quantity: -1 })).toEqual([
      'unitMeasure.quantity: La cantidad tiene que ser mayor que cero',
    ])
    expect(errorsOf({ unit: 'l', quantity: 100_001 })).toEqual([
      'unitMeasure.quantity: La cantidad no puede superar 100.000',
    ])
    expect(errorsOf({ unit: 'kg', quantity: 0.0005 })).toEqual([
      'unitMeasure.quantity: Hasta tres decimales',
    ])
    expect(errorsOf({ unit: 'unit', quantity: 1.5 })).toEqual([
      'unitMeasure.quantity: Las unidades van sin decimales',
    ])
    expect(errorsOf({ unit: 'oz', quantity: 1 })).toEqual([
      'unitMeasure.unit: Elegí la unidad de medida',
    ])
    expect(errorsOf({ unit: 'kg' })).toEqual(['unitMeasure.quantity: Ingresá la cantidad'])
  })
})
