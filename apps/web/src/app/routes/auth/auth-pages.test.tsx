import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { WelcomePage } from '@/app/routes/auth/auth-pages'
import { OnboardingPage } from '@/app/routes/auth/onboarding'
import { appStore, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { resolveRouteRedirect } from '@/lib/routing-rules'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderRouter } from '@/testing/render'

function renderAuth(url: string) {
  return renderRouter(
    [
      { path: '/', element: <p>Inicio</p> },
      { path: '/auth/welcome', element: <WelcomePage /> },
      { path: '/auth/onboarding', element: <OnboardingPage /> },
    ],
    { url },
  )
}

describe('/auth/welcome', () => {
  test('native: Google and Apple open the mobile sign-in, the e-mail opens the code view', async () => {
    appStore.setState({ isNative: true })
    const user = userEvent.setup({ delay: null })
    renderAuth('/auth/welcome')
    expect(screen.getByText('Comprá en los comercios de tu barrio')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ingresar con Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/google/mobile?state=login',
    )
    expect(screen.getByRole('link', { name: 'Ingresar con Apple' })).toHaveAttribute(
      'href',
      '/api/v1/auth/apple/mobile?state=login',
    )
    await user.click(screen.getByRole('button', { name: 'Ingresar con mi correo' }))
    expect(appStore.getState()).toMatchObject({
      isLoginModalOpen: true,
      loginModalView: 'passwordless',
    })
  })

  test('web: the buttons use the web sign-in routes', () => {
    renderAuth('/auth/welcome')
    expect(screen.getByRole('link', { name: 'Ingresar con Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/google/web',
    )
  })

  test('"Explorar sin cuenta" lets a logged-out native visitor browse', async () => {
    appStore.setState({ isNative: true })
    const user = userEvent.setup({ delay: null })
    const { router } = renderAuth('/auth/welcome')
    const context = {
      appType: 'customer',
      isNative: true,
      isLoggedIn: false,
      needsProfile: false,
    } as const
    expect(resolveRouteRedirect({ ...context, pathname: '/shops' })).toBe('/auth/welcome')

    await user.click(screen.getByRole('button', { name: 'Explorar sin cuenta' }))
    expect(router.state.location.pathname).toBe('/')
    expect(appStore.getState().isGuest).toBe(true)
    expect(resolveRouteRedirect({ ...context, pathname: '/shops', isGuest: true })).toBeNull()
  })
})

describe('/auth/onboarding', () => {
  test('completing the profile applies the user and goes home', async () => {
    setUser(
      buildUser({
        firstName: null,
        lastName: null,
        userName: null,
        phone: null,
        needsProfile: true,
      }),
    )
    const adapter = routeAdapter({
      'PUT /account/u_1': { status: 200, data: buildUser({ needsProfile: false }) },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    const { router } = renderAuth('/auth/onboarding')

    expect(screen.getByLabelText(/^Nombre/)).toHaveFocus()
    await user.type(screen.getByLabelText(/^Nombre/), 'Lucía')
    await user.type(screen.getByLabelText(/^Apellido/), 'Pérez')
    await user.type(screen.getByLabelText(/^Teléfono/), '91123456789')
    await user.click(screen.getByRole('button', { name: 'Continuar' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(adapter.calls[0]?.data).toEqual({
      firstName: 'Lucía',
      lastName: 'Pérez',
      userName: 'lucia',
      phone: '+5491123456789',
    })
    expect(appStore.getState().user?.needsProfile).toBe(false)
  })
})
