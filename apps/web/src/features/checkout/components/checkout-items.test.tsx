import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { CheckoutItems } from '@/features/checkout/components/checkout-totals'
import { renderWithProviders } from '@/testing/render'

// Issue 27 part 2 (Res. 4/2025 SICyC), decision 050: the checkout's lines carry the price per unit
// and the price without national taxes beside the price.
describe('checkout lines', () => {
  test('show the unit price and the price without national taxes of each item', () => {
    renderWithProviders(
      <CheckoutItems
        items={[
          {
            variantId: 'v1',
            productId: 'p1',
            title: 'Medialunas',
            variantTitle: 'Manteca',
            imageUrl: null,
            unitPrice: 21000,
            quantity: 2,
            lineTotal: 42000,
            unitMeasure: { unit: 'unit', quantity: 6 },
            taxes: [{ rate: 21, included: true }],
          },
          {
            variantId: 'v2',
            productId: 'p2',
            title: 'Leche',
            variantTitle: '',
            imageUrl: null,
            unitPrice: 90000,
            quantity: 1,
            lineTotal: 90000,
            unitMeasure: { unit: 'ml', quantity: 750 },
            taxes: [],
          },
        ]}
      />,
    )
    const list = screen.getByRole('list', { name: 'Productos' })
    const text = list.textContent?.replace(/\u00a0/g, ' ')
    // $ 210 for 6: $ 35 x unidad; 21000 × 10000 / 12100 = 17355,37 → $ 173,55.
    expect(text).toContain('$ 35 x unidad')
    expect(text).toContain('Precio sin impuestos nacionales: $ 173,55')
    // 750 ml at $ 900: $ 1.200 x litro; no tax on it.
    expect(text).toContain('$ 1.200 x litro')
    expect(text).toContain('Precio sin impuestos nacionales: $ 900')
  })
})
