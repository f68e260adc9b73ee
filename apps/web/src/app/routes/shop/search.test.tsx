import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { routes } from '@/app/router'
import { appStore, setDeviceId, setSelectedAddressId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { routeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildAddress, buildProduct, buildStore, pageOf } from '@/testing/discovery-fixtures'
import { renderRouter } from '@/testing/render'

const DEVICE = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'
const casa = buildAddress({ isDefault: true })

function renderApp(url: string, api: Record<string, FakeReply>) {
  const adapter = routeAdapter(api)
  http.defaults.adapter = adapter
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
  return { adapter, user: userEvent.setup(), ...renderRouter(routes, { url }) }
}

// The composition app/ does: the header's box near the selected address, and the results page
// with the catalogue's own cards and the address picker.
describe('search in the customer app', () => {
  test("the header's box searches near the selected address and the results use the catalogue's cards", async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    const { adapter, user, router } = renderApp('/shops', {
      'GET /addresses': { status: 200, data: pageOf([casa], { limit: 50 }) },
      'GET /stores': { status: 200, data: pageOf([], { limit: 10 }) },
      'GET /search/suggest': {
        status: 200,
        data: { docs: [{ kind: 'category', label: 'Kiosco', id: 'kiosco' }] },
      },
      'GET /search': {
        status: 200,
        data: {
          products: pageOf([buildProduct({ title: 'Alfajor de maicena', handle: 'alfajor' })], {
            limit: 9,
          }),
          stores: pageOf([buildStore({ name: 'Kiosco Lo de Tito', handle: 'kiosco-tito' })], {
            limit: 10,
          }),
          suggestion: null,
        },
      },
    })

    const banner = await screen.findByRole('banner')
    const box = within(banner).getByRole('combobox', { name: 'Buscar productos y comercios' })
    await user.type(box, 'alfajor')
    expect(await within(banner).findByRole('option', { name: 'Kiosco' })).toBeInTheDocument()
    const suggest = adapter.calls.find((call) => call.url === '/search/suggest')
    expect(suggest?.params).toEqual({ q: 'alfajor', lat: casa.latitude, lng: casa.longitude })

    await user.keyboard('{Enter}')
    // The results page is a lazy chunk: the location changes once it has loaded.
    const products = await screen.findByRole('list', { name: 'Productos encontrados' })
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=alfajor')
    expect(within(products).getByRole('link', { name: /Alfajor de maicena/ })).toBeInTheDocument()
    expect(
      within(screen.getByRole('list', { name: 'Comercios encontrados' })).getByRole('link', {
        name: 'Kiosco Lo de Tito',
      }),
    ).toHaveAttribute('href', '/shops/kiosco-tito')
    const search = adapter.calls.find((call) => call.url === '/search')
    expect(search?.params).toEqual({
      q: 'alfajor',
      page: 1,
      lat: casa.latitude,
      lng: casa.longitude,
    })
  })

  test('without an address the results page opens the address picker', async () => {
    setDeviceId(DEVICE)
    const { adapter, user } = renderApp('/search?q=alfajores', {
      'GET /addresses': { status: 200, data: pageOf([], { limit: 50 }) },
    })
    await user.click(await screen.findByRole('button', { name: 'Elegir dirección' }))
    expect(
      await screen.findByRole('dialog', { name: '¿Dónde querés recibir tu pedido?' }),
    ).toBeInTheDocument()
    expect(adapter.calls.some((call) => call.url === '/search')).toBe(false)
  })
})
