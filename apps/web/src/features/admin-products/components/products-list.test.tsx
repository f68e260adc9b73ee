import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { PRODUCT_FILTER_LABELS } from '@/features/admin-products/components/product-filters'
import { ProductsList } from '@/features/admin-products/components/products-list'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { buildAdminProduct, pageOf, signInSeller } from '@/testing/seller-fixtures'

const IDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
]
const PRODUCTS = [
  buildAdminProduct({ _id: IDS[0]!, title: 'Yerba' }),
  buildAdminProduct({ _id: IDS[1]!, title: 'Mate' }),
  buildAdminProduct({ _id: IDS[2]!, title: 'Bombilla' }),
]

type Params = { page: number; limit: number; sort: string; query?: string }

function fakeProducts({ refuse = '' } = {}) {
  const lists: Params[] = []
  const adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/admin/products') {
      const params = config.params as Params
      lists.push(params)
      return { status: 200, data: pageOf(PRODUCTS, { total: 31, page: params.page }) }
    }
    if (method === 'GET' && url === '/admin/collections') return { status: 200, data: pageOf([]) }
    if (method === 'DELETE' && url.startsWith('/admin/products/')) {
      if (url.endsWith(refuse))
        return {
          status: 409,
          data: { statusCode: 409, code: 'CONFLICT', message: 'Tiene pedidos abiertos.' },
        }
      return { status: 200, data: PRODUCTS[0] }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return { adapter, lists }
}

describe('seller product list', () => {
  test('a shared link opens its filters, sort and page, and asks the API for them', async () => {
    const { lists } = fakeProducts()
    signInSeller()
    renderWithProviders(<ProductsList />, {
      url: '/admin/inventory/products?status=active&lowStock=1&below=3&sort=title&page=2',
    })
    await screen.findByRole('table')
    expect(lists.at(-1)).toEqual({
      page: 2,
      limit: 10,
      sort: 'title',
      query: JSON.stringify({ status: 'active', stock: { $lt: 3 } }),
    })
    expect(screen.getByLabelText(PRODUCT_FILTER_LABELS.lowStock)).toBeChecked()
    expect(screen.getByRole('columnheader', { name: /Producto/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    expect(screen.getByText('Mostrando 11–13 de 31')).toBeInTheDocument()
  })

  test('archiving a selection loops the single-product call and names what failed', async () => {
    const { adapter } = fakeProducts({ refuse: IDS[1] })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ProductsList />)
    await screen.findByRole('table')

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todos en esta página' }))
    const bar = screen.getByRole('region', { name: 'Acciones sobre los seleccionados' })
    expect(bar).toHaveTextContent('3 seleccionados')
    await user.click(within(bar).getByRole('button', { name: 'Archivar' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('¿Querés archivar 3 productos seleccionados?')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    await waitFor(() =>
      expect(getToasts('top').map((t) => t.message)).toContain(
        'No se pudo con 1: Mate (Tiene pedidos abiertos.)',
      ),
    )
    expect(getToasts('bottom').map((t) => t.message)).toContain('Archivaste 2 productos.')
    expect(adapter.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(
      IDS.map((id) => `/admin/products/${id}`),
    )
  })
})
