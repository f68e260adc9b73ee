import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { StoreCard } from '@/features/catalog/components/store-card'
import { StoreHeader } from '@/features/catalog/components/store-header'
import { buildStore } from '@/testing/discovery-fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 30: the delivery fee and the minimum order show on the shop's card and page, not first at
// checkout step 2.
const delivering = buildStore({
  terms: {
    delivery: { fee: 50000, feeVaries: false, freeFrom: 3000000, minOrder: 800000 },
    shipping: { fee: 350000, feeVaries: true },
  },
})

describe('what ordering costs at a shop', () => {
  test('its card shows the delivery fee and the minimum order', async () => {
    renderWithProviders(<StoreCard store={delivering} />)
    expect(await screen.findByTestId('store-terms')).toHaveTextContent(
      'Entrega $ 500 · Pedido mínimo $ 8.000',
    )
  })

  test('a shop that delivers free says so; one that only ships shows its shipping fee', async () => {
    renderWithProviders(
      <>
        <StoreCard
          store={buildStore({
            handle: 'gratis',
            terms: {
              delivery: { fee: 0, feeVaries: false, freeFrom: null, minOrder: null },
              shipping: null,
            },
          })}
        />
        <StoreCard
          store={buildStore({
            handle: 'correo',
            deliveryTypes: ['shipping'],
            terms: { delivery: null, shipping: { fee: 350000, feeVaries: true } },
          })}
        />
      </>,
    )
    const lines = await screen.findAllByTestId('store-terms')
    expect(lines.map((l) => l.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'Entrega sin cargo',
      'Envío por correo desde $ 3.500',
    ])
  })

  test('its page shows them at the top, and the delivery options give the fees', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <StoreHeader
        store={{
          ...delivering,
          deliveryTypes: ['pickup', 'delivery', 'shipping'],
          terms: {
            ...delivering.terms!,
            delivery: { fee: 50000, feeVaries: true, freeFrom: 3000000, minOrder: 800000 },
          },
        }}
      />,
    )
    expect(await screen.findByTestId('store-terms')).toHaveTextContent(
      'Entrega desde $ 500 · Pedido mínimo $ 8.000',
    )
    await user.click(screen.getByRole('button', { name: 'Entregas y retiro' }))
    expect(
      await screen.findByText(
        'Entrega a domicilio: el comercio te lo lleva dentro de los 4 km. Costo desde $ 500 según la distancia, gratis desde $ 30.000, pedido mínimo $ 8.000.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'Envío a domicilio: envío por correo a todo el país. Envío por correo desde $ 3.500.',
      ),
    ).toBeInTheDocument()
  })
})
