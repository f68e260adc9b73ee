import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { routes } from '@/app/router'
import { InvitationPage } from '@/app/routes/auth/invitation'
import { LoginModal } from '@/features/auth/components/login-modal'
import { appStore, chooseAppType, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { pageOf } from '@/testing/discovery-fixtures'
import { createFakeAdapter, routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderRouter } from '@/testing/render'
import { buildAdminStore } from '@/testing/seller-fixtures'

const TOKEN = 'inv_0123456789abcdefghij'

const invitation = {
  store: { _id: 's_1', name: 'Almacén Don Pepe', logoUrl: null },
  role: 'staff',
  email: 'Ana@Example.com',
  invitedBy: 'Pepe',
  expiresAt: '2026-12-10T12:00:00.000Z',
  status: 'pending',
}

function renderInvitation(token = TOKEN) {
  return renderRouter(
    [
      {
        path: '/invitations/:token',
        element: (
          <>
            <InvitationPage />
            <LoginModal />
          </>
        ),
      },
    ],
    { url: `/invitations/${token}` },
  )
}

describe('/invitations/{token}', () => {
  test('"Iniciá sesión" opens the login with the invitation’s e-mail filled in', async () => {
    http.defaults.adapter = routeAdapter({
      [`GET /auth/invitations/${TOKEN}`]: { status: 200, data: invitation },
    })
    const user = userEvent.setup({ delay: null })
    renderInvitation()
    await user.click(
      await screen.findByRole('button', { name: 'Iniciá sesión' }, { timeout: 20_000 }),
    )
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    expect(within(dialog).getByLabelText(/Usuario o correo electrónico/)).toHaveValue(
      'Ana@Example.com',
    )
  })

  test('"Creá tu cuenta" opens the registration with the invitation’s e-mail filled in', async () => {
    http.defaults.adapter = routeAdapter({
      [`GET /auth/invitations/${TOKEN}`]: { status: 200, data: invitation },
    })
    const user = userEvent.setup({ delay: null })
    renderInvitation()
    await user.click(
      await screen.findByRole('button', { name: 'Creá tu cuenta' }, { timeout: 20_000 }),
    )
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 })
    expect(
      await within(dialog).findByLabelText(/^Correo electrónico/, {}, { timeout: 20_000 }),
    ).toHaveValue('Ana@Example.com')
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('')
  })

  test('a malformed link is said in plain Spanish, without the parameter’s name', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /auth/invitations/roto': {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'Revisá los datos: token: El enlace de la invitación no es válido',
          errors: [{ name: 'token', message: 'El enlace de la invitación no es válido' }],
        },
      },
    })
    renderInvitation('roto')
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 })
    expect(alert).toHaveTextContent('No encontramos esa invitación')
    expect(alert).toHaveTextContent('El enlace de la invitación no es válido.')
    expect(alert.textContent).not.toMatch(/token/i)
    // Asking again cannot mend a broken link.
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  })
})

/**
 * Issue 30 (decision 036): whoever accepts while the app is the customer app — a customer, or a
 * seller shopping as a customer — lands in the seller app on the store's dashboard, not on
 * /unauthorized.
 */
describe('accepting from the customer app', () => {
  const STORE = 's_1'
  const NOT_FOUND = {
    status: 404,
    data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
  }

  function serveAcceptance(afterAccepting: ReturnType<typeof buildUser>) {
    const accepted: string[] = []
    http.defaults.adapter = createFakeAdapter(({ method, url }) => {
      const path = url.split('?')[0]
      if (method === 'GET' && path === `/auth/invitations/${TOKEN}`)
        return { status: 200, data: invitation }
      if (method === 'POST' && path === `/auth/invitations/${TOKEN}/accept`) {
        accepted.push(path)
        return {
          status: 200,
          data: { store: { _id: STORE, name: 'Almacén Don Pepe' }, role: 'staff' },
        }
      }
      if (method === 'GET' && path === '/auth/session') return { status: 200, data: afterAccepting }
      if (method === 'GET' && path === '/admin/stores')
        return {
          status: 200,
          data: pageOf([buildAdminStore({ _id: STORE, name: 'Almacén Don Pepe' })]),
        }
      if (method === 'GET' && path === '/cart') return { status: 200, data: null }
      return NOT_FOUND
    })
    return accepted
  }

  async function acceptAndLand() {
    appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
    const user = userEvent.setup({ delay: null })
    const { router } = renderRouter(routes, { url: `/invitations/${TOKEN}` })
    await user.click(
      await screen.findByRole('button', { name: 'Aceptar invitación' }, { timeout: 30_000 }),
    )
    // The end state the user sees: the dashboard rendered. The address changes first and the
    // route guard applies the switch of app in an effect after it, so the app type is only
    // checked once the page is up (the guard renders nothing while it switches).
    await screen.findByRole('heading', { level: 1, name: 'Panel' }, { timeout: 30_000 })
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/admin/dashboard')
        expect(appStore.getState().appType).toBe('admin')
        expect(appStore.getState().selectedStoreId).toBe(STORE)
      },
      { timeout: 30_000 },
    )
    // No rule sends it on to /unauthorized.
    expect(screen.getByRole('heading', { level: 1, name: 'Panel' })).toBeInTheDocument()
  }

  test('a customer who accepts lands on the store’s dashboard', async () => {
    const before = buildUser({ email: 'ana@example.com' })
    const accepted = serveAcceptance({ ...before, userType: 'admin' })
    setUser(before)
    await acceptAndLand()
    expect(accepted).toHaveLength(1)
  }, 120_000)

  test('a seller shopping as a customer who accepts is switched back to the seller app', async () => {
    const seller = buildUser({
      email: 'ana@example.com',
      userType: 'admin',
      merchantApproved: true,
    })
    const accepted = serveAcceptance(seller)
    setUser(seller)
    chooseAppType('customer')
    expect(appStore.getState().appType).toBe('customer')
    await acceptAndLand()
    expect(accepted).toHaveLength(1)
  }, 120_000)
})
