import { describe, expect, test } from 'vitest'

import {
  blankVariant,
  buildVariants,
  combinations,
  type VariantDraft,
} from '@/features/admin-products/utils/variants'

describe('variants from options', () => {
  test('no options give one default variant', () => {
    expect(combinations([])).toEqual([{}])
    expect(combinations([{ name: 'Talle', values: [] }])).toEqual([{}])
  })

  test('one row per combination, in option order', () => {
    const rows = buildVariants(
      [
        { name: 'Talle', values: ['S', 'M'] },
        { name: 'Color', values: ['Rojo', 'Azul'] },
      ],
      [],
    )
    expect(rows.map((v) => v.title)).toEqual(['S / Rojo', 'S / Azul', 'M / Rojo', 'M / Azul'])
    expect(rows[1]?.options).toEqual({ Talle: 'S', Color: 'Azul' })
  })

  test('rows whose values survive keep their id, price and stock; new rows copy the price', () => {
    const existing: VariantDraft[] = [
      {
        ...blankVariant(),
        _id: 'id-s',
        title: 'S',
        options: { Talle: 'S' },
        priceCents: 1000,
        stock: 4,
      },
      {
        ...blankVariant(),
        _id: 'id-m',
        title: 'M',
        options: { Talle: 'M' },
        priceCents: 1200,
        stock: 2,
      },
    ]
    const rows = buildVariants([{ name: 'Talle', values: ['M', 'L'] }], existing)
    expect(rows.map((r) => [r.title, r._id, r.priceCents, r.stock])).toEqual([
      ['M', 'id-m', 1200, 2],
      ['L', undefined, 1000, 0],
    ])
  })

  test('adding an option reuses each old row once for its first matching combination', () => {
    const existing: VariantDraft[] = [
      { ...blankVariant(), _id: 'id-default', priceCents: 500, stock: 7 },
    ]
    const rows = buildVariants([{ name: 'Color', values: ['Rojo', 'Azul'] }], existing)
    expect(rows.map((r) => [r.title, r._id, r.stock])).toEqual([
      ['Rojo', 'id-default', 7],
      ['Azul', undefined, 0],
    ])
    expect(new Set(rows.map((r) => r.key)).size).toBe(2)
  })
})
