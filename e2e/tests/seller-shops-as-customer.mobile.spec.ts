import { expect, test } from './fixtures.ts'
import { chooseAddressInPalermo, fillCartAtTostadero, signInFromModal } from './support.ts'

/**
 * Issue 30 (decision 036): becoming a seller no longer locks the account out of shopping. The app
 * type follows the user type at sign-in; "Comprar como cliente" opens the customer app, where the
 * seller buys from another shop and finds the order in "Mis pedidos"; "Ir a mi tienda" goes back.
 * Hernán Rossi owns Panadería La Defensa and Fiambrería Almagro in the demo and buys at Tostadero
 * Soho (the demo seller's).
 */
test('at 360 px a seller switches to the customer app, orders from another shop and sees the order in "Mis pedidos"', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.goto('/')
  await signInFromModal(page, 'hernan.rossi', 'Hernán')
  // The seller app, as the user type says: the home page is the seller's dashboard.
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible()

  await page.getByRole('button', { name: 'Abrir menú' }).click()
  const own = page.getByRole('navigation', { name: 'Tu tienda y tus compras' })
  // The public page of the store selected (Hernán has two shops).
  await expect(own.getByRole('link', { name: 'Ver mi tienda' })).toHaveAttribute(
    'href',
    /^\/shops\/(panaderia-la-defensa|fiambreria-almagro)$/,
  )
  await own.getByRole('link', { name: 'Comprar como cliente' }).click()
  await expect(page).toHaveURL(/:\d+\/$/)
  const tabs = page.getByRole('navigation', { name: 'Navegación del teléfono' })
  await expect(tabs).toBeVisible()

  // Shopping as any customer does: an address, three coffees at Tostadero Soho, the checkout.
  await chooseAddressInPalermo(page)
  await fillCartAtTostadero(page)
  await tabs.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  await page
    .getByRole('dialog', { name: 'Tu carrito' })
    .getByRole('button', { name: 'Ir a pagar' })
    .click()
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: /^Retiro en tienda/ }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  const heading = page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })
  await expect(heading).toBeVisible()
  const number = (await heading.innerText()).replace(/\D/g, '')

  // The choice is kept for the browser: after a reload the customer app is still there.
  await page.reload()
  await expect(tabs).toBeVisible()
  await tabs.getByRole('link', { name: 'Pedidos' }).click()
  await expect(page).toHaveURL(/\/orders$/)
  const orders = page.getByRole('list', { name: 'Tus pedidos' })
  const card = orders.getByRole('article').filter({ hasText: `Pedido #${number}` })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Tostadero Soho')

  // And back to the shop from the account page.
  await tabs.getByRole('link', { name: 'Cuenta' }).click()
  await page
    .getByRole('navigation', { name: 'Tu cuenta' })
    .getByRole('link', { name: /^Ir a mi tienda/ })
    .click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible()
  await expect(tabs).toHaveCount(0)
})
