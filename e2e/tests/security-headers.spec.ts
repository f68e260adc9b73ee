import { expect, test, type Page } from './fixtures.ts'
import {
  chooseAddressInPalermo,
  closeLoginModal,
  fillCartAtTostadero,
  signInFromModal,
} from './support.ts'

/**
 * Records every Content-Security-Policy violation of a page: the `securitypolicyviolation` events
 * of the document (kept on window) and Chromium's console reports.
 */
async function watchCsp(page: Page) {
  const reports: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
  return async function expectNoViolation(where: string) {
    const events = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )
    expect([...reports, ...events], `CSP violations on ${where}`).toEqual([])
  }
}

test('no customer page breaks the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(90_000)
  const noViolation = await watchCsp(page)
  const res = await page.goto('/')
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(res?.headers()['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  // The login modal greets a logged-out visitor.
  await expect(page.getByRole('dialog', { name: 'Ingresá a Barrio' })).toBeVisible()
  await noViolation('the login modal')
  await closeLoginModal(page)

  await chooseAddressInPalermo(page)
  await noViolation('home with an address')
  await fillCartAtTostadero(page)
  await noViolation('shop and product')

  await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  const cart = page.getByRole('dialog', { name: 'Tu carrito' })
  await expect(cart).toBeVisible()
  await noViolation('the cart')
  await cart.getByRole('button', { name: 'Ir a pagar' }).click()
  await signInFromModal(page, 'cliente', 'Martín')
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible()
  await noViolation('checkout')

  await page.goto('/orders')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await noViolation('orders')
})

test('no seller page breaks the Content-Security-Policy', async ({ page }) => {
  test.setTimeout(90_000)
  const noViolation = await watchCsp(page)
  await page.goto('/')
  await signInFromModal(page, 'vendedor', 'Valeria')
  for (const path of [
    '/admin/dashboard',
    '/admin/inventory/products',
    '/admin/orders',
    '/admin/settings',
    '/admin/settings/payment-methods',
  ]) {
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await noViolation(path)
  }
})
