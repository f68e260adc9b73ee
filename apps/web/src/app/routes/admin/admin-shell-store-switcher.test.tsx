import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { AdminShell } from '@/app/routes/admin/admin-shell'
import { AdminProductsPage } from '@/app/routes/admin/products'
import { STORE_SWITCHER_LABEL } from '@/features/admin-stores/components/store-switcher'
import { appStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { STORAGE_KEYS } from '@/lib/storage'
import { routeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import {
  buildAdminProduct,
  buildAdminStore,
  pageOf,
  signInSeller,
  STORE_A,
  STORE_B,
} from '@/testing/seller-fixtures'

function renderAdmin(url: string) {
  return renderRouter(
    [
      {
        path: '/admin',
        element: <AdminShell />,
        children: [
          { path: 'inventory/products', element: <AdminProductsPage /> },
          { path: 'dashboard', element: <p>Contenido del panel</p> },
        ],
      },
    ],
    { url },
  )
}

describe('store switcher', () => {
  test('picking another store sends its id as x-store-id on the following admin requests', async () => {
    const adapter = routeAdapter({
      'GET /admin/stores': {
        status: 200,
        data: pageOf([
          buildAdminStore({ _id: STORE_A, name: 'Almacén Don José' }),
          buildAdminStore({ _id: STORE_B, name: 'Verdulería La Huerta', handle: 'la-huerta' }),
        ]),
      },
      'GET /admin/products': { status: 200, data: pageOf([buildAdminProduct()]) },
      'GET /admin/collections': { status: 200, data: pageOf([]) },
    })
    http.defaults.adapter = adapter
    signInSeller(STORE_A)
    const user = userEvent.setup({ delay: null })
    renderAdmin('/admin/inventory/products')

    expect(await screen.findByRole('link', { name: 'Yerba mate 1 kg' })).toBeInTheDocument()
    const firstProducts = adapter.calls.filter((c) => c.url === '/admin/products')
    expect(firstProducts.length).toBeGreaterThan(0)
    expect(firstProducts.every((c) => c.headers['x-store-id'] === STORE_A)).toBe(true)

    const switcher = await screen.findByRole('combobox', { name: STORE_SWITCHER_LABEL })
    await waitFor(() => expect(switcher).toHaveValue('Almacén Don José'))
    await user.click(switcher)
    await user.click(
      // Mantine keeps the dropdown mid-transition under jsdom: options exist but count as hidden.
      await screen.findByRole('option', { name: 'Verdulería La Huerta', hidden: true }),
    )

    expect(appStore.getState().selectedStoreId).toBe(STORE_B)
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedStore)).toBe(STORE_B)
    await waitFor(() =>
      expect(
        adapter.calls.some(
          (c) => c.url === '/admin/products' && c.headers['x-store-id'] === STORE_B,
        ),
      ).toBe(true),
    )
  })

  test('a stale selection is replaced by the first store once the list loads', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /admin/stores': {
        status: 200,
        data: pageOf([
          buildAdminStore({ _id: STORE_B, name: 'Verdulería La Huerta' }),
          buildAdminStore({ _id: STORE_A, name: 'Almacén Don José' }),
        ]),
      },
    })
    signInSeller('9f8e7d6c-5b4a-4392-8171-605f4e3d2c1b')
    renderAdmin('/admin/dashboard')
    await waitFor(() => expect(appStore.getState().selectedStoreId).toBe(STORE_B))
    // The switcher renders the new selection on a later commit: on a loaded machine, not at once.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: STORE_SWITCHER_LABEL })).toHaveValue(
        'Verdulería La Huerta',
      ),
    )
  })

  test('with no stores, seller pages point to creating the first one', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /admin/stores': { status: 200, data: pageOf([]) },
    })
    signInSeller(null)
    renderAdmin('/admin/dashboard')
    expect(await screen.findByRole('link', { name: 'Crear mi primera tienda' })).toHaveAttribute(
      'href',
      '/admin/stores/new',
    )
    expect(screen.queryByText('Contenido del panel')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: STORE_SWITCHER_LABEL })).toBeDisabled()
  })
})
