import { expect, type Page } from '@playwright/test'
import {
  chooseAddressInPalermo,
  closeLoginModal,
  signInFromModal,
  signUpInModal,
} from './support.ts'

export { signUpInModal }

/**
 * Walks every route of spec section 2 the way one kind of user reaches it, calling `check` on
 * each settled page. Shared by the overflow and the language specs.
 */
export type Role = 'visitor' | 'customer' | 'seller'

/** Customer-area routes without ids (the crawl reaches shop, product, checkout and order). */
export const CUSTOMER_PATHS = [
  '/',
  '/shops',
  '/orders',
  '/addresses',
  '/account',
  '/account/change-password',
  '/payment-methods',
  '/settings',
  '/help',
  '/arrepentimiento',
  '/privacy',
  '/terms',
  '/unauthorized',
  '/esta-pagina-no-existe',
]

export const ADMIN_PATHS = [
  '/admin/dashboard',
  '/admin/analytics',
  '/admin/collaborators',
  '/admin/customers',
  '/admin/inventory',
  '/admin/inventory/collections',
  '/admin/inventory/collections/new',
  '/admin/inventory/products',
  '/admin/inventory/products/new',
  '/admin/orders',
  '/admin/orders/new',
  '/admin/withdrawals',
  '/admin/payments',
  '/admin/settings',
  '/admin/settings/info',
  '/admin/settings/notifications',
  '/admin/settings/payment-methods',
  '/admin/settings/shipping',
  '/admin/settings/taxes',
  '/admin/stores',
  '/admin/stores/new',
]

export type Check = (where: string) => Promise<void>

/**
 * Waits until the page shows its new heading and nothing is loading. The heading of the page
 * being left is marked first, so its own heading cannot pass for the next page's.
 */
export async function settle(page: Page) {
  await expect(page.locator('h1:not([data-crawl-left])').first()).toBeVisible()
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
}

/**
 * A client-side move, as a tap on a link does: a full load would start the app again (and greet
 * a visitor with the login modal each time).
 */
export async function goClientSide(page: Page, path: string) {
  await page.evaluate((to) => {
    if (window.location.pathname === to) return
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-crawl-left', ''))
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await settle(page)
}

async function visitAll(page: Page, paths: string[], check: Check) {
  for (const path of paths) {
    await goClientSide(page, path)
    await check(path)
  }
}

/**
 * From Tostadero Soho's page, three of a product without stock tracking into the cart: the crawls
 * each place an order, and a tracked product would run out over a whole suite.
 */
export async function fillCartWithUnlimitedProduct(page: Page) {
  await page
    .getByRole('main')
    .getByRole('link', { name: /Budín de limón y amapola/ })
    .first()
    .click()
  await expect(page.getByTestId('product-price')).toBeVisible()
  await page.getByRole('button', { name: 'Sumar uno' }).click()
  await page.getByRole('button', { name: 'Sumar uno' }).click()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByRole('button', { name: /^Carrito, 3 productos$/ })).toBeVisible()
}

/** Home with an address, a shop, a product (three in the cart), the cart drawer. */
async function shopAround(page: Page, check: Check) {
  await chooseAddressInPalermo(page)
  await settle(page)
  await check('/ (with an address)')
  await page
    .getByRole('region', { name: 'Comercios cerca tuyo' })
    .getByRole('link', { name: 'Tostadero Soho' })
    .click()
  await settle(page)
  await check('a shop')
  await fillCartWithUnlimitedProduct(page)
  await settle(page)
  await check('a product')
  await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  const cart = page.getByRole('dialog', { name: 'Tu carrito' })
  await expect(cart).toBeVisible()
  await settle(page)
  await check('the cart')
  return cart
}

export async function crawl(page: Page, role: Role, check: Check) {
  await page.goto('/')
  if (role === 'seller') {
    await signInFromModal(page, 'vendedor', 'Valeria')
    await page.goto('/admin/dashboard')
    await settle(page)
    await visitAll(page, ADMIN_PATHS, check)
    // The product editor and an order of Tostadero Soho (the customer crawl ordered there). The
    // store switcher sits in the header from 48em up (in the menu drawer below).
    const viewport = page.viewportSize()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('combobox', { name: 'Tienda seleccionada' }).click()
    await page.getByRole('option', { name: 'Tostadero Soho' }).click()
    if (viewport) await page.setViewportSize(viewport)
    await goClientSide(page, '/admin/inventory/products')
    await page
      .getByRole('main')
      .locator('a[href*="/admin/inventory/products/"]:not([href$="/new"])')
      .first()
      .click()
    await settle(page)
    await check('the product editor')
    await goClientSide(page, '/admin/orders')
    const order = page.getByRole('link', { name: /^Pedido #\d+/ }).first()
    if (await order.count()) {
      await order.click()
      await expect(page.getByRole('list', { name: 'Historial del pedido' })).toBeVisible()
      await settle(page)
      await check('an admin order')
    }
    // A customer of Tostadero Soho (the demo history bought there), with their orders.
    await goClientSide(page, '/admin/customers')
    await page.getByRole('main').locator('a[href*="/admin/customers/"]').first().click()
    await expect(page.getByRole('link', { name: /^Pedido #\d+/ }).first()).toBeVisible()
    await settle(page)
    await check('a customer')
    // A seller opening the customer pages gets them inside the seller layout.
    await visitAll(page, ['/account', '/settings', '/help'], check)
    return
  }

  await closeLoginModal(page)
  const cart = await shopAround(page, check)
  if (role === 'visitor') {
    await page.keyboard.press('Escape')
    await expect(cart).toBeHidden()
    await visitAll(page, CUSTOMER_PATHS, check)
    await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).click()
    await expect(page.getByRole('dialog', { name: 'Ingresá a Barrio' })).toBeVisible()
    await settle(page)
    await check('the login modal')
    return
  }

  await cart.getByRole('button', { name: 'Ir a pagar' }).click()
  await signUpInModal(page)
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await settle(page)
  await check('checkout: contact')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('radio', { name: 'Entrega a domicilio' })).toBeVisible()
  await check('checkout: delivery')
  await page.getByRole('radio', { name: 'Entrega a domicilio' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeVisible()
  await check('checkout: payment')
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await expect(page.getByTestId('checkout-blocker')).toHaveCount(0)
  await settle(page)
  await check('checkout: review')
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Historial del pedido' })).toBeVisible()
  await settle(page)
  await check('an order')
  await visitAll(page, CUSTOMER_PATHS, check)
}
