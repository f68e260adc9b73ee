import { describe, expect, test } from 'vitest'

import {
  commissionErrorPath,
  commissionToValues,
  validateCommissions,
} from '@/features/operator/utils/commission-form'

const saved = {
  defaultRateBp: 825,
  byCategory: { kiosco: 500 },
  byStore: [
    {
      storeId: '3f1c2a9e-4b7d-4c1e-9a2b-1c2d3e4f5a6b',
      rateBp: 1250,
      storeName: 'Don Pepe',
      storeHandle: 'don-pepe',
      category: 'almacen' as const,
    },
  ],
  updatedAt: null,
}

describe('the commission form (percent on screen, basis points on the wire)', () => {
  test('saved rates read as percent; categories without a rate are empty', () => {
    const values = commissionToValues(saved)
    expect(values.defaultRate).toBe(8.25)
    expect(values.byCategory.kiosco).toBe(5)
    expect(values.byCategory.almacen).toBe('')
    expect(values.byStore).toEqual([
      { storeId: saved.byStore[0]!.storeId, storeName: 'Don Pepe', rate: 12.5 },
    ])
  })

  test('typed percents (es-AR decimal comma too) go out as whole basis points', () => {
    const values = commissionToValues(saved)
    const result = validateCommissions({
      ...values,
      defaultRate: '10,75',
      byCategory: { ...values.byCategory, kiosco: '', restaurante: 0.1 },
      byStore: [{ ...values.byStore[0]!, rate: 33.33 }],
    })
    expect(result).toEqual({
      success: true,
      data: {
        defaultRateBp: 1075,
        byCategory: { restaurante: 10 },
        byStore: [{ storeId: saved.byStore[0]!.storeId, rateBp: 3333 }],
      },
    })
  })

  test('errors land under the field holding the rate', () => {
    const values = commissionToValues(saved)
    const result = validateCommissions({
      ...values,
      defaultRate: '',
      byStore: [{ ...values.byStore[0]!, rate: 101 }],
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.errors.defaultRate).toBe('Indicá la comisión')
    expect(result.errors['byStore.0.rate']).toBe('La comisión no puede superar el 100 %')
    expect(commissionErrorPath('byStore.3.storeId')).toBe('byStore.3.rate')
    expect(commissionErrorPath('byCategory.kiosco')).toBe('byCategory.kiosco')
  })
})
