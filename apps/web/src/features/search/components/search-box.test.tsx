import type { SuggestResult } from '@barrio/contracts/search'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { useLocation } from 'react-router'

import { paths } from '@/config/paths'
import { SEARCH_BOX_LABEL, SearchBox } from '@/features/search/components/search-box'
import { addRecentSearch } from '@/features/search/utils/recent-searches'
import { http } from '@/lib/http/client'
import { STORAGE_KEYS } from '@/lib/storage'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'

const POINT = { lat: -34.5889, lng: -58.4305 }

const SUGGESTIONS: SuggestResult = {
  docs: [
    {
      kind: 'product',
      label: 'Alfajor de maicena',
      id: 'p-1',
      handle: 'alfajor-de-maicena',
      storeId: 's-1',
      storeName: 'Almacén Pichincha',
      storeHandle: 'almacen-pichincha',
    },
    {
      kind: 'product',
      label: 'Alfajor triple',
      id: 'p-2',
      handle: 'alfajor-triple',
      storeId: 's-2',
      storeName: 'Kiosco Lo de Tito',
      storeHandle: 'kiosco-tito',
    },
    { kind: 'store', label: 'Alfajores Doña Rosa', id: 's-3', handle: 'alfajores-dona-rosa' },
    { kind: 'category', label: 'Kiosco', id: 'kiosco' },
  ],
}

/** Where the app is: every page renders the box and the address bar's path and query. */
function Page() {
  const location = useLocation()
  return (
    <>
      <SearchBox point={pointForTest.current} />
      <output aria-label="Dirección de la página">{location.pathname + location.search}</output>
    </>
  )
}
const pointForTest: { current: typeof POINT | null } = { current: POINT }

function setup({ url = '/', point = POINT as typeof POINT | null } = {}) {
  pointForTest.current = point
  const adapter = createFakeAdapter(({ url: path }) =>
    path === '/search/suggest' ? { status: 200, data: SUGGESTIONS } : { status: 404 },
  )
  http.defaults.adapter = adapter
  const user = userEvent.setup()
  const view = renderRouter([{ path: '*', element: <Page /> }], { url })
  const box = screen.getByRole('combobox', { name: SEARCH_BOX_LABEL })
  const suggestCalls = () =>
    adapter.calls
      .filter((call) => call.url === '/search/suggest')
      .map((call) => call.params as Record<string, unknown>)
  return { ...view, user, box, adapter, suggestCalls }
}

const where = () => screen.getByRole('status', { name: 'Dirección de la página' }).textContent
const storedRecents = () =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.recentSearches) ?? 'null') as unknown
const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)))

describe('the header search box', () => {
  test('asks for suggestions near the point only from two letters on, and shows them grouped', async () => {
    const { user, box, suggestCalls } = setup()
    expect(box).toHaveAttribute('placeholder', 'Buscá alfajores, yerba, farmacia…')

    await user.type(box, 'a')
    // Well past the 250 ms pause: one letter asks nothing and shows nothing.
    await sleep(600)
    expect(suggestCalls()).toEqual([])
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()

    await user.type(box, 'lf')
    const list = await screen.findByRole('listbox', { name: 'Sugerencias' })
    expect(box).toHaveAttribute('aria-expanded', 'true')
    expect(box).toHaveAttribute('aria-controls', list.id)
    expect(suggestCalls()).toContainEqual({ q: 'alf', lat: POINT.lat, lng: POINT.lng })
    // Never a request for fewer than two letters.
    expect(suggestCalls().every((params) => String(params.q).length >= 2)).toBe(true)

    const groups = within(list).getAllByRole('group')
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(3)
    expect(within(list).getByRole('group', { name: 'Productos' })).toHaveTextContent(
      'Alfajor de maicenaAlmacén PichinchaAlfajor tripleKiosco Lo de Tito',
    )
    expect(
      within(within(list).getByRole('group', { name: 'Comercios' })).getAllByRole('option'),
    ).toHaveLength(1)
    expect(within(list).getByRole('group', { name: 'Rubros' })).toHaveTextContent('Kiosco')
    // Nothing is highlighted until the arrows say so.
    expect(box).not.toHaveAttribute('aria-activedescendant')
  })

  test('the arrows move the highlight and Enter opens the highlighted product', async () => {
    const { user, box } = setup()
    await user.type(box, 'alfajor')
    const list = await screen.findByRole('listbox', { name: 'Sugerencias' })
    const options = within(list).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Alfajor de maicenaAlmacén Pichincha',
      'Alfajor tripleKiosco Lo de Tito',
      'Alfajores Doña Rosa',
      'Kiosco',
    ])

    await user.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id)
    await user.keyboard('{ArrowUp}')
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'false')

    await user.keyboard('{Enter}')
    expect(where()).toBe(paths.product.getHref('kiosco-tito', 'alfajor-triple'))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(storedRecents()).toEqual(['Alfajor triple'])
  })

  test('a shop opens its page and a category searches within it', async () => {
    const { user, box } = setup()
    await user.type(box, 'alfajor')
    await screen.findByRole('listbox', { name: 'Sugerencias' })
    // Up from nothing wraps to the last option: the category.
    await user.keyboard('{ArrowUp}{Enter}')
    expect(where()).toBe('/search?q=Kiosco&category=kiosco')

    await user.clear(box)
    await user.type(box, 'alfajor')
    await user.click(await screen.findByRole('option', { name: 'Alfajores Doña Rosa' }))
    expect(where()).toBe('/shops/alfajores-dona-rosa')
  })

  test('Escape closes the suggestions and keeps the text', async () => {
    const { user, box } = setup()
    await user.type(box, 'alfajor')
    await screen.findByRole('listbox', { name: 'Sugerencias' })
    await user.keyboard('{ArrowDown}{Escape}')
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(box).not.toHaveAttribute('aria-activedescendant')
    expect(box).toHaveValue('alfajor')
    expect(where()).toBe('/')
    // Enter now searches the text: the closed list's highlight is gone.
    await user.keyboard('{Enter}')
    expect(where()).toBe('/search?q=alfajor')
  })

  test('Enter with nothing highlighted opens the results for the text and saves it', async () => {
    const { user, box } = setup()
    await user.type(box, '  yerba   suave ')
    await user.keyboard('{Enter}')
    expect(where()).toBe('/search?q=yerba+suave')
    expect(storedRecents()).toEqual(['yerba suave'])
    expect(box).toHaveValue('yerba suave')
  })

  test('without an address it asks for no suggestions and still searches', async () => {
    const { user, box, suggestCalls } = setup({ point: null })
    await user.type(box, 'farmacia')
    await sleep(600)
    expect(suggestCalls()).toEqual([])
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    await user.keyboard('{Enter}')
    expect(where()).toBe('/search?q=farmacia')
  })

  test("on the results page the box shows the page's search", async () => {
    const { box, router } = setup({ url: '/search?q=pan+dulce' })
    expect(box).toHaveValue('pan dulce')
    await act(() => router.navigate('/search?q=galletitas'))
    expect(box).toHaveValue('galletitas')
  })
})

describe('recent searches', () => {
  test('are shown newest first when the empty box gets the focus, and Enter repeats one', async () => {
    addRecentSearch('yerba')
    addRecentSearch('alfajores')
    const { user, box } = setup()
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()

    await user.click(box)
    const list = screen.getByRole('listbox', { name: 'Búsquedas recientes' })
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['alfajores', 'yerba'])

    // Typing hides them; emptying the box shows them again.
    await user.type(box, 'p')
    expect(screen.queryByRole('listbox', { name: 'Búsquedas recientes' })).not.toBeInTheDocument()
    await user.clear(box)
    expect(screen.getByRole('listbox', { name: 'Búsquedas recientes' })).toBeInTheDocument()

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(where()).toBe('/search?q=yerba')
    // Searched again, it moves to the front.
    expect(storedRecents()).toEqual(['yerba', 'alfajores'])
  })

  test('keep eight, and one search once whatever its accents and capitals', async () => {
    for (const text of ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'])
      addRecentSearch(text)
    addRecentSearch('Limón')
    addRecentSearch('limon')
    expect(storedRecents()).toEqual([
      'limon',
      'nueve',
      'ocho',
      'siete',
      'seis',
      'cinco',
      'cuatro',
      'tres',
    ])
  })

  test('each can be removed, and all can be cleared', async () => {
    addRecentSearch('yerba')
    addRecentSearch('alfajores')
    addRecentSearch('pan')
    const { user, box } = setup()
    await user.click(box)

    await user.click(
      screen.getByRole('button', { name: 'Quitar «alfajores» de las búsquedas recientes' }),
    )
    const list = screen.getByRole('listbox', { name: 'Búsquedas recientes' })
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['pan', 'yerba'])
    expect(storedRecents()).toEqual(['pan', 'yerba'])
    // The box keeps the focus, and the list stays open.
    expect(box).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Borrar búsquedas recientes' }))
    expect(storedRecents()).toBeNull()
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(box).toHaveFocus()
  })
})
