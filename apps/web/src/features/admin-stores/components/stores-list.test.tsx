import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { StoresList } from '@/features/admin-stores/components/stores-list'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { buildAdminStore, pageOf, signInSeller, STORE_A, STORE_B } from '@/testing/seller-fixtures'

describe('seller store list', () => {
  test('the page is in the URL, and another store offers "Trabajar con esta tienda"', async () => {
    const pages: number[] = []
    http.defaults.adapter = createFakeAdapter(({ method, url, config }) => {
      if (method === 'GET' && url === '/admin/stores') {
        const { page } = config.params as { page: number }
        pages.push(page)
        return {
          status: 200,
          data: pageOf(
            [
              buildAdminStore({ _id: STORE_A, name: 'Almacén Uno' }),
              buildAdminStore({ _id: STORE_B, name: 'Almacén Dos' }),
            ],
            { page, total: 12 },
          ),
        }
      }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    signInSeller(STORE_A)
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<StoresList />, { url: '/admin/stores?page=2' })

    const table = await screen.findByRole('table')
    expect(pages[0]).toBe(2)
    expect(within(table).getByText('Seleccionada')).toBeInTheDocument()

    // Another store can be worked with from its menu (the selected one has no such item).
    await user.click(screen.getByRole('button', { name: 'Acciones de Almacén Dos' }))
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Editar',
        'Trabajar con esta tienda',
      ]),
    )
    await user.click(screen.getByRole('menuitem', { name: 'Trabajar con esta tienda' }))
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Seleccionada'),
    )

    await user.click(screen.getByRole('button', { name: 'Página 1' }))
    expect(router.state.location.search).toBe('')
  })
})
