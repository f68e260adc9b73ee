import { expect, test } from '@playwright/test'
import {
  checkoutWithDeliveryAndCash,
  chooseAddressInPalermo,
  closeLoginModal,
  fillCartAtTostadero,
  signInFromModal,
} from './support.ts'
import { signUpInModal } from './crawl.ts'

test('after a customer orders, the seller’s analytics show the sale in the 30-day totals and chart, and per hour for today', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto('/')
  await closeLoginModal(page)
  await chooseAddressInPalermo(page)
  await fillCartAtTostadero(page)
  await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  await page
    .getByRole('dialog', { name: 'Tu carrito' })
    .getByRole('button', { name: 'Ir a pagar' })
    .click()
  await signUpInModal(page, 'Martín')
  await checkoutWithDeliveryAndCash(page)
  await expect(page.getByTestId('order-status')).toBeVisible()

  const seller = await (await browser.newContext({ locale: 'es-AR' })).newPage()
  await seller.goto('/')
  await signInFromModal(seller, 'vendedor', 'Valeria')
  await seller.goto('/admin/analytics')
  const switcher = seller.getByRole('combobox', { name: 'Tienda seleccionada' })
  await switcher.click()
  await seller.getByRole('option', { name: 'Tostadero Soho' }).click()

  // 30 days by default: the totals count the order and the chart describes the period.
  await expect(seller.getByRole('radio', { name: '30 días' })).toBeChecked()
  await expect(seller.getByRole('group', { name: 'Ventas' })).toBeVisible()
  await expect(seller.getByRole('group', { name: 'Pedidos' })).not.toHaveText(/^Pedidos0(?!\d)/)
  await expect(seller.getByRole('img', { name: /^Ventas y pedidos por día: \$/ })).toBeVisible()
  await expect(seller.getByRole('region', { name: 'Por tipo de entrega' })).toContainText(
    'Entrega a domicilio',
  )

  // Today alone is split by hour, and the choice is in the URL.
  await seller.locator('label', { hasText: /^Hoy$/ }).click()
  await expect(seller).toHaveURL(/range=today/)
  await expect(seller.getByRole('img', { name: /^Ventas y pedidos por hora: \$/ })).toBeVisible()
  await expect(seller.getByText('Todavía no hay ventas en este período')).toHaveCount(0)
})
