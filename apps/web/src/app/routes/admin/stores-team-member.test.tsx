import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { AdminStoreNewPage, AdminStoresPage } from '@/app/routes/admin/stores'
import {
  NOT_MERCHANT_TEXT,
  NOT_MERCHANT_TITLE,
} from '@/features/admin-stores/components/not-merchant-notice'
import { NoStoresState } from '@/features/admin-stores/components/no-stores-state'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'
import { buildAdminStore, pageOf, signInSeller, STORE_A } from '@/testing/seller-fixtures'

/**
 * Issue 22 (decision 029): a member of another's team reaches the back office of that store but
 * may not open stores of their own, so the seller area offers them no "Nueva tienda".
 */
function serveStores(role: 'owner' | 'staff') {
  http.defaults.adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === '/admin/stores')
      return {
        status: 200,
        data: pageOf([buildAdminStore({ _id: STORE_A, name: 'Almacén Uno', role })]),
      }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
}

function signInTeamMember() {
  signInSeller(STORE_A)
  setUser(buildUser({ userType: 'admin', merchantApproved: false, firstName: 'Tomás' }))
}

describe('opening a store is offered to approved merchants only', () => {
  test('a team member sees the store they work in, and no "Nueva tienda"', async () => {
    serveStores('staff')
    signInTeamMember()
    renderWithProviders(<AdminStoresPage />, { url: '/admin/stores' })
    expect(await screen.findByText('Almacén Uno')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Nueva tienda' })).not.toBeInTheDocument()
  })

  test('a team member opening /admin/stores/new reads why, with the way to apply; no form', async () => {
    serveStores('staff')
    signInTeamMember()
    renderWithProviders(<AdminStoreNewPage />, { url: '/admin/stores/new' })
    expect(await screen.findByText(NOT_MERCHANT_TITLE)).toBeInTheDocument()
    expect(screen.getByText(NOT_MERCHANT_TEXT)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ir a Mi cuenta' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('button', { name: 'Crear tienda' })).not.toBeInTheDocument()
  })

  test('a team member with no store left is not offered to create one', async () => {
    signInTeamMember()
    renderWithProviders(<NoStoresState />)
    expect(await screen.findByText(NOT_MERCHANT_TEXT)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Crear mi primera tienda' })).not.toBeInTheDocument()
  })

  test('an approved merchant is offered "Nueva tienda" and the form', async () => {
    serveStores('owner')
    signInSeller(STORE_A)
    renderWithProviders(<AdminStoresPage />, { url: '/admin/stores' })
    expect(await screen.findByText('Almacén Uno')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Nueva tienda' })).toHaveAttribute(
      'href',
      '/admin/stores/new',
    )
    renderWithProviders(<AdminStoreNewPage />, { url: '/admin/stores/new' })
    expect(await screen.findByRole('button', { name: 'Crear tienda' })).toBeInTheDocument()
    expect(screen.queryByText(NOT_MERCHANT_TITLE)).not.toBeInTheDocument()
  })
})
