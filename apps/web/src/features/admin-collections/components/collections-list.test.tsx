import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { CollectionsList } from '@/features/admin-collections/components/collections-list'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'

const collection = (id: string, title: string) => ({
  _id: id,
  title,
  handle: title.toLowerCase(),
  description: '',
  imageUrl: null,
  position: 0,
  productIds: ['p1', 'p2'],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
})
const OFERTAS = collection('c1', 'Ofertas')

function fakeCollections() {
  const lists: unknown[] = []
  let deleted = false
  const adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/admin/collections') {
      lists.push(config.params)
      return { status: 200, data: pageOf(deleted ? [] : [OFERTAS]) }
    }
    if (method === 'DELETE' && url === '/admin/collections/c1') {
      deleted = true
      return { status: 200, data: { deleted: true } }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return { adapter, lists }
}

describe('seller collection list', () => {
  test('the search comes from the URL, and a row is deleted from its action menu', async () => {
    const { adapter, lists } = fakeCollections()
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<CollectionsList />, { url: '/admin/inventory/collections?q=ofe' })

    const table = await screen.findByRole('table')
    expect(screen.getByLabelText('Buscar colecciones')).toHaveValue('ofe')
    expect(lists[0]).toEqual({ page: 1, limit: 10, q: 'ofe' })
    expect(within(table).getByText('2 productos')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Acciones de Ofertas' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('¿Querés eliminar la colección Ofertas?')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain(
        'Eliminaste la colección Ofertas.',
      ),
    )
    // The list refreshed: with the search on, the empty page offers to clear it.
    expect(
      await screen.findByText('Ninguna colección coincide con la búsqueda'),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
  })
})
