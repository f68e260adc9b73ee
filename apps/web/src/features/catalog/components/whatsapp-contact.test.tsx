import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { ProductDetails } from '@/features/catalog/components/product-details'
import { StoreHeader } from '@/features/catalog/components/store-header'
import { buildProduct, buildStore } from '@/testing/discovery-fixtures'
import { renderWithProviders } from '@/testing/render'

const link = () => screen.queryByRole('link', { name: 'Consultá por WhatsApp' })
const textOf = (a: HTMLElement) => new URL(a.getAttribute('href')!).searchParams.get('text')

describe('"Consultá por WhatsApp" (issue 28)', () => {
  test('the shop page: wa.me with the shop’s number and a text naming it, in a new tab', () => {
    renderWithProviders(
      <StoreHeader store={buildStore({ name: 'Panadería Lola', whatsapp: '+5493415550101' })} />,
    )
    const a = link()!
    expect(a.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5493415550101\?text=/)
    expect(textOf(a)).toBe(
      '¡Hola, Panadería Lola! Te escribo desde Barrio para hacerte una consulta.',
    )
    expect(a).toHaveAttribute('target', '_blank')
  })

  test('the product page names the product', () => {
    const product = buildProduct()
    renderWithProviders(
      <ProductDetails
        product={{ ...product, store: { ...product.store, whatsapp: '+5491144445555' } }}
      />,
    )
    expect(textOf(link()!)).toBe(
      '¡Hola, Tostadero Soho! Te escribo desde Barrio para consultar por Blend Soho para espresso.',
    )
  })

  test('a shop without WhatsApp shows no link', () => {
    renderWithProviders(<StoreHeader store={buildStore({ whatsapp: null })} />)
    expect(link()).toBeNull()
  })
})
