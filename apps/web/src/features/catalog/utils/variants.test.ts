import { describe, expect, test } from 'vitest'

import {
  defaultVariant,
  findVariant,
  isOptionValueInStock,
  maxQuantity,
  selectOption,
  stockStatus,
} from '@/features/catalog/utils/variants'
import { buildProduct, buildVariant } from '@/testing/discovery-fixtures'

// Shops do not sell every combination: there is no "M / Celeste".
const shirt = buildProduct({
  options: ['Talle', 'Color'],
  variants: [
    buildVariant({
      _id: 'm-crudo',
      options: { Talle: 'M', Color: 'Crudo' },
      stock: 0,
      isAvailable: false,
    }),
    buildVariant({ _id: 'l-crudo', options: { Talle: 'L', Color: 'Crudo' }, stock: 38 }),
    buildVariant({
      _id: 'l-celeste',
      options: { Talle: 'L', Color: 'Celeste' },
      stock: 2,
      price: 120000,
    }),
  ],
})

describe('variant selection', () => {
  test('starts on the first variant in stock', () => {
    expect(defaultVariant(shirt)?._id).toBe('l-crudo')
  })

  test('a value without a matching combination moves to the closest existing variant', () => {
    const next = selectOption(shirt, { Talle: 'M', Color: 'Crudo' }, 'Color', 'Celeste')
    expect(next).toEqual({ Talle: 'L', Color: 'Celeste' })
    expect(findVariant(shirt, next)?._id).toBe('l-celeste')
  })

  test('values that only lead to sold-out variants are marked', () => {
    expect(isOptionValueInStock(shirt, { Talle: 'L', Color: 'Crudo' }, 'Talle', 'M')).toBe(false)
    // From M / Crudo, "Celeste" leads to L / Celeste, which is in stock.
    expect(isOptionValueInStock(shirt, { Talle: 'M', Color: 'Crudo' }, 'Color', 'Celeste')).toBe(
      true,
    )
  })
})

describe('stock labels and the quantity limit', () => {
  test.each([
    [{ stock: 0, isAvailable: false }, 'Sin stock', 0],
    [{ stock: 0, trackInventory: true }, 'Sin stock', 0],
    [{ stock: 1 }, 'Última unidad', 1],
    [{ stock: 3 }, 'Últimas 3 unidades', 3],
    [{ stock: 40 }, 'En stock', 40],
    [{ stock: 0, trackInventory: false }, 'En stock', 99],
  ])('%o reads %s and allows %i', (overrides, label, max) => {
    const variant = buildVariant(overrides)
    expect(stockStatus(variant).label).toBe(label)
    expect(maxQuantity(variant)).toBe(max)
  })
})
