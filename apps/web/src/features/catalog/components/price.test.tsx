import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { ProductCard } from '@/features/catalog/components/product-card'
import { buildProduct, buildVariant } from '@/testing/discovery-fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 27 part 2 (Res. 4/2025 SICyC), decision 050: a product card shows the final price with the
// price per unit and the price without national taxes under it.
const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ')

describe('prices on a product card', () => {
  test("the cheapest variant's unit price and the price without IVA", () => {
    const product = {
      ...buildProduct({
        variants: [
          buildVariant({ _id: 'a', price: 225000, unitMeasure: { unit: 'g', quantity: 500 } }),
          buildVariant({ _id: 'b', price: 430000, unitMeasure: { unit: 'kg', quantity: 1 } }),
        ],
      }),
      taxes: [{ rate: 21, included: true }],
    }
    renderWithProviders(<ProductCard product={product} />)
    const card = screen.getByRole('article')
    expect(text(card)).toContain('$ 2.250')
    expect(within(card).getByText('$ 4.500 x kg', { exact: false })).toBeInTheDocument()
    expect(text(card)).toContain('Precio sin impuestos nacionales: $ 1.859,50')
  })

  test('a tax the store adds on top is in the price shown', () => {
    const product = {
      ...buildProduct({ variants: [buildVariant({ price: 100000 })] }),
      taxes: [{ rate: 10.5, included: false }],
    }
    renderWithProviders(<ProductCard product={product} />)
    const card = screen.getByRole('article')
    // $ 1.000 + 10,5 % = $ 1.105 is what the customer pays; without national taxes $ 1.000.
    expect(text(card)).toContain('$ 1.105')
    expect(text(card)).toContain('Precio sin impuestos nacionales: $ 1.000')
    expect(text(card)).not.toContain('x kg')
  })
})
