import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { AdminShell } from '@/app/routes/admin/admin-shell'
import { AdminProductsPage } from '@/app/routes/admin/products'
import { http } from '@/lib/http/client'
import { routeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import {
  buildAdminProduct,
  buildAdminStore,
  pageOf,
  signInSeller,
  STORE_A,
} from '@/testing/seller-fixtures'

// Issue 24: what a store's team sees of Barrio's moderation: the suspension banner on every seller
// page, and "Oculto por Barrio" on a hidden product.

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

describe("Barrio's moderation in the back office", () => {
  test('a suspended store shows the reason and the date above the page', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /admin/stores': {
        status: 200,
        data: pageOf([
          buildAdminStore({
            _id: STORE_A,
            name: 'Almacén Don José',
            suspension: {
              reason: 'Vende medicamentos sin receta',
              since: '2026-11-20T13:30:00.000Z',
            },
          }),
        ]),
      },
    })
    signInSeller(STORE_A)
    renderAdmin('/admin/dashboard')
    const banner = await screen.findByRole('alert')
    expect(within(banner).getByText('Barrio suspendió Almacén Don José')).toBeInTheDocument()
    expect(within(banner).getByText('Motivo: Vende medicamentos sin receta')).toBeInTheDocument()
    expect(within(banner).getByText(/^Desde el 20\/11\/2026\./)).toBeInTheDocument()
    // The page itself is still there.
    expect(screen.getByText('Contenido del panel')).toBeInTheDocument()
    // Customers cannot see the shop meanwhile: no "Ver mi tienda".
    expect(
      screen.queryByRole('link', { name: 'Ver mi tienda', hidden: true }),
    ).not.toBeInTheDocument()
  })

  test('an active store shows no banner', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /admin/stores': { status: 200, data: pageOf([buildAdminStore({ _id: STORE_A })]) },
    })
    signInSeller(STORE_A)
    renderAdmin('/admin/dashboard')
    expect(await screen.findByText('Contenido del panel')).toBeInTheDocument()
    // Once the store list is in (the link to the shop needs it), no banner.
    expect(
      await screen.findByRole('link', { name: 'Ver mi tienda', hidden: true }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Barrio suspendió/)).not.toBeInTheDocument()
  })

  test('a hidden product reads "Oculto por Barrio" with the reason in the product list', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /admin/stores': { status: 200, data: pageOf([buildAdminStore({ _id: STORE_A })]) },
      'GET /admin/products': {
        status: 200,
        data: pageOf([
          buildAdminProduct({
            hidden: { reason: 'Imagen engañosa', since: '2026-11-21T10:00:00.000Z' },
          }),
        ]),
      },
      'GET /admin/collections': { status: 200, data: pageOf([]) },
    })
    signInSeller(STORE_A)
    renderAdmin('/admin/inventory/products')
    expect(await screen.findByRole('link', { name: 'Yerba mate 1 kg' })).toBeInTheDocument()
    expect(screen.getAllByText('Oculto por Barrio: Imagen engañosa').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Activo').length).toBeGreaterThan(0)
  })
})
