import type { Page } from '@barrio/contracts/pagination'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { DataList, type DataListProps } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { rangeText } from '@/components/admin/list/list-pagination'
import { nextSortValue } from '@/components/admin/list/sort-header'
import { getToasts } from '@/lib/toast'
import { setScreenWidth } from '@/testing/media'
import { pageOf } from '@/testing/seller-fixtures'
import { renderWithProviders } from '@/testing/render'

type Item = { id: string; name: string; price: number }
const ITEMS: Item[] = [
  { id: 'a', name: 'Yerba', price: 100 },
  { id: 'b', name: 'Mate', price: 200 },
  { id: 'c', name: 'Bombilla', price: 300 },
]
const COLUMNS: Array<ListColumn<Item>> = [
  { key: 'name', header: 'Producto', card: 'title', cell: (item) => <strong>{item.name}</strong> },
  { key: 'price', header: 'Precio', sortField: 'price', cell: (item) => `$ ${item.price}` },
]

type Query = DataListProps<Item>['query']
function queryOf(overrides: Partial<Query> = {}): Query {
  const data: Page<Item> = pageOf(ITEMS, { limit: 25, total: 312 })
  return {
    data,
    isPending: false,
    isError: false,
    error: null,
    isFetching: false,
    isPlaceholderData: false,
    refetch: vi.fn(),
    ...overrides,
  } as Query
}

function renderList(props: Partial<DataListProps<Item>> = {}) {
  const onClearFilters = vi.fn()
  const onSort = vi.fn()
  renderWithProviders(
    <DataList
      label="Productos"
      query={queryOf()}
      columns={COLUMNS}
      rowKey={(item) => item.id}
      rowLabel={(item) => item.name}
      onPageChange={() => {}}
      sort={{
        value: '-price',
        options: [
          { value: '-price', label: 'Precio: mayor a menor' },
          { value: 'price', label: 'Precio: menor a mayor' },
        ],
        onChange: onSort,
      }}
      empty={{ title: 'Todavía no cargaste productos' }}
      filtered={false}
      onClearFilters={onClearFilters}
      {...props}
    />,
  )
  return { onClearFilters, onSort }
}

describe('DataList', () => {
  test('a table on desktop, with sortable headers and the range in es-AR numbers', async () => {
    const user = userEvent.setup({ delay: null })
    const { onSort } = renderList()
    const table = screen.getByRole('table', { hidden: false })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(screen.getByText('Mostrando 1–3 de 312')).toBeInTheDocument()
    const header = screen.getByRole('columnheader', { name: /Precio/ })
    expect(header).toHaveAttribute('aria-sort', 'descending')
    await user.click(screen.getByRole('button', { name: 'Ordenar por precio' }))
    expect(onSort).toHaveBeenCalledWith('price')
  })

  test('cards at 360 px from the same columns, labelled, with no table', () => {
    setScreenWidth(360)
    renderList()
    expect(screen.queryByRole('table')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Productos' })).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(cards[1]).toHaveTextContent('Mate')
    expect(cards[1]).toHaveTextContent('Precio:$ 200')
    // Phones sort with a select instead of headers.
    expect(screen.getByDisplayValue('Precio: mayor a menor')).toBeInTheDocument()
  })

  test('loading shows a skeleton that says what it loads', () => {
    renderList({ query: queryOf({ isPending: true, data: undefined }) })
    expect(screen.getByRole('status')).toHaveTextContent('Cargando productos…')
    expect(screen.queryByRole('table')).toBeNull()
  })

  test('empty states tell first use from a filter that matches nothing', async () => {
    const user = userEvent.setup({ delay: null })
    const empty = queryOf({ data: pageOf<Item>([]) })
    const { onClearFilters } = renderList({ query: empty, filtered: true })
    expect(screen.getByText('Nada coincide con los filtros')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }))
    expect(onClearFilters).toHaveBeenCalled()
  })

  test('the first-use empty state has no "Limpiar filtros"', () => {
    const empty = queryOf({ data: pageOf<Item>([]) })
    renderList({ query: empty })
    expect(screen.getByText('Todavía no cargaste productos')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull()
  })

  test('a page past the end offers the first page', async () => {
    const user = userEvent.setup({ delay: null })
    const onPageChange = vi.fn()
    renderList({ query: queryOf({ data: pageOf<Item>([], { page: 9, total: 30 }) }), onPageChange })
    expect(screen.getByText('No hay nada en esta página')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ir a la primera página' }))
    expect(onPageChange).toHaveBeenCalledWith(1)
  })

  test('an error shows the one ErrorState and retries', async () => {
    const user = userEvent.setup({ delay: null })
    const query = queryOf({ isError: true, data: undefined, error: new Error('Se cayó.') })
    renderList({ query })
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos cargar productos')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(query.refetch).toHaveBeenCalled()
  })

  test('row actions sit in a menu named after the row', async () => {
    const user = userEvent.setup({ delay: null })
    const onEdit = vi.fn()
    renderList({ rowActions: (item) => [{ label: 'Editar', onClick: () => onEdit(item.id) }] })
    await user.click(screen.getByRole('button', { name: 'Acciones de Mate' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    expect(onEdit).toHaveBeenCalledWith('b')
  })

  test('bulk selection: per row and whole page, a bar that names the count, and a looped action that reports failures', async () => {
    const user = userEvent.setup({ delay: null })
    const archived: string[] = []
    const onSettled = vi.fn()
    renderList({
      bulkActions: [
        {
          label: 'Archivar',
          run: async (item) => {
            if (item.id === 'c') throw new Error('No se puede.')
            archived.push(item.id)
          },
          doneMessage: (count) => `Archivaste ${count} productos.`,
          onSettled,
        },
      ],
    })
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Yerba' }))
    expect(
      screen.getByRole('region', { name: 'Acciones sobre los seleccionados' }),
    ).toHaveTextContent('1 seleccionado')
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todos en esta página' }))
    expect(screen.getByText('3 seleccionados')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Archivar' }))
    await waitFor(() => expect(onSettled).toHaveBeenCalled())
    expect(archived).toEqual(['a', 'b'])
    expect(getToasts('bottom').map((t) => t.message)).toContain('Archivaste 2 productos.')
    expect(getToasts('top').map((t) => t.message)).toContain(
      'No se pudo con 1: Bombilla (No se puede.)',
    )
    // What failed stays selected so it can be tried again.
    expect(screen.getByText('3 seleccionados')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Quitar selección' }))
    expect(screen.queryByRole('region', { name: 'Acciones sobre los seleccionados' })).toBeNull()
  })
})

describe('list helpers', () => {
  test('the range text', () => {
    expect(rangeText({ page: 1, limit: 25, shown: 25, totalDocs: 312 })).toBe(
      'Mostrando 1–25 de 312',
    )
    expect(rangeText({ page: 53, limit: 25, shown: 12, totalDocs: 1312 })).toBe(
      'Mostrando 1.301–1.312 de 1.312',
    )
  })

  test('a header click flips its own column and starts another in its first direction', () => {
    expect(nextSortValue('-createdAt', 'createdAt')).toBe('createdAt')
    expect(nextSortValue('createdAt', 'createdAt')).toBe('-createdAt')
    expect(nextSortValue('-createdAt', 'total')).toBe('-total')
    expect(nextSortValue('-updatedAt', 'title', 'asc')).toBe('title')
  })
})
