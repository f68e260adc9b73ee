import type { SearchResult } from '@barrio/contracts/search'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { describe, expect, test, vi } from 'vitest'

import {
  SearchResults,
  type SearchCatalog,
  type SearchResultsProps,
} from '@/features/search/components/search-results'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildProduct, buildStore, pageOf } from '@/testing/discovery-fixtures'
import { renderRouter } from '@/testing/render'

const POINT = { lat: -34.5889, lng: -58.4305 }

// The catalogue's grids come from app/ (another feature); these stand-ins list what they get.
const catalog: SearchCatalog = {
  ProductGrid: ({ products, label }) => (
    <ul aria-label={label}>
      {products.map((product) => (
        <li key={product._id}>{product.title}</li>
      ))}
    </ul>
  ),
  StoreGrid: ({ stores, label }) => (
    <ul aria-label={label}>
      {stores.map((store) => (
        <li key={store._id}>{store.name}</li>
      ))}
    </ul>
  ),
  Pager: ({ page, totalPages, onChange, label }) => (
    <nav aria-label={label}>
      {Array.from({ length: totalPages }, (_, index) => (
        <button
          key={index}
          type="button"
          aria-current={index + 1 === page || undefined}
          onClick={() => onChange(index + 1)}
        >
          {`Página ${index + 1}`}
        </button>
      ))}
    </nav>
  ),
  ProductGridSkeleton: () => <div role="group" aria-busy="true" aria-label="Cargando productos" />,
  StoreGridSkeleton: () => <div role="group" aria-busy="true" aria-label="Cargando comercios" />,
}

function Page(props: Partial<SearchResultsProps>) {
  const location = useLocation()
  return (
    <>
      <SearchResults
        point={POINT}
        addressLoading={false}
        onChooseAddress={() => {}}
        catalog={catalog}
        {...props}
      />
      <output aria-label="Dirección de la página">{location.pathname + location.search}</output>
    </>
  )
}

const alfajores = [
  buildProduct({ _id: 'p-1', title: 'Alfajor de maicena', handle: 'alfajor-de-maicena' }),
  buildProduct({ _id: 'p-2', title: 'Alfajor triple', handle: 'alfajor-triple' }),
]
const shops = [buildStore({ _id: 's-1', name: 'Alfajores Doña Rosa', handle: 'dona-rosa' })]

function answer(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    products: pageOf(alfajores, { limit: 9, total: 20 }),
    stores: pageOf(shops, { limit: 10 }),
    suggestion: null,
    ...overrides,
  }
}

function setup(
  url: string,
  reply: (params: Record<string, unknown>) => FakeReply,
  props: Partial<SearchResultsProps> = {},
) {
  const adapter = createFakeAdapter(({ url: path, config }) =>
    path === '/search'
      ? reply(config.params as Record<string, unknown>)
      : { status: 404, data: { message: 'No encontramos lo que buscás.' } },
  )
  http.defaults.adapter = adapter
  const view = renderRouter([{ path: '/search', element: <Page {...props} /> }], { url })
  const searches = () =>
    adapter.calls
      .filter((call) => call.url === '/search')
      .map((call) => call.params as Record<string, unknown>)
  return { ...view, user: userEvent.setup(), adapter, searches }
}

const where = () => screen.getByRole('status', { name: 'Dirección de la página' }).textContent

describe('the results page', () => {
  test('shows the products and the shops that match, each section with its count and pages', async () => {
    const { user, searches } = setup('/search?q=alfajores', () => ({
      status: 200,
      data: answer(),
    }))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Resultados para «alfajores»',
    )

    const products = await screen.findByRole('region', { name: 'Productos' })
    expect(
      within(within(products).getByRole('list', { name: 'Productos encontrados' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Alfajor de maicena', 'Alfajor triple'])
    expect(products).toHaveTextContent('20 productos')
    const stores = screen.getByRole('region', { name: 'Comercios' })
    expect(within(stores).getByRole('list', { name: 'Comercios encontrados' })).toHaveTextContent(
      'Alfajores Doña Rosa',
    )
    expect(stores).toHaveTextContent('1 comercio')
    expect(screen.queryByText(/Mostrando resultados de/)).not.toBeInTheDocument()
    expect(searches()).toEqual([{ q: 'alfajores', page: 1, lat: POINT.lat, lng: POINT.lng }])

    // The products' second page is in the URL and asked for; the shops stay on theirs.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Páginas de productos' })).getByRole('button', {
        name: 'Página 3',
      }),
    )
    expect(where()).toBe('/search?q=alfajores&page=3')
    expect(searches()).toContainEqual({ q: 'alfajores', page: 3, lat: POINT.lat, lng: POINT.lng })
  })

  test('nothing found: says so near the customer and offers the closest spelling', async () => {
    const { user, searches } = setup('/search?q=alfjor', (params) =>
      params.q === 'alfjor'
        ? {
            status: 200,
            data: answer({
              products: pageOf([], { limit: 9 }),
              stores: pageOf([], { limit: 10 }),
              suggestion: 'alfajor',
            }),
          }
        : { status: 200, data: answer() },
    )
    expect(
      await screen.findByRole('heading', { name: 'No encontramos «alfjor» cerca tuyo' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Productos' })).not.toBeInTheDocument()
    const link = screen.getByRole('link', { name: '¿Quisiste decir «alfajor»?' })
    expect(link).toHaveAttribute('href', '/search?q=alfajor')

    await user.click(link)
    expect(await screen.findByRole('region', { name: 'Productos' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resultados para «alfajor»')
    expect(searches().map((params) => params.q)).toEqual(['alfjor', 'alfajor'])
  })

  test('results found under a corrected spelling say which', async () => {
    setup('/search?q=alfajroes', () => ({ status: 200, data: answer({ suggestion: 'alfajores' }) }))
    expect(await screen.findByText('Mostrando resultados de «alfajores»')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Productos' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Quisiste decir/ })).not.toBeInTheDocument()
  })

  test('the filters and the sort are written to the URL, back to the first pages, and sent', async () => {
    const { user, searches } = setup('/search?q=yerba&page=2&storePage=2', () => ({
      status: 200,
      data: answer(),
    }))
    await screen.findByRole('region', { name: 'Productos' })
    const filters = screen.getByRole('group', { name: 'Filtros de la búsqueda' })

    await user.selectOptions(within(filters).getByLabelText('Rubro'), 'Farmacia')
    expect(where()).toBe('/search?q=yerba&category=farmacia')

    const delivery = within(filters).getByLabelText('Entrega')
    expect(
      within(delivery)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', 'Retiro en tienda', 'Entrega a domicilio', 'Envío a domicilio'])
    await user.selectOptions(delivery, 'Retiro en tienda')
    await user.click(within(filters).getByRole('switch', { name: 'Abierto ahora' }))
    await user.selectOptions(within(filters).getByLabelText('Ordenar por'), 'Más cerca')
    expect(where()).toBe(
      '/search?q=yerba&category=farmacia&deliveryType=pickup&openNow=true&sort=distance',
    )
    expect(searches().at(-1)).toEqual({
      q: 'yerba',
      page: 1,
      lat: POINT.lat,
      lng: POINT.lng,
      category: 'farmacia',
      deliveryType: 'pickup',
      openNow: 'true',
      sort: 'distance',
    })

    // "Todos los rubros" takes the filter off again.
    await user.selectOptions(within(filters).getByLabelText('Rubro'), 'Todos los rubros')
    expect(where()).toBe('/search?q=yerba&deliveryType=pickup&openNow=true&sort=distance')
  })

  test('a link with filters opens with them chosen', async () => {
    setup('/search?q=Kiosco&category=kiosco&openNow=true&sort=price', () => ({
      status: 200,
      data: answer(),
    }))
    const filters = await screen.findByRole('group', { name: 'Filtros de la búsqueda' })
    expect(within(filters).getByLabelText('Rubro')).toHaveValue('kiosco')
    expect(within(filters).getByRole('switch', { name: 'Abierto ahora' })).toBeChecked()
    expect(within(filters).getByLabelText('Ordenar por')).toHaveValue('price')
  })

  test('a failed search shows the error with Reintentar, which asks again', async () => {
    let fail = true
    const { user } = setup('/search?q=pan', () =>
      fail
        ? { status: 400, data: { statusCode: 400, message: 'La búsqueda no es válida' } }
        : { status: 200, data: answer() },
    )
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('No pudimos buscar')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('region', { name: 'Productos' })).toBeInTheDocument()
  })

  test('shows skeletons while the answer is on its way', async () => {
    let release: (reply: FakeReply) => void = () => {}
    const adapter = createFakeAdapter(
      () => new Promise<FakeReply>((resolve) => (release = resolve)),
    )
    http.defaults.adapter = adapter
    renderRouter([{ path: '/search', element: <Page /> }], { url: '/search?q=pan' })
    expect(await screen.findByRole('group', { name: 'Cargando productos' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Cargando comercios' })).toBeInTheDocument()
    await act(async () => release({ status: 200, data: answer() }))
    expect(await screen.findByRole('region', { name: 'Productos' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Cargando productos' })).not.toBeInTheDocument()
  })

  test('without an address it asks for one and searches nothing', async () => {
    const onChooseAddress = vi.fn()
    const { user, searches } = setup(
      '/search?q=alfajores',
      () => ({ status: 200, data: answer() }),
      { point: null, onChooseAddress },
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Resultados para «alfajores»',
    )
    expect(
      screen.getByRole('heading', { name: 'Elegí tu dirección para buscar' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Elegir dirección' }))
    expect(onChooseAddress).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('group', { name: 'Filtros de la búsqueda' })).not.toBeInTheDocument()
    expect(searches()).toEqual([])
  })
})
