import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'

import { enumParam, flagParam, pageParam, textParam } from '@/components/admin/list/list-params'
import { parseListParams, useListState } from '@/components/admin/list/use-list-state'
import { renderWithProviders } from '@/testing/render'

const schema = z.object({
  page: pageParam(),
  sort: enumParam(['-createdAt', 'createdAt'], '-createdAt'),
  q: textParam(),
  status: enumParam(['all', 'open', 'closed'], 'all'),
  unpaid: flagParam(),
})

describe('list params', () => {
  test('missing or bad params fall back to their defaults one by one', () => {
    expect(parseListParams(schema, new URLSearchParams(''))).toEqual({
      page: 1,
      sort: '-createdAt',
      q: '',
      status: 'all',
      unpaid: false,
    })
    expect(
      parseListParams(schema, new URLSearchParams('page=abc&sort=nope&status=open&unpaid=1')),
    ).toEqual({ page: 1, sort: '-createdAt', q: '', status: 'open', unpaid: true })
    expect(parseListParams(schema, new URLSearchParams('page=0&status=OPEN')).page).toBe(1)
    expect(parseListParams(schema, new URLSearchParams('page=4')).page).toBe(4)
  })
})

function Probe() {
  const list = useListState(schema)
  return (
    <div>
      <output aria-label="estado">{JSON.stringify(list.values)}</output>
      <output aria-label="filtrado">{String(list.hasFilters)}</output>
      <input
        aria-label="Buscar"
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.currentTarget.value)}
      />
      <button onClick={() => list.set({ status: 'open' })}>Abiertos</button>
      <button onClick={() => list.set({ sort: 'createdAt' })}>Antiguos</button>
      <button onClick={() => list.setPage(3)}>Página 3</button>
      <button onClick={list.clearFilters}>Limpiar</button>
    </div>
  )
}

const state = () =>
  JSON.parse(screen.getByLabelText('estado').textContent!) as Record<string, unknown>

describe('useListState', () => {
  test('the URL opens the same view, and a filter or sort change goes back to page 1', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<Probe />, { url: '/admin/orders?page=2&status=closed' })
    expect(state()).toMatchObject({ page: 2, status: 'closed' })
    expect(screen.getByLabelText('filtrado')).toHaveTextContent('true')

    await user.click(screen.getByRole('button', { name: 'Abiertos' }))
    expect(router.state.location.search).toBe('?status=open')
    expect(state()).toMatchObject({ page: 1, status: 'open' })

    await user.click(screen.getByRole('button', { name: 'Página 3' }))
    expect(router.state.location.search).toBe('?status=open&page=3')
    await user.click(screen.getByRole('button', { name: 'Antiguos' }))
    expect(state()).toMatchObject({ page: 1, sort: 'createdAt', status: 'open' })

    // The sort is not a filter: clearing keeps it and drops the rest.
    await user.click(screen.getByRole('button', { name: 'Limpiar' }))
    expect(router.state.location.search).toBe('?sort=createdAt')
    expect(screen.getByLabelText('filtrado')).toHaveTextContent('false')
  })

  test('the back button steps through the choices', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<Probe />, { url: '/admin/orders' })
    await user.click(screen.getByRole('button', { name: 'Abiertos' }))
    await user.click(screen.getByRole('button', { name: 'Página 3' }))
    expect(state()).toMatchObject({ page: 3, status: 'open' })

    await act(() => router.navigate(-1))
    expect(state()).toMatchObject({ page: 1, status: 'open' })
    await act(() => router.navigate(-1))
    expect(state()).toMatchObject({ page: 1, status: 'all' })
  })

  test('the search reaches the URL after a pause, replacing the entry, and follows the URL back', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<Probe />, { url: '/admin/orders?page=2' })
    const box = screen.getByLabelText('Buscar')
    await user.type(box, 'yerba')
    expect(box).toHaveValue('yerba')
    await screen.findByText(/"q":"yerba"/)
    expect(state()).toMatchObject({ q: 'yerba', page: 1 })
    expect(router.state.location.search).toBe('?q=yerba')
    // Replaced, not pushed: one step back leaves the list page altogether (no "?page=2" entry
    // is left behind between it and the search).
    expect(router.state.historyAction).toBe('REPLACE')

    await user.click(screen.getByRole('button', { name: 'Limpiar' }))
    expect(box).toHaveValue('')
    await act(() => router.navigate(-1))
    expect(box).toHaveValue('yerba')
  })
})
