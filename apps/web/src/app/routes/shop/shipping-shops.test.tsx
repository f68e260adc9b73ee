import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { routes } from '@/app/router'
import { appStore, setDeviceId, setSelectedAddressId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildAddress, buildStore, pageOf } from '@/testing/discovery-fixtures'
import { renderRouter } from '@/testing/render'

// Issue 30: the home promises shops that ship nationwide ("algunos hacen envíos a todo el país")
// and sends an address no shop serves to /shops, which then listed none.
const DEVICE = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'
const rosario = buildAddress({
  isDefault: true,
  street: 'Córdoba',
  number: '1500',
  city: 'Rosario',
  provinceCode: 'S',
  provinceName: 'Santa Fe',
  latitude: -32.9468,
  longitude: -60.6393,
  formattedAddress: 'Córdoba 1500, Rosario, Santa Fe',
})
const shipper = buildStore({
  _id: 's-9',
  name: 'Tostadero Soho',
  handle: 'tostadero-soho',
  distanceKm: 280.4,
  deliveryTypes: ['pickup', 'shipping'],
  terms: { delivery: null, shipping: { fee: 450000, feeVaries: false } },
})

function renderShops(shippers: ReturnType<typeof buildStore>[]) {
  setDeviceId(DEVICE)
  setSelectedAddressId(rosario._id)
  const asked: unknown[] = []
  http.defaults.adapter = createFakeAdapter(({ url, config }) => {
    if (url === '/addresses') return { status: 200, data: pageOf([rosario], { limit: 50 }) }
    if (url === '/stores') {
      const params = config.params as Record<string, unknown>
      asked.push(params)
      return { status: 200, data: pageOf(params.shipsTo ? shippers : [], { limit: 10 }) }
    }
    return { status: 404, data: { message: `${url} no está en esta prueba` } }
  })
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
  renderRouter(routes, { url: '/shops' })
  return { asked }
}

describe('/shops for an address no shop serves', () => {
  test('lists the shops that ship to its province, with their distance and shipping fee', async () => {
    const { asked } = renderShops([shipper])
    const list = await screen.findByRole('list', { name: 'Comercios que envían a Santa Fe' })
    const [card] = within(list).getAllByRole('article')
    expect(within(card!).getByRole('heading', { name: 'Tostadero Soho' })).toBeInTheDocument()
    expect(within(card!).getByTestId('store-distance')).toHaveTextContent('a 280 km')
    expect(within(card!).getByTestId('store-terms')).toHaveTextContent('Envío por correo $ 4.500')
    expect(
      screen.getByRole('heading', { level: 2, name: 'Comercios que envían a Santa Fe' }),
    ).toBeInTheDocument()
    expect(asked).toContainEqual({
      page: 1,
      limit: 10,
      lat: -32.9468,
      lng: -60.6393,
      shipsTo: 'S',
    })
  })

  test('when none ships there either, says so', async () => {
    renderShops([])
    expect(
      await screen.findByText(/Y todavía ninguno envía a Santa Fe/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('No hay comercios cerca de esta dirección todavía')).toBeInTheDocument()
  })
})
