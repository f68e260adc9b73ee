import { expect, test } from '@playwright/test'
import {
  checkoutWithDeliveryAndCash,
  chooseAddressInPalermo,
  closeLoginModal,
  fillCartAtTostadero,
  signInFromModal,
} from './support.ts'

test('an anonymous visitor fills a cart, signs in at checkout, picks delivery and cash, confirms, and follows the shop’s progress live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto('/')
  await closeLoginModal(page)

  await chooseAddressInPalermo(page)
  await fillCartAtTostadero(page)

  // Checkout needs a session: the login modal opens, the customer signs in, the cart follows.
  await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  await page
    .getByRole('dialog', { name: 'Tu carrito' })
    .getByRole('button', { name: 'Ir a pagar' })
    .click()
  await signInFromModal(page, 'cliente', 'Martín')
  // Signed in, the purchase goes on by itself with the same cart.
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)

  await checkoutWithDeliveryAndCash(page)
  await expect(page.getByTestId('order-status')).toContainText('En proceso')
  await expect(page.getByRole('list', { name: 'Historial del pedido' })).toContainText(
    'Pedido recibido',
  )
  await expect(page.getByRole('button', { name: /^Carrito/ })).toHaveAccessibleName(
    /Carrito, 0 productos|Carrito$/,
  )

  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace(/\D/g, '')

  // The shop, in another browser, prepares the order and sends it out…
  const seller = await (await browser.newContext({ locale: 'es-AR' })).newPage()
  await seller.goto('/')
  await signInFromModal(seller, 'vendedor', 'Valeria')
  await seller.goto('/admin/orders')
  const switcher = seller.getByRole('combobox', { name: 'Tienda seleccionada' })
  await switcher.click()
  await seller.getByRole('option', { name: 'Tostadero Soho' }).click()
  await seller
    .getByRole('link', { name: `Pedido #${number}` })
    .first()
    .click()
  await seller.getByRole('button', { name: 'Preparar pedido' }).click()
  await seller.getByRole('button', { name: 'En camino' }).click()
  await expect(seller.getByRole('list', { name: 'Historial del pedido' })).toContainText(
    'En camino',
  )

  // …and the customer's open order page shows it without a reload.
  const timeline = page.getByRole('list', { name: 'Historial del pedido' })
  await expect(timeline).toContainText('En camino')
  await seller.context().close()
})
