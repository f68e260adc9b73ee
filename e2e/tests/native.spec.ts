import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from './fixtures.ts'

import { emitNativeEvent, emulateNativeShell, nativeCalls } from '../support/capacitor-bridge.ts'

/**
 * The native app's rules (spec sections 2, 3, 7, 9), run in Chromium inside an emulated Android
 * shell: Capacitor's own bridge script and the app's real plugin code, answered by a fake native
 * side (support/capacitor-bridge.ts, decision 028).
 */

const NATIVE_STATUS_BAR_COLOR = '#14532d'

/** Signs a demo user in from the page itself (the app then restores the session on load). */
async function signInThroughApi(page: Page, userName: string) {
  const status = await page.evaluate(async (name) => {
    const response = await fetch('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ userName: name, password: 'demo1234' }),
    })
    return response.status
  }, userName)
  expect(status).toBe(200)
}

/**
 * A real single-use handoff: the native sign-in with Google as the system browser runs it,
 * against the e2e API and its fake Google (support/fake-google.ts). Returns the deep link.
 */
async function googleSignInDeepLink(baseURL: string): Promise<string> {
  const browser = await playwrightRequest.newContext({ baseURL })
  try {
    const start = await browser.get('/api/v1/auth/google/mobile?state=login', { maxRedirects: 0 })
    expect(start.status()).toBe(302)
    const authorize = await browser.get(start.headers().location!, { maxRedirects: 0 })
    expect(authorize.status()).toBe(302)
    const callback = await browser.get(authorize.headers().location!, { maxRedirects: 0 })
    expect(callback.status()).toBe(302)
    const deepLink = callback.headers().location!
    expect(deepLink).toMatch(/^ar\.barrio\.app:\/\/auth\/callback\?handoff=[\w-]{10,}/)
    return deepLink
  } finally {
    await browser.dispose()
  }
}

/** The fake FCM of playwright.config.ts (FAKE_FCM_PORT). */
const FAKE_FCM_PORT = Number(process.env.E2E_PORT ?? 3199) + 4

/** The pushes the fake FCM received for one device token (apps/api/test/fake-fcm.ts). */
async function pushesTo(token: string) {
  const fcm = await playwrightRequest.newContext()
  try {
    const res = await fcm.get(`http://127.0.0.1:${FAKE_FCM_PORT}/__fake/messages`)
    const messages = (await res.json()) as Array<{
      token: string
      notification: { title: string; body: string }
      data?: Record<string, string>
    }>
    return messages.filter((m) => m.token === token)
  } finally {
    await fcm.dispose()
  }
}

/**
 * The signed-in customer (the page's cookies) orders one unit of Tostadero Soho's first product in
 * stock, for pickup, paid in cash: the API calls the app's checkout makes.
 */
async function placePickupOrder(api: APIRequestContext) {
  const ok = async (res: APIResponse) => {
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const cart = (await ok(await api.get('/api/v1/cart'))) as { _id: string }
  const products = (await ok(
    await api.get('/api/v1/products', { params: { shopId: 'tostadero-soho', limit: 20 } }),
  )) as { docs: Array<{ variants: Array<{ _id: string; stock: number }> }> }
  const variant = products.docs.flatMap((p) => p.variants).find((v) => v.stock > 2)
  expect(variant, 'a variant in stock').toBeTruthy()
  const headers = { 'x-cart-id': cart._id }
  await ok(
    await api.post('/api/v1/cart/update', {
      headers,
      data: { cartId: cart._id, items: [{ variantId: variant!._id, quantity: 1 }] },
    }),
  )
  const { checkoutId } = (await ok(
    await api.post('/api/v1/checkout', {
      headers,
      // Pickup needs no address.
      data: { cartId: cart._id, shippingAddressId: null },
    }),
  )) as { checkoutId: string }
  await ok(
    await api.post(`/api/v1/checkout/${checkoutId}/review`, {
      headers,
      data: {
        contact: {
          firstName: 'Cliente',
          lastName: 'Demo',
          phone: '+5491155550202',
          email: 'cliente@demo.barrio.ar',
        },
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      },
    }),
  )
  const confirmed = (await ok(
    await api.post(`/api/v1/checkout/${checkoutId}/confirm`, { headers }),
  )) as { order: { _id: string; number: number; store: { _id: string } } }
  return confirmed.order
}

test.describe('the native app', () => {
  test('a visitor is sent to /auth/welcome, in the shell’s own chrome, and the phone is described', async ({
    page,
  }) => {
    await emulateNativeShell(page)
    const deviceIdRequest = page.waitForRequest(
      (r) => r.url().includes('/api/v1/auth/gen-device-id'),
      { timeout: 60_000 },
    )
    await page.goto('/shops')
    await expect(page).toHaveURL(/\/auth\/welcome$/, { timeout: 60_000 })
    await expect(page.getByRole('button', { name: 'Explorar sin cuenta' })).toBeVisible()

    // Spec section 3: a new device id is asked with the phone's description, which the API
    // stores, and every request carries it.
    const genDeviceId = await deviceIdRequest
    const query = new URL(genDeviceId.url()).searchParams
    expect(Object.fromEntries(query)).toMatchObject({
      platform: 'android',
      model: 'Pixel 8',
      operatingSystem: 'android',
      osVersion: '14',
      manufacturer: 'Google',
      isVirtual: 'true',
      name: 'Pixel de prueba',
    })
    const headers = genDeviceId.headers()
    expect(headers['x-platform']).toBe('android')
    expect(headers['x-device-model']).toBe('Pixel%208')
    expect(headers['x-device-manufacturer']).toBe('Google')
    expect(headers['x-device-virtual']).toBe('true')

    // The footer is the web's; the app has none (spec section 2).
    await expect(page.getByRole('contentinfo')).toHaveCount(0)

    // Spec section 9: the dark green status bar, not overlaying; the splash goes once started.
    await expect
      .poll(async () => (await nativeCalls(page, 'SplashScreen', 'hide')).length, {
        timeout: 30_000,
      })
      .toBe(1)
    expect(await nativeCalls(page, 'StatusBar', 'setBackgroundColor')).toEqual([
      expect.objectContaining({ options: { color: NATIVE_STATUS_BAR_COLOR } }),
    ])
    expect(await nativeCalls(page, 'StatusBar', 'setOverlaysWebView')).toEqual([
      expect.objectContaining({ options: { overlay: false } }),
    ])
    // Android 16 draws the page under the status bar and ignores the calls above: the page paints
    // the bar's strip dark green itself, as tall as the top inset Capacitor's SystemBars hands it.
    await page.evaluate(() =>
      document.documentElement.style.setProperty('--safe-area-inset-top', '24px'),
    )
    const strip = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement, '::before')
      return { position: style.position, height: style.height, color: style.backgroundColor }
    })
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(NATIVE_STATUS_BAR_COLOR.slice(at, at + 2), 16))
    expect(strip).toEqual({ position: 'fixed', height: '24px', color: `rgb(${r}, ${g}, ${b})` })

    // The privacy and terms pages stay open to a visitor.
    await page.goto('/privacy')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/privacy$/)
  })

  test('Google sign-in opens the system browser, and its deep link signs the user in', async ({
    page,
    baseURL,
  }) => {
    await emulateNativeShell(page)
    await page.goto('/auth/welcome')
    await page.getByRole('link', { name: 'Ingresar con Google' }).click()
    await expect
      .poll(async () => (await nativeCalls(page, 'Browser', 'open')).length, { timeout: 30_000 })
      .toBe(1)
    const [open] = await nativeCalls(page, 'Browser', 'open')
    expect(String(open!.options.url)).toMatch(/\/api\/v1\/auth\/google\/mobile\?state=login$/)
    // The web view itself stayed on the app.
    await expect(page).toHaveURL(/\/auth\/welcome$/)

    // A deep link without a handoff (the sign-in was cancelled) or with a broken one is ignored.
    await emitNativeEvent(page, 'App', 'appUrlOpen', {
      url: 'ar.barrio.app://auth/callback?errorMsg=Cancelaste&errorCode=UNAUTHORIZED',
    })
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/handoff'), {
      timeout: 60_000,
    })
    await emitNativeEvent(page, 'App', 'appUrlOpen', {
      url: 'ar.barrio.app://auth/callback?handoff=not-a-real-handoff-0000',
    })
    expect((await refused).status()).toBeGreaterThanOrEqual(400)
    await expect(page).toHaveURL(/\/auth\/welcome$/)
    await expect(page.getByRole('alert')).toHaveCount(0)

    // The real one: POST /auth/handoff, GET /auth/session; the new user completes a profile.
    const deepLink = await googleSignInDeepLink(baseURL!)
    const handoff = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/auth/handoff') && r.method() === 'POST',
      { timeout: 60_000 },
    )
    await emitNativeEvent(page, 'App', 'appUrlOpen', { url: deepLink })
    expect((await handoff).postDataJSON()).toEqual({
      handoff: new URL(deepLink).searchParams.get('handoff'),
    })
    await expect(page).toHaveURL(/\/auth\/onboarding$/, { timeout: 60_000 })
    // Whatever page the user opens, the profile comes first.
    await page.goto('/orders')
    await expect(page).toHaveURL(/\/auth\/onboarding$/, { timeout: 60_000 })
  })

  test('a complete customer is sent home from /auth, /privacy and /terms; the push token reaches the server', async ({
    page,
  }) => {
    // This phone already allowed notifications: signing in registers it.
    await emulateNativeShell(page, { pushPermission: 'granted', pushToken: 'fcm-token-customer' })
    await page.goto('/auth/welcome')
    await expect(page.getByRole('button', { name: 'Explorar sin cuenta' })).toBeVisible({
      timeout: 60_000,
    })
    await signInThroughApi(page, 'cliente')

    const pushDevice = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/push/devices') && r.method() === 'POST',
      { timeout: 60_000 },
    )
    for (const path of ['/auth', '/privacy', '/terms']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/$/, { timeout: 60_000 })
    }
    expect((await pushDevice).postDataJSON()).toEqual({
      deviceToken: 'fcm-token-customer',
      devicePlatform: 'android',
    })
    // It was not asked again: the phone had allowed it already.
    expect(await nativeCalls(page, 'PushNotifications', 'requestPermissions')).toHaveLength(0)

    // Signing out removes the token first (while the session still exists), then leaves.
    await page.goto('/account')
    const removal = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith('/api/v1/push/devices/fcm-token-customer'),
      { timeout: 60_000 },
    )
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/logout'), {
      timeout: 60_000,
    })
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await removal
    await logout
    await expect(page).toHaveURL(/\/auth\/welcome$/, { timeout: 60_000 })
  })

  test('a seller is asked for notifications on the dashboard; a tapped notification opens its page', async ({
    page,
  }) => {
    await emulateNativeShell(page, { pushPermission: 'prompt', pushToken: 'fcm-token-seller' })
    await page.goto('/auth/welcome')
    await expect(page.getByRole('button', { name: 'Explorar sin cuenta' })).toBeVisible({
      timeout: 60_000,
    })
    await signInThroughApi(page, 'vendedor')
    const pushDevice = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/push/devices') && r.method() === 'POST',
      { timeout: 60_000 },
    )
    await page.goto('/admin/dashboard')
    expect((await pushDevice).postDataJSON()).toEqual({
      deviceToken: 'fcm-token-seller',
      devicePlatform: 'android',
    })
    expect(await nativeCalls(page, 'PushNotifications', 'requestPermissions')).toHaveLength(1)

    await emitNativeEvent(page, 'PushNotifications', 'pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '1', data: { url: '/admin/orders' } },
    })
    await expect(page).toHaveURL(/\/admin\/orders$/, { timeout: 60_000 })

    // Android's back button walks back, and leaves the app from the seller's home.
    await emitNativeEvent(page, 'App', 'backButton', { canGoBack: true })
    await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 60_000 })
    expect(await nativeCalls(page, 'App', 'exitApp')).toHaveLength(0)
    await emitNativeEvent(page, 'App', 'backButton', { canGoBack: true })
    await expect
      .poll(async () => (await nativeCalls(page, 'App', 'exitApp')).length, { timeout: 30_000 })
      .toBe(1)
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })
  test('the seller preparing the customer’s order pushes its Spanish status to the phone through FCM', async ({
    page,
    baseURL,
  }) => {
    await emulateNativeShell(page, { pushPermission: 'granted', pushToken: 'fcm-token-order' })
    await page.goto('/auth/welcome')
    await expect(page.getByRole('button', { name: 'Explorar sin cuenta' })).toBeVisible({
      timeout: 60_000,
    })
    await signInThroughApi(page, 'cliente')
    const registered = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/push/devices') && r.request().method() === 'POST',
      { timeout: 60_000 },
    )
    await page.goto('/')
    expect((await registered).status()).toBe(204)

    const order = await placePickupOrder(page.request)
    const seller = await playwrightRequest.newContext({ baseURL })
    try {
      const login = await seller.post('/api/v1/auth/login', {
        data: { userName: 'vendedor', password: 'demo1234' },
      })
      expect(login.status()).toBe(200)
      const fulfil = await seller.post(`/api/v1/admin/orders/${order._id}/fulfill`, {
        headers: { 'x-store-id': order.store._id },
      })
      expect(fulfil.status(), await fulfil.text()).toBe(200)
    } finally {
      await seller.dispose()
    }

    await expect
      .poll(async () => pushesTo('fcm-token-order'), { timeout: 60_000, intervals: [1_000] })
      .toContainEqual(
        expect.objectContaining({
          notification: { title: `Tu pedido #${order.number}`, body: 'En preparación' },
          data: expect.objectContaining({ orderId: order._id, url: `/orders/${order._id}` }),
        }),
      )
  })
})
