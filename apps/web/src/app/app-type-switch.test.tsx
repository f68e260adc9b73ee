import { buildPage } from '@barrio/contracts/pagination'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { routes } from '@/app/router'
import {
  appStore,
  appTypeFor,
  chooseAppType,
  setUser,
  wipeSession,
  type AppState,
} from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { resolveRouteRedirect } from '@/lib/routing-rules'
import { STORAGE_KEYS } from '@/lib/storage'
import { buildStore, pageOf } from '@/testing/discovery-fixtures'
import { expectConsoleWarn } from '@/testing/console-guard'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildCart, buildOrder } from '@/testing/ordering-fixtures'
import { renderRouter } from '@/testing/render'
import { buildAdminStore, STORE_A } from '@/testing/seller-fixtures'

/**
 * Issue 30 (decision 036): a seller shops with the same account. The app type follows the user
 * type at sign-in; "Comprar como cliente" / "Ir a mi tienda" switch it, the choice is kept for the
 * browser, and the routing rules of spec section 2 apply to the app type chosen.
 */

const seller = () =>
  buildUser({ userType: 'admin', merchantApproved: true, firstName: 'Marta', userName: 'marta' })

const NOT_FOUND: FakeReply = {
  status: 404,
  data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
}

/** The API as both apps use it: the seller's store, the buyer's orders, cart and addresses. */
function serveApi(account = seller()) {
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method !== 'GET') return NOT_FOUND
    const path = url.split('?')[0]
    if (path === '/admin/stores')
      return { status: 200, data: pageOf([buildAdminStore({ _id: STORE_A })]) }
    if (path === '/orders')
      return {
        status: 200,
        data: buildPage([buildOrder({ number: 1042 })], 1, { page: 1, limit: 50 }),
      }
    if (path === '/cart') return { status: 200, data: buildCart([]) }
    if (path === '/addresses') return { status: 200, data: pageOf([], { limit: 50 }) }
    if (path === '/account/u_1') return { status: 200, data: account }
    if (path === '/stores/almacen-don-jose')
      return {
        status: 200,
        data: buildStore({ name: 'Almacén Don José', handle: 'almacen-don-jose' }),
      }
    if (path === '/stores/almacen-don-jose/collections') return { status: 200, data: [] }
    return NOT_FOUND
  })
  http.defaults.adapter = adapter
  return adapter
}

async function renderApp(url: string, state: Partial<AppState> = {}) {
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false, ...state })
  const result = renderRouter(routes, { url })
  await screen.findByRole('main', {}, LANDING)
  return result
}

/** A switch lands on a lazy page of the other app: its chunk may take long on a loaded machine. */
const LANDING = { timeout: 30_000 } as const

const accountNav = () => screen.findByRole('navigation', { name: 'Tu cuenta' }, LANDING)
const storedChoice = () => window.localStorage.getItem(STORAGE_KEYS.appType)

describe('the routing rules under each app type', () => {
  const context = { isNative: false, isLoggedIn: true, needsProfile: false }

  test.each(['/shops', '/orders', '/addresses', '/payment-methods', '/checkout/c1'])(
    'the seller app sends %s to the dashboard, the customer app opens it',
    (pathname) => {
      expect(resolveRouteRedirect({ ...context, pathname, appType: 'admin' })).toBe(
        '/admin/dashboard',
      )
      expect(resolveRouteRedirect({ ...context, pathname, appType: 'customer' })).toBeNull()
    },
  )

  test('the customer app sends seller routes to /unauthorized, whoever uses it', () => {
    expect(
      resolveRouteRedirect({ ...context, pathname: '/admin/orders', appType: 'customer' }),
    ).toBe('/unauthorized')
    expect(
      resolveRouteRedirect({ ...context, pathname: '/admin/orders', appType: 'admin' }),
    ).toBeNull()
  })
})

describe('the app type chosen', () => {
  test('follows the user type at sign-in, and a seller may choose the customer app', () => {
    setUser(seller())
    expect(appStore.getState().appType).toBe('admin')
    chooseAppType('customer')
    expect(appStore.getState().appType).toBe('customer')
    expect(JSON.parse(storedChoice() ?? 'null')).toEqual({ userId: 'u_1', appType: 'customer' })
  })

  test('is kept for the browser: the session restored at start and account updates keep it', () => {
    setUser(seller())
    chooseAppType('customer')
    // A reload: the store starts over and the start sequence restores the saved user.
    appStore.setState({ user: null, isLoggedIn: false, appType: 'customer' })
    setUser(seller(), { restored: true })
    expect(appStore.getState().appType).toBe('customer')
    // The account page copies a fresh answer into the session: same account, same app.
    setUser({ ...seller(), emailVerified: false }, { persist: true })
    expect(appStore.getState().appType).toBe('customer')
  })

  test('resets to the user type at a new sign-in, a sign-out or for another account', () => {
    setUser(seller())
    chooseAppType('customer')
    wipeSession()
    expect(storedChoice()).toBeNull()

    setUser(seller())
    chooseAppType('customer')
    // Signed out elsewhere (no wipe here), then signed in again: a new sign-in.
    appStore.setState({ user: null, isLoggedIn: false, appType: 'customer' })
    setUser(seller(), { persist: true })
    expect(appStore.getState().appType).toBe('admin')
    expect(storedChoice()).toBeNull()

    window.localStorage.setItem(
      STORAGE_KEYS.appType,
      JSON.stringify({ userId: 'otra-cuenta', appType: 'customer' }),
    )
    expect(appTypeFor(seller())).toBe('admin')
  })

  test('a customer cannot choose the seller app', () => {
    setUser(buildUser())
    chooseAppType('admin')
    expect(appStore.getState().appType).toBe('customer')
    expect(storedChoice()).toBeNull()
  })
})

describe('switching app from the account page, the seller navbar and /unauthorized', () => {
  test('the seller app lists no page that would bounce, and "Comprar como cliente" opens the customer app', async () => {
    // The account page's profile and merchant application are two kit forms, two blockers:
    // React Router says so on each navigation from it (see use-unsaved-changes.ts).
    expectConsoleWarn(/^A router only supports one blocker at a time$/)
    serveApi()
    setUser(seller())
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp('/account')

    const nav = await accountNav()
    expect(within(nav).getByRole('link', { name: /^Configuración/ })).toHaveAttribute(
      'href',
      '/settings',
    )
    expect(within(nav).getByRole('link', { name: /^Ayuda/ })).toBeInTheDocument()
    for (const bounces of ['Mis pedidos', 'Mis direcciones', 'Medios de pago'])
      expect(within(nav).queryByRole('link', { name: new RegExp(`^${bounces}`) })).toBeNull()

    await user.click(within(nav).getByRole('link', { name: /^Comprar como cliente/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LANDING)
    expect(appStore.getState().appType).toBe('customer')
    expect(JSON.parse(storedChoice() ?? 'null')).toEqual({ userId: 'u_1', appType: 'customer' })
    // The customer layout: its phone tab bar and the shopping links.
    expect(
      await screen.findByRole('navigation', { name: 'Navegación del teléfono' }, LANDING),
    ).toBeInTheDocument()

    // "Mis pedidos" is the seller's own order history as a buyer.
    await act(() => router.navigate('/orders'))
    expect(await screen.findByRole('link', { name: 'Pedido #1042' }, LANDING)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/orders')
  })

  test('in the customer app the account page offers "Ir a mi tienda" back to the seller app', async () => {
    // The account page's profile and merchant application are two kit forms, two blockers:
    // React Router says so on each navigation from it (see use-unsaved-changes.ts).
    expectConsoleWarn(/^A router only supports one blocker at a time$/)
    serveApi()
    setUser(seller())
    chooseAppType('customer')
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp('/account')

    const nav = await accountNav()
    expect(within(nav).getByRole('link', { name: /^Mis pedidos/ })).toHaveAttribute(
      'href',
      '/orders',
    )
    await user.click(within(nav).getByRole('link', { name: /^Ir a mi tienda/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), LANDING)
    expect(appStore.getState().appType).toBe('admin')
    expect(
      await screen.findByRole('navigation', { name: 'Secciones del vendedor' }, LANDING),
    ).toBeInTheDocument()
  })

  test('a customer gets no switch link', async () => {
    serveApi(buildUser())
    setUser(buildUser())
    await renderApp('/account')
    const nav = await accountNav()
    expect(within(nav).getByRole('link', { name: /^Mis pedidos/ })).toBeInTheDocument()
    expect(
      within(nav).queryByRole('link', { name: /Ir a mi tienda|Comprar como cliente/ }),
    ).toBeNull()
  })

  test('the seller navbar has "Ver mi tienda" (the public shop page, in the customer app) and "Comprar como cliente"', async () => {
    serveApi()
    setUser(seller())
    appStore.setState({ selectedStoreId: STORE_A })
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp('/admin/dashboard')

    const nav = await screen.findByRole('navigation', { name: 'Tu tienda y tus compras' }, LANDING)
    expect(within(nav).getByRole('link', { name: 'Comprar como cliente' })).toHaveAttribute(
      'href',
      '/',
    )
    const shopLink = await within(nav).findByRole('link', { name: 'Ver mi tienda' })
    expect(shopLink).toHaveAttribute('href', '/shops/almacen-don-jose')
    await user.click(shopLink)
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/shops/almacen-don-jose'),
      LANDING,
    )
    expect(appStore.getState().appType).toBe('customer')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Almacén Don José' }, LANDING),
    ).toBeInTheDocument()
  })

  test('a seller route opened in the customer app goes to /unauthorized, which leads back to it', async () => {
    serveApi()
    setUser(seller())
    chooseAppType('customer')
    const user = userEvent.setup({ delay: null })
    const { router } = await renderApp('/admin/orders')

    expect(
      await screen.findByRole('heading', { name: 'Estás comprando como cliente' }, LANDING),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/unauthorized')
    const back = screen.getByRole('link', { name: 'Ir a mi tienda' })
    expect(back).toHaveAttribute('href', '/admin/orders')
    await user.click(back)
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'), LANDING)
    expect(appStore.getState().appType).toBe('admin')
  })
})
