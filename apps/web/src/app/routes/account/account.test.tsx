import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { AccountPage } from '@/app/routes/account/account'
import { ChangePasswordPage } from '@/app/routes/account/change-password'
import { appStore, setSelectedStoreId, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { readUserCookie, STORAGE_KEYS, writeUserCookie } from '@/lib/storage'
import { getToasts } from '@/lib/toast'
import { expectConsoleWarn } from '@/testing/console-guard'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderRouter } from '@/testing/render'

function renderAccount(url = '/account') {
  return renderRouter(
    [
      { path: '/', element: <p>Inicio</p> },
      { path: '/account', element: <AccountPage /> },
      { path: '/account/change-password', element: <ChangePasswordPage /> },
    ],
    { url },
  )
}

describe('/account', () => {
  test('a logged-out visitor is invited to sign in, and the button opens the login modal', async () => {
    const user = userEvent.setup({ delay: null })
    renderAccount()
    expect(screen.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(appStore.getState()).toMatchObject({ isLoginModalOpen: true, loginModalView: 'login' })
  })

  test('a signed-in user sees the profile, password, merchant and session sections', async () => {
    const lucia = buildUser()
    setUser(lucia)
    http.defaults.adapter = routeAdapter({ 'GET /account/u_1': { status: 200, data: lucia } })
    renderAccount()
    for (const name of ['Mis datos', 'Cambiar contraseña', 'Quiero vender en Barrio', 'Sesión']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    expect(screen.getByRole('progressbar', { name: 'Cargando tus datos' })).toBeInTheDocument()
    const form = await screen.findByRole('form', { name: 'Mis datos' })
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Lucía')
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument()
  })

  test('the e-mail section says whether the address is verified and resends the link when not', async () => {
    const lucia = buildUser({ emailVerified: false })
    setUser(lucia)
    const adapter = routeAdapter({
      'GET /account/u_1': { status: 200, data: lucia },
      'POST /auth/verify-email/resend': {
        status: 200,
        data: { message: 'Te enviamos un enlace de verificación a lucia@example.com.' },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderAccount()
    const section = screen.getByRole('region', { name: 'Correo electrónico' })
    expect(within(section).getByText('Sin verificar')).toBeInTheDocument()
    await user.click(
      within(section).getByRole('button', { name: 'Reenviar correo de verificación' }),
    )
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Te enviamos un enlace de verificación a lucia@example.com.',
    )
    expect(
      adapter.calls.some((c) => c.method === 'POST' && c.url.endsWith('/verify-email/resend')),
    ).toBe(true)
  })

  test('a verified e-mail shows as verified, without the resend button', async () => {
    const lucia = buildUser({ emailVerified: true })
    setUser(lucia)
    http.defaults.adapter = routeAdapter({ 'GET /account/u_1': { status: 200, data: lucia } })
    renderAccount()
    const section = screen.getByRole('region', { name: 'Correo electrónico' })
    expect(await within(section).findByText('Verificado')).toBeInTheDocument()
    expect(
      within(section).queryByRole('button', { name: 'Reenviar correo de verificación' }),
    ).not.toBeInTheDocument()
  })

  test('saving the profile sends the four fields, updates the session and toasts', async () => {
    const lucia = buildUser()
    setUser(lucia)
    const adapter = routeAdapter({
      'GET /account/u_1': { status: 200, data: lucia },
      'PUT /account/u_1': { status: 200, data: buildUser({ firstName: 'Lu' }) },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderAccount()
    const form = await screen.findByRole('form', { name: 'Mis datos' })
    const firstName = within(form).getByLabelText(/^Nombre/)
    await user.clear(firstName)
    await user.type(firstName, 'Lu')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))

    await waitFor(() => expect(appStore.getState().user?.firstName).toBe('Lu'))
    expect(adapter.calls.find((c) => c.method === 'PUT')?.data).toEqual({
      firstName: 'Lu',
      lastName: 'Pérez',
      userName: 'lucia',
      phone: '+5491123456789',
    })
    expect(readUserCookie()?.firstName).toBe('Lu')
    expect(getToasts('bottom').map((t) => t.message)).toContain('Tus datos se guardaron.')
  })

  test('invalid fields and a taken user name are reported next to the field', async () => {
    const lucia = buildUser()
    setUser(lucia)
    const adapter = routeAdapter({
      'GET /account/u_1': { status: 200, data: lucia },
      'PUT /account/u_1': {
        status: 409,
        data: {
          statusCode: 409,
          code: 'USER_EXISTS',
          message: 'Ya existe un usuario con esos datos.',
          errors: [{ name: 'userName', message: 'Ese usuario ya existe' }],
        },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderAccount()
    const form = await screen.findByRole('form', { name: 'Mis datos' })
    const userName = within(form).getByLabelText(/^Usuario/)
    await user.clear(userName)
    await user.type(userName, 'lucía p')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    expect(userName).toHaveAccessibleDescription(
      expect.stringContaining('Usá solo letras, números, punto, guion o guion bajo'),
    )
    expect(adapter.calls.some((c) => c.method === 'PUT')).toBe(false)

    await user.clear(userName)
    await user.type(userName, 'marta')
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() =>
      expect(userName).toHaveAccessibleDescription(
        expect.stringContaining('Ese usuario ya existe'),
      ),
    )
  })

  test('a new account that needs its profile gets the form focused and a reminder', async () => {
    const fresh = buildUser({
      firstName: null,
      lastName: null,
      userName: null,
      phone: null,
      needsProfile: true,
    })
    setUser(fresh)
    http.defaults.adapter = routeAdapter({ 'GET /account/u_1': { status: 200, data: fresh } })
    renderAccount()
    const form = await screen.findByRole('form', { name: 'Mis datos' })
    expect(within(form).getByLabelText(/^Nombre/)).toHaveFocus()
    expect(within(form).getByLabelText(/^Usuario/)).toHaveValue('lucia')
    expect(screen.getByText('Completá tu perfil')).toBeInTheDocument()
  })

  test('a failed load shows the error and retries', async () => {
    setUser(buildUser())
    let attempts = 0
    http.defaults.adapter = routeAdapter({
      'GET /account/u_1': () => {
        attempts += 1
        return attempts === 1
          ? {
              status: 404,
              data: {
                statusCode: 404,
                code: 'USER_NOT_FOUND',
                message: 'No encontramos el usuario.',
              },
            }
          : { status: 200, data: buildUser() }
      },
    })
    const user = userEvent.setup({ delay: null })
    renderAccount()
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos el usuario.')
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('form', { name: 'Mis datos' })).toBeInTheDocument()
  })

  test('an account approved as a seller since sign-in shows the seller role and switches the session to it', async () => {
    const signedInAsCustomer = buildUser({ userType: 'customer' })
    setUser(signedInAsCustomer)
    writeUserCookie(signedInAsCustomer)
    http.defaults.adapter = routeAdapter({
      'GET /account/u_1': {
        status: 200,
        data: { ...signedInAsCustomer, userType: 'admin', merchantApproved: true },
      },
    })
    renderAccount()
    const profile = await screen.findByRole('form', { name: 'Mis datos' })
    expect(profile).toBeInTheDocument()
    expect(screen.getByText('Vendedor')).toBeInTheDocument()
    expect(screen.queryByText('Cliente')).not.toBeInTheDocument()
    await waitFor(() => expect(appStore.getState().user?.userType).toBe('admin'))
    expect(appStore.getState().appType).toBe('admin')
    expect(readUserCookie()?.userType).toBe('admin')
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).not.toBeInTheDocument()
  })

  test('"Cerrar sesión" calls the server, wipes the session and goes home', async () => {
    // The account page's profile and merchant application are two kit forms, two blockers:
    // React Router says so on each navigation from it (see use-unsaved-changes.ts).
    expectConsoleWarn(/^A router only supports one blocker at a time$/)
    const admin = buildUser({ userType: 'admin' })
    setUser(admin)
    writeUserCookie(admin)
    setSelectedStoreId('store-1')
    const adapter = routeAdapter({
      'GET /account/u_1': { status: 200, data: admin },
      'POST /auth/logout': { status: 200, data: { message: 'Cerraste sesión.' } },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    const { router } = renderAccount()
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(adapter.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /auth/logout')
    expect(appStore.getState()).toMatchObject({
      user: null,
      isLoggedIn: false,
      selectedStoreId: null,
      appType: 'customer',
    })
    expect(readUserCookie()).toBeNull()
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedStore)).toBeNull()
    expect(getToasts('bottom').map((t) => t.message)).toContain('Cerraste sesión.')
  })
})

describe('/account/change-password', () => {
  test('a signed-in user gets the same change-password form', async () => {
    setUser(buildUser())
    renderAccount('/account/change-password')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cambiar contraseña' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Cambiar contraseña' })).toBeInTheDocument()
  })

  test('a logged-out visitor is sent to sign in from the account page', async () => {
    const user = userEvent.setup({ delay: null })
    const { router } = renderAccount('/account/change-password')
    expect(screen.getByText('Iniciá sesión para cambiar tu contraseña.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    expect(router.state.location.pathname).toBe('/account')
    expect(appStore.getState().isLoginModalOpen).toBe(true)
  })
})
