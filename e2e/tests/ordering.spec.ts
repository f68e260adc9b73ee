import { expect, test } from '@playwright/test'
import { closeLoginModal } from './support.ts'

test('an anonymous visitor fills a cart, signs in at checkout, picks delivery and cash, confirms and follows the order', async ({ page }) => {
  await page.goto('/')
  await closeLoginModal(page)

  // An address in Palermo, inside Tostadero Soho's 4 km delivery radius.
  await page.getByRole('banner').getByRole('button', { name: 'Elegí tu dirección' }).click()
  await page.getByRole('combobox', { name: 'Buscá tu barrio o localidad' }).fill('palermo')
  await page.getByRole('option', { name: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina' }).click()
  await page.getByLabel(/^Calle/).fill('Gurruchaga')
  await page.getByLabel(/^Altura/).fill('1723')
  await page.getByRole('button', { name: 'Guardar dirección' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Entregar en Gurruchaga 1723/ })).toBeVisible()

  // Two units of the first product in stock: above the shop's $ 5.000 delivery minimum.
  // Client-side navigation: a full reload would greet the logged-out visitor with the modal again.
  await page.getByRole('region', { name: 'Comercios cerca tuyo' }).getByRole('link', { name: 'Tostadero Soho' }).click()
  await page.getByRole('main').locator('a[href*="/products/"]').first().click()
  await expect(page.getByTestId('product-price')).toBeVisible()
  await page.getByRole('button', { name: 'Sumar uno' }).click()
  await page.getByRole('button', { name: 'Sumar uno' }).click()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByRole('button', { name: /^Carrito, 3 productos$/ })).toBeVisible()

  // Checkout needs a session: the login modal opens, the customer signs in, the cart follows.
  await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  await page.getByRole('dialog', { name: 'Tu carrito' }).getByRole('button', { name: 'Ir a pagar' }).click()
  const login = page.getByRole('form', { name: 'Iniciar sesión' })
  await login.getByLabel('Usuario o correo electrónico').fill('cliente')
  await login.getByLabel(/^Contraseña/).fill('demo1234')
  await login.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByText('Bienvenido, Martín!')).toBeVisible()
  // Signed in, the drawer is still there with the same cart: now "Ir a pagar" goes on.
  const drawer = page.getByRole('dialog', { name: 'Tu carrito' })
  if (!(await drawer.isVisible())) await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  await drawer.getByRole('button', { name: 'Ir a pagar' }).click()
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)

  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Entrega a domicilio' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await expect(page.getByTestId('checkout-blocker')).toHaveCount(0)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()

  await expect(page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })).toBeVisible()
  await expect(page.getByTestId('order-status')).toContainText('En proceso')
  await expect(page.getByRole('list', { name: 'Historial del pedido' })).toContainText('Pedido recibido')
  await expect(page.getByRole('button', { name: /^Carrito/ })).toHaveAccessibleName(/Carrito, 0 productos|Carrito$/)
})
