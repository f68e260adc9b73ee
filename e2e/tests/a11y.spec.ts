import { expect, test, type Page } from './fixtures.ts'
import { audit } from './axe.ts'
import { fillCartWithUnlimitedProduct, signUpInModal } from './crawl.ts'
import { chooseAddressInPalermo, closeLoginModal, signInFromModal } from './support.ts'

async function heading(page: Page, name?: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name }).first()).toBeVisible()
}

for (const mode of ['light', 'night'] as const) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      // The app reads night mode from local storage at start (lib/storage.ts).
      await page.addInitScript((night) => {
        window.localStorage.setItem('barrio.nightMode', night ? 'true' : 'false')
      }, mode === 'night')
    })

    test(`the customer's key pages have no critical, serious or moderate axe violations (${mode})`, async ({
      page,
    }) => {
      test.setTimeout(300_000)
      const found: string[] = []
      await page.goto('/')
      await expect(page.getByRole('dialog', { name: 'Ingresá a Barrio' })).toBeVisible()
      await audit(page, 'login modal open', found)
      await closeLoginModal(page)

      await chooseAddressInPalermo(page)
      await audit(page, 'home with an address', found)

      await page.getByRole('main').getByRole('link', { name: 'Tostadero Soho' }).first().click()
      await heading(page, 'Tostadero Soho')
      await audit(page, 'a shop', found)

      await fillCartWithUnlimitedProduct(page)
      await audit(page, 'a product', found)

      await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
      const cart = page.getByRole('dialog', { name: 'Tu carrito' })
      await expect(cart).toBeVisible()
      await audit(page, 'cart', found)

      await cart.getByRole('button', { name: 'Ir a pagar' }).click()
      await signUpInModal(page)
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
      await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible()
      await audit(page, 'checkout: contact', found)
      await page.getByRole('button', { name: 'Continuar' }).click()
      await expect(page.getByRole('radio', { name: 'Entrega a domicilio' })).toBeVisible()
      await audit(page, 'checkout: delivery', found)
      await page.getByRole('radio', { name: 'Entrega a domicilio' }).check()
      await page.getByRole('button', { name: 'Continuar' }).click()
      await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeVisible()
      await audit(page, 'checkout: payment', found)
      await page.getByRole('radio', { name: 'Efectivo' }).check()
      await page.getByRole('button', { name: 'Continuar' }).click()
      await heading(page, 'Revisá tu pedido')
      await expect(page.getByTestId('checkout-blocker')).toHaveCount(0)
      await audit(page, 'checkout: review', found)
      await page.getByRole('button', { name: 'Confirmar pedido' }).click()
      await heading(page, /^Pedido #\d+$/)
      await expect(page.getByRole('list', { name: 'Historial del pedido' })).toBeVisible()
      await audit(page, 'an order', found)

      for (const [path, name] of [
        ['/orders', 'Tus pedidos'],
        ['/shops', undefined],
        ['/addresses', undefined],
        ['/account', 'Mi cuenta'],
      ] as const) {
        await page.goto(path)
        await heading(page, name)
        await audit(page, path, found)
      }

      expect(found, found.join('\n\n')).toEqual([])
    })

    test(`the seller's key pages have no critical, serious or moderate axe violations (${mode})`, async ({
      page,
    }) => {
      test.setTimeout(300_000)
      const found: string[] = []
      await page.goto('/')
      await signInFromModal(page, 'vendedor', 'Valeria')

      await page.goto('/admin/dashboard')
      await heading(page)
      // Tostadero Soho has orders (the demo seed's and the customer test's).
      await page.getByRole('combobox', { name: 'Tienda seleccionada' }).click()
      await page.getByRole('option', { name: 'Tostadero Soho' }).click()
      await audit(page, '/admin/dashboard', found)

      await page.goto('/admin/inventory/products')
      await heading(page)
      await expect(
        page.getByRole('main').locator('a[href*="/admin/inventory/products/"]').first(),
      ).toBeVisible()
      await audit(page, '/admin/inventory/products', found)
      await page
        .getByRole('main')
        .locator('a[href*="/admin/inventory/products/"]:not([href$="/new"])')
        .first()
        .click()
      await expect(page).toHaveURL(/\/admin\/inventory\/products\/(?!new)[^/]+$/)
      await heading(page)
      await audit(page, 'the product editor', found)

      await page.goto('/admin/orders')
      await heading(page)
      const firstOrder = page.getByRole('link', { name: /^Pedido #\d+/ }).first()
      await expect(firstOrder).toBeVisible()
      await audit(page, '/admin/orders', found)
      await firstOrder.click()
      await expect(page.getByRole('list', { name: 'Historial del pedido' })).toBeVisible()
      await audit(page, 'an admin order', found)

      await page.goto('/admin/customers')
      await heading(page)
      const firstCustomer = page.getByRole('main').locator('a[href*="/admin/customers/"]').first()
      await expect(firstCustomer).toBeVisible()
      await audit(page, '/admin/customers', found)
      await firstCustomer.click()
      await expect(page.getByRole('link', { name: /^Pedido #\d+/ }).first()).toBeVisible()
      await audit(page, 'a customer', found)

      await page.goto('/admin/settings/shipping')
      await heading(page)
      await audit(page, '/admin/settings/shipping', found)

      // The store form with its pin map (Leaflet, decision 023); offline the tiles stay grey.
      await page.goto('/admin/settings/info')
      await heading(page)
      await expect(
        page.getByRole('region', { name: 'Mapa con el pin de tu comercio' }),
      ).toBeVisible()
      await audit(page, 'the store form with its pin map', found)

      expect(found, found.join('\n\n')).toEqual([])
    })
  })
}
