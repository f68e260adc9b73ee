import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { routes } from '@/app/router'
import { appStore, setUser, type AppState } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { STORAGE_KEYS } from '@/lib/storage'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderRouter } from '@/testing/render'

/** Renders the real route table once the app has initialised, and waits for the first page. */
async function renderApp(url: string, state: Partial<AppState> = {}) {
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false, ...state })
  const result = renderRouter(routes, { url })
  await screen.findByRole('main')
  return result
}

describe('the shell and its routes', () => {
  test('the home page has the Barrio header, the hero and the footer links', async () => {
    await renderApp('/')
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Barrio' })).toHaveAttribute('href', '/')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Comprá en los comercios de tu barrio' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver comercios' })).toHaveAttribute('href', '/shops')
    for (const label of ['Retiro en tienda', 'Entrega a domicilio', 'Envío a domicilio']) {
      expect(screen.getByRole('heading', { name: label })).toBeInTheDocument()
    }
    const footer = screen.getByRole('contentinfo')
    for (const label of ['Ayuda', 'Privacidad', 'Términos', 'Botón de arrepentimiento']) {
      expect(within(footer).getByRole('link', { name: label })).toBeInTheDocument()
    }
    // Res. 424/2020 SCI (issue 27): the botón is on the home page's first screen, in the hero.
    const hero = screen.getByRole('heading', { level: 1 }).parentElement!
    expect(within(hero).getByRole('link', { name: 'Botón de arrepentimiento' })).toHaveAttribute(
      'href',
      '/arrepentimiento',
    )
  })

  test.each([
    ['a visitor', null],
    ['a customer', 'customer'],
    ['a seller in the seller app', 'admin'],
  ] as const)(
    '%s reaches the botón de arrepentimiento without being redirected',
    async (_, type) => {
      if (type) setUser(buildUser({ userType: type }))
      const { router } = await renderApp('/arrepentimiento')
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Botón de arrepentimiento' }),
      ).toBeInTheDocument()
      expect(screen.getByRole('textbox', { name: /Número de pedido/ })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/arrepentimiento')
    },
  )

  test('an unknown route shows the 404 error page with the path', async () => {
    await renderApp('/esto/no/existe')
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText('404')).toBeInTheDocument()
    expect(screen.getByText(/\/esto\/no\/existe/)).toBeInTheDocument()
  })

  test('nothing but the overlay renders before the app has initialised', () => {
    appStore.setState({ appInitialized: false })
    renderRouter(routes, { url: '/' })
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument()
  })

  test('a customer opening a seller route lands on /unauthorized', async () => {
    const { router } = await renderApp('/admin/orders')
    expect(
      await screen.findByRole('heading', { name: 'No tenés acceso a esta sección' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/unauthorized')
  })

  test('a seller opening a shopping route lands on the dashboard of the lazy admin area', async () => {
    setUser(buildUser({ userType: 'admin' }))
    const { router } = await renderApp('/shops')
    expect(await screen.findByRole('heading', { name: 'Panel' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/dashboard')
    const nav = screen.getByRole('navigation', { name: 'Secciones del vendedor' })
    for (const label of [
      'Panel',
      'Pedidos',
      'Arrepentimientos',
      'Inventario',
      'Productos',
      'Colecciones',
      'Clientes',
      'Colaboradores',
      'Pagos',
      'Analíticas',
      'Tiendas',
      'Configuración',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument()
    }
  })

  test.each([
    ['/admin/settings/shipping', 'Envíos / Logística'],
    ['/admin/settings/taxes', 'Impuestos'],
    ['/admin/inventory/products/new', 'Nuevo producto'],
  ])('the seller page %s is titled %s', async (url, title) => {
    setUser(buildUser({ userType: 'admin' }))
    await renderApp(url)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })

  test.each([
    ['/orders/o1', 'Detalle del pedido'],
    ['/orders/o1.bak', 'Detalle del pedido (versión anterior)'],
    ['/checkout/c1', 'Finalizar compra'],
    ['/checkout/c1/review', 'Revisá tu pedido'],
    ['/shops', 'Comercios'],
    ['/help', 'Ayuda'],
    ['/privacy', 'Política de privacidad'],
    ['/terms', 'Términos y condiciones'],
    ['/addresses', 'Tus direcciones'],
    ['/orders', 'Tus pedidos'],
  ])('the customer page %s is titled %s', async (url, title) => {
    await renderApp(url)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })

  test("the spec's titles stay the document titles, the headings read in Spanish (decision 035)", async () => {
    setUser(buildUser({ userType: 'admin' }))
    await renderApp('/admin/settings/shipping')
    await screen.findByRole('heading', { level: 1, name: 'Envíos / Logística' })
    await waitFor(() => expect(document.title).toBe('Envios / Logistica · Barrio Vendedores'))
  })

  test('the checkout is titled Checkout in the tab and "Finalizar compra" on the page', async () => {
    await renderApp('/checkout/c1')
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' })
    await waitFor(() => expect(document.title).toBe('Checkout · Barrio'))
  })

  test('the legacy order route keeps the id without the .bak suffix', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    await renderApp('/orders/abc.bak', { deviceId: '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90' })
    await waitFor(() => expect(adapter.calls.map((c) => c.url)).toContain('/orders/abc'))
  })

  test('in the native app a logged-out visitor goes to /auth/welcome, without the web footer', async () => {
    const { router } = await renderApp('/shops', { isNative: true })
    expect(
      await screen.findByRole('heading', { name: 'Te damos la bienvenida' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/welcome')
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument()
  })

  test('in the native app a user who needs a profile goes to onboarding', async () => {
    setUser(buildUser({ needsProfile: true }))
    const { router } = await renderApp('/', { isNative: true })
    expect(await screen.findByRole('heading', { name: 'Completá tu perfil' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/onboarding')
  })

  test('after start-up the current path is re-navigated with replace and errorMsg is dropped', async () => {
    appStore.setState({ appInitialized: false })
    const { router } = renderRouter(routes, { url: '/help?errorMsg=Algo%20fall%C3%B3&tab=1' })
    act(() => appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'))
    expect(router.state.location.pathname).toBe('/help')
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

describe('header controls', () => {
  test('night mode toggles from the keyboard-accessible button and is persisted', async () => {
    const user = userEvent.setup({ delay: null })
    await renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Activar modo noche' }))
    expect(appStore.getState().nightMode).toBe(true)
    expect(window.localStorage.getItem(STORAGE_KEYS.nightMode)).toBe('true')
    // The header re-renders from the app store: wait for it (a CI run once read it before).
    expect(
      await screen.findByRole('button', { name: 'Desactivar modo noche' }, { timeout: 20_000 }),
    ).toBeInTheDocument()
  })

  test('the login modal opens from the header, switches views and resets its forms when closed', async () => {
    const user = userEvent.setup({ delay: null })
    await renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('link', { name: 'Continuar con Google' })).toHaveAttribute(
      'href',
      '/api/v1/auth/google/web',
    )
    expect(within(dialog).getByRole('link', { name: 'Continuar con Apple' })).toHaveAttribute(
      'href',
      '/api/v1/auth/apple/web',
    )
    expect(within(dialog).getByRole('button', { name: /Facebook\s*Próximamente$/ })).toBeDisabled()

    await user.type(within(dialog).getByLabelText(/Usuario o correo electrónico/), 'lucia')
    await user.click(within(dialog).getByRole('button', { name: '¿Olvidaste tu contraseña?' }))
    expect(within(dialog).getByRole('button', { name: 'Recuperar contraseña' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Volver a ingresar' }))

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))
    const reopened = await screen.findByRole('dialog')
    expect(within(reopened).getByLabelText(/Usuario o correo electrónico/)).toHaveValue('')
  })

  test('a signed-in user sees "Mi cuenta" instead of the login button', async () => {
    setUser(buildUser())
    await renderApp('/')
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/account')
    expect(screen.queryByRole('button', { name: 'Ingresar' })).not.toBeInTheDocument()
  })
})
