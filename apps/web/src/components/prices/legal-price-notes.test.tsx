import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { LegalPriceNotes } from '@/components/prices/legal-price-notes'
import { renderWithProviders } from '@/testing/render'

// Issue 27 part 2 (Res. 4/2025 SICyC), decision 050: beside a price, the price per unit of measure
// and the price without national taxes, as text.
const iva = [{ rate: 21, included: true }]
const notes = () => screen.getByTestId('notes').textContent?.replace(/\u00a0/g, ' ')

describe('LegalPriceNotes', () => {
  test('500 g at $ 2.250 with IVA 21 % inside: $ 4.500 x kg and $ 1.859,50 without taxes', () => {
    renderWithProviders(
      <LegalPriceNotes
        price={225000}
        unitMeasure={{ unit: 'g', quantity: 500 }}
        taxes={iva}
        testId="notes"
      />,
    )
    // 225000 × 10000 / 12100 = 185950,41 → $ 1.859,50.
    expect(notes()).toBe(
      'Precio por unidad de medida: $ 4.500 x kgPrecio sin impuestos nacionales: $ 1.859,50',
    )
    // The per-unit price is announced with what it is, not only "x kg".
    expect(screen.getByText('Precio por unidad de medida:', { exact: false })).toBeInTheDocument()
  })

  test('no measure: only the price without national taxes; a product without IVA shows its own price', () => {
    renderWithProviders(<LegalPriceNotes price={21000} taxes={[]} testId="notes" />)
    expect(notes()).toBe('Precio sin impuestos nacionales: $ 210')
  })

  test('a tax added on top: the unit price is of the final price, and lines name the final price', () => {
    renderWithProviders(
      <LegalPriceNotes
        price={100000}
        unitMeasure={{ unit: 'unit', quantity: 4 }}
        taxes={[{ rate: 21, included: false }]}
        showFinal
        testId="notes"
      />,
    )
    // Final $ 1.210; 4 units → $ 302,50 each; the store's $ 1.000 holds no national tax.
    expect(notes()).toBe(
      'Precio final c/u con impuestos: $ 1.210' +
        'Precio por unidad de medida: $ 302,50 x unidad' +
        'Precio sin impuestos nacionales: $ 1.000',
    )
  })
})
