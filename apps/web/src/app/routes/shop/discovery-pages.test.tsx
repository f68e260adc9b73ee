import { LOCATION_REQUIRED } from '@barrio/contracts/stores'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { routes } from '@/app/router'
import { readSelectedPoint, rememberSelectedPoint } from '@/features/addresses/utils/selected-point'
import { appStore, setDeviceId, setSelectedAddressId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, routeAdapter, type FakeReply } from '@/testing/fake-adapter'
import {
  buildAddress,
  buildProduct,
  buildStore,
  buildVariant,
  pageOf,
} from '@/testing/discovery-fixtures'
import { buildCart } from '@/testing/ordering-fixtures'
import { renderRouter } from '@/testing/render'

const DEVICE = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'
const casa = buildAddress({ isDefault: true })
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ')

function renderApp(url: string, api: Record<string, FakeReply>) {
  const adapter = routeAdapter(api)
  http.defaults.adapter = adapter
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
  return { adapter, ...renderRouter(routes, { url }) }
}

describe('home', () => {
  test('shows the selected address and the shops near it, in the order the API returns them', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    // Not alphabetical and not by the client's own idea of distance: the API's order is kept.
    const stores = [
      buildStore({
        _id: 's-1',
        name: 'Verdulería Don Carmelo',
        handle: 'verduleria',
        distanceKm: 0.35,
      }),
      buildStore({
        _id: 's-2',
        name: 'Almacén Pichincha',
        handle: 'almacen',
        distanceKm: 1.234,
        isOpen: false,
        openNow: false,
        deliveryTypes: ['pickup'],
      }),
      buildStore({ _id: 's-3', name: 'Librería El Aleph', handle: 'libreria', distanceKm: 12.4 }),
    ]
    const { adapter } = renderApp('/', {
      'GET /addresses': { status: 200, data: pageOf([casa], { limit: 50 }) },
      'GET /stores': { status: 200, data: pageOf(stores, { limit: 6 }) },
      'GET /products': {
        status: 200,
        data: pageOf([buildProduct({ variants: [buildVariant({ price: 2400000 })] })], {
          limit: 9,
        }),
      },
    })

    const list = await screen.findByRole('list', { name: 'Comercios cerca tuyo' })
    const cards = within(list).getAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Verdulería Don Carmelo',
      'Almacén Pichincha',
      'Librería El Aleph',
    ])
    expect(cards.map((card) => within(card).getByTestId('store-distance').textContent)).toEqual([
      'a 350 m',
      'a 1,2 km',
      'a 12 km',
    ])
    expect(within(cards[1]!).getByText('Cerrado')).toBeInTheDocument()
    expect(within(cards[0]!).getByTestId('store-time')).toHaveTextContent(/^Abierto/)
    expect(within(cards[1]!).getByTestId('store-time')).toHaveTextContent('Cerrado por el momento')
    expect(within(cards[1]!).getByText('Retiro en tienda')).toBeInTheDocument()
    expect(within(cards[0]!).getByRole('link', { name: 'Verdulería Don Carmelo' })).toHaveAttribute(
      'href',
      '/shops/verduleria',
    )

    // The header shows the selected address, and the lists are asked for around it.
    const banner = screen.getByRole('banner')
    expect(
      within(banner).getByRole('button', { name: 'Entregar en Gurruchaga 1723, Palermo' }),
    ).toBeInTheDocument()
    const products = await screen.findByRole('list', { name: 'Productos cerca tuyo' })
    // The price itself (the legal notes under it repeat the figure: decision 050).
    expect(plain(within(products).getByText(/^\$\s24\.000$/).textContent)).toBe('$ 24.000')
    expect(plain(within(products).getByText(/Precio sin impuestos nacionales/).textContent)).toBe(
      'Precio sin impuestos nacionales: $ 24.000',
    )
    const storesCall = adapter.calls.find((c) => c.url === '/stores')
    expect(storesCall?.headers['x-address-id']).toBe(casa._id)
  })

  test('the shops and products are asked for at the selected address', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    const seen: string[] = []
    http.defaults.adapter = createFakeAdapter(({ url, config }) => {
      if (url === '/addresses') return { status: 200, data: pageOf([casa], { limit: 50 }) }
      seen.push(`${url} ${JSON.stringify(config.params)}`)
      return { status: 200, data: pageOf([], { limit: url === '/stores' ? 6 : 9 }) }
    })
    appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
    renderRouter(routes, { url: '/' })

    expect(
      await screen.findByText('No hay comercios cerca de esta dirección todavía'),
    ).toBeInTheDocument()
    await waitFor(() => expect(seen).toHaveLength(2))
    expect(seen).toContain('/stores {"page":1,"limit":6,"lat":-34.5889,"lng":-58.4305}')
    expect(seen).toContain('/products {"page":1,"lat":-34.5889,"lng":-58.4305}')
  })

  test('with the address remembered on this device, the shops show before the address list answers', async () => {
    setDeviceId(DEVICE)
    setSelectedAddressId(casa._id)
    rememberSelectedPoint(casa)
    let answerAddresses: (reply: FakeReply) => void = () => {}
    http.defaults.adapter = createFakeAdapter(({ url }) => {
      if (url === '/addresses')
        return new Promise<FakeReply>((resolve) => (answerAddresses = resolve))
      const store = buildStore({ _id: 's-1', name: 'Verdulería Don Carmelo', handle: 'verduleria' })
      return {
        status: 200,
        data: url === '/stores' ? pageOf([store], { limit: 6 }) : pageOf([], { limit: 9 }),
      }
    })
    appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
    renderRouter(routes, { url: '/' })

    const list = await screen.findByRole('list', { name: 'Comercios cerca tuyo' })
    expect(
      within(list).getByRole('heading', { name: 'Verdulería Don Carmelo' }),
    ).toBeInTheDocument()
    // The address line is the remembered one, so nothing moves when the address arrives.
    expect(screen.getByText(/Cerca de/)).toHaveTextContent(`Cerca de ${casa.street} ${casa.number}`)
    answerAddresses({ status: 200, data: pageOf([casa], { limit: 50 }) })
    await waitFor(() => expect(screen.getAllByText(/Cerca de/)).toHaveLength(1))
  })

  test('a remembered point of another address is not used', () => {
    rememberSelectedPoint(casa)
    expect(readSelectedPoint(casa._id)).toEqual({
      lat: casa.latitude,
      lng: casa.longitude,
      line: `${casa.street} ${casa.number}, ${casa.city}`,
    })
    expect(readSelectedPoint('otra-direccion')).toBeNull()
    expect(readSelectedPoint(null)).toBeNull()
  })

  test('without an address: a prompt on screen, the spec message only in the log, no product query', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    setDeviceId(DEVICE)
    const { adapter } = renderApp('/', {
      'GET /addresses': { status: 200, data: pageOf([], { limit: 50 }) },
    })
    expect(
      await screen.findByRole('heading', { name: '¿Dónde querés recibir tu pedido?' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Elegí tu dirección' })).toBeInTheDocument()
    expect(info).toHaveBeenCalledWith(LOCATION_REQUIRED.products)
    expect(screen.queryByText(LOCATION_REQUIRED.products)).not.toBeInTheDocument()
    expect(adapter.calls.some((c) => c.url === '/products')).toBe(false)
  })
})

describe('product page', () => {
  const shirt = buildProduct({
    title: 'Camisa de lino',
    handle: 'camisa-de-lino',
    options: ['Talle', 'Color'],
    variants: [
      buildVariant({
        _id: 'm-crudo',
        title: 'M / Crudo',
        options: { Talle: 'M', Color: 'Crudo' },
        price: 3650000,
        stock: 14,
      }),
      buildVariant({
        _id: 'l-crudo',
        title: 'L / Crudo',
        options: { Talle: 'L', Color: 'Crudo' },
        price: 3650000,
        stock: 0,
        isAvailable: false,
      }),
      buildVariant({
        _id: 'l-celeste',
        title: 'L / Celeste',
        options: { Talle: 'L', Color: 'Celeste' },
        price: 3990050,
        compareAtPrice: 4500000,
        stock: 2,
      }),
    ],
  })

  test('choosing a variant updates the price and the stock', async () => {
    const user = userEvent.setup({ delay: null })
    const { adapter } = renderApp('/shops/tostadero-soho/products/camisa-de-lino', {
      'GET /products/camisa-de-lino': { status: 200, data: shirt },
      'GET /cart': { status: 200, data: buildCart([]) },
      'POST /cart/update': { status: 200, data: buildCart([]) },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Camisa de lino' })).toBeVisible()
    expect(adapter.calls[0]?.url).toBe('/products/camisa-de-lino')
    const price = screen.getByTestId('product-price')
    expect(plain(price.textContent)).toBe('$ 36.500')
    expect(screen.getByTestId('product-stock')).toHaveTextContent('En stock')

    // "Celeste" only exists in L: the size follows.
    await user.click(screen.getByRole('radio', { name: 'Celeste' }))
    expect(plain(price.textContent)).toBe('$ 39.900,50')
    expect(plain(screen.getByTestId('product-price-compare').textContent)).toBe('Antes: $ 45.000')
    expect(screen.getByTestId('product-stock')).toHaveTextContent('Últimas 2 unidades')
    expect(screen.getByRole('radio', { name: 'L' })).toBeChecked()

    await user.click(screen.getByRole('radio', { name: 'Crudo, sin stock' }))
    expect(screen.getByTestId('product-stock')).toHaveTextContent('Sin stock')
    expect(screen.getByRole('button', { name: 'Sumar uno' })).toBeDisabled()

    await user.click(screen.getByRole('radio', { name: 'M' }))
    expect(screen.getByTestId('product-stock')).toHaveTextContent('En stock')
    await user.click(screen.getByRole('button', { name: 'Sumar uno' }))
    expect(screen.getByLabelText('Cantidad')).toHaveValue('2')

    const addToCart = screen.getByRole('button', { name: 'Agregar al carrito' })
    expect(addToCart).toBeEnabled()
    await user.click(addToCart)
    await waitFor(() =>
      expect(adapter.calls.find((c) => c.url === '/cart/update')?.data).toMatchObject({
        items: [{ variantId: 'm-crudo', quantity: 2 }],
      }),
    )
    expect(screen.getByRole('link', { name: /Volver a Tostadero Soho/ })).toHaveAttribute(
      'href',
      '/shops/tostadero-soho',
    )
  })

  test('an unknown product shows a 404 state with a way back to the shop', async () => {
    renderApp('/shops/tostadero-soho/products/no-existe', {})
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos este producto' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al comercio' })).toHaveAttribute(
      'href',
      '/shops/tostadero-soho',
    )
  })
})

describe('shop page', () => {
  test('an unknown shop shows a 404 state', async () => {
    renderApp('/shops/no-existe', {})
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos este comercio' }),
    ).toBeInTheDocument()
  })

  test('a closed shop says so, and the collection chips filter the products', async () => {
    const user = userEvent.setup({ delay: null })
    const closed = buildStore({
      openNow: false,
      // Closed by its hours: it says when it opens.
      nextOpening: '2026-12-01T12:00:00.000Z',
    })
    const productQueries: unknown[] = []
    http.defaults.adapter = createFakeAdapter(({ url, config }) => {
      if (url === '/stores/tostadero-soho') return { status: 200, data: closed }
      if (url === `/stores/${closed._id}/collections`) {
        return {
          status: 200,
          data: [
            {
              _id: 'c1',
              title: 'Café en grano',
              handle: 'cafe-en-grano',
              description: '',
              imageUrl: null,
              productCount: 4,
            },
          ],
        }
      }
      if (url === '/products') {
        productQueries.push(config.params)
        return { status: 200, data: pageOf([buildProduct()], { limit: 10 }) }
      }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
    const { router } = renderRouter(routes, { url: '/shops/tostadero-soho' })

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tostadero Soho' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Este comercio está cerrado ahora')).toBeInTheDocument()
    // 12:00 UTC is 9:00 in Buenos Aires; the day word depends on today, the hour does not.
    expect(screen.getByTestId('store-time')).toHaveTextContent(/^Cerrado · abre .*9:00$/)
    await screen.findByRole('list', { name: 'Productos de Tostadero Soho' })
    expect(productQueries[0]).toEqual({ page: 1, shopId: closed._id })

    await user.click(await screen.findByRole('radio', { name: 'Café en grano' }))
    await waitFor(() =>
      expect(productQueries.at(-1)).toEqual({
        page: 1,
        shopId: closed._id,
        collection: 'cafe-en-grano',
      }),
    )
    expect(router.state.location.search).toBe('?collection=cafe-en-grano')
  })
})
