import { expect, test } from './fixtures.ts'
import { chooseAddressInPalermo, closeLoginModal, latestEmail, signUpInModal } from './support.ts'

/**
 * Issue 27, the botón de arrepentimiento (Res. 424/2020 SCI): a visitor, without signing in,
 * follows "Botón de arrepentimiento" from the home page's first screen, identifies a purchase by
 * its order number and e-mail, gets the revocation code on the page, and finds the same code in
 * the e-mail of the purchase. The purchase is real: a new customer picks up a bottle at Vinoteca
 * Lo de Tito (a wine shop: not among the food shops whose products the law leaves out), paying
 * cash, on the server's pinned Wednesday 18:00 when the shop is open (playwright.config.ts).
 */
const CODE = /^ARR-[A-Z0-9]{4}-[A-Z0-9]{4}$/

test('a visitor uses the botón de arrepentimiento from the home page and gets the code on the page and by e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)

  // The purchase, in a context of its own: a new customer, pickup, cash.
  const buyer = await (
    await browser.newContext({
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport: { width: 1280, height: 900 },
    })
  ).newPage()
  await buyer.goto('/')
  await closeLoginModal(buyer)
  await chooseAddressInPalermo(buyer)
  await buyer.goto('/shops/vinoteca-lo-de-tito')
  await closeLoginModal(buyer)
  await buyer.getByRole('main').locator('a[href*="/products/"]').first().click()
  await expect(buyer.getByTestId('product-price')).toBeVisible()
  await buyer.getByRole('button', { name: 'Agregar al carrito' }).click()
  await buyer.getByRole('button', { name: /^Carrito, 1 producto$/ }).click()
  await buyer
    .getByRole('dialog', { name: 'Tu carrito' })
    .getByRole('button', { name: 'Ir a pagar' })
    .click()
  const email = await signUpInModal(buyer, 'Lucía')
  await expect(buyer).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await buyer.getByRole('button', { name: 'Continuar' }).click()
  await buyer.getByRole('radio', { name: /^Retiro en tienda/ }).check()
  await buyer.getByRole('button', { name: 'Continuar' }).click()
  await buyer.getByRole('radio', { name: 'Efectivo' }).check()
  await buyer.getByRole('button', { name: 'Continuar' }).click()
  await expect(buyer.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await buyer.getByRole('button', { name: 'Confirmar pedido' }).click()
  const heading = buyer.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })
  await expect(heading).toBeVisible()
  const orderNumber = (await heading.innerText()).replace(/\D/g, '')
  await buyer.context().close()

  // A visitor (never signed in on this page) finds the botón on the home page's first screen.
  await page.goto('/')
  await closeLoginModal(page)
  const link = page.getByRole('main').getByRole('link', { name: 'Botón de arrepentimiento' })
  await expect(link).toBeInViewport()
  // Every page's footer names it too.
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Botón de arrepentimiento' }),
  ).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(/\/arrepentimiento$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Botón de arrepentimiento' }),
  ).toBeVisible()
  await expect(page.getByText(/10 días corridos/)).toBeVisible()

  const form = page.getByRole('form', { name: 'Botón de arrepentimiento' })
  await form.getByLabel(/^Número de pedido/).fill(`#${orderNumber}`)
  await form.getByLabel(/^Correo de la compra/).fill(email)
  await form.getByLabel(/^Nombre y apellido/).fill('Lucía Fernández')
  await form.getByLabel(/^Motivo/).fill('Me regalaron el mismo vino')
  const sentAt = Date.now()
  await form.getByRole('button', { name: 'Enviar arrepentimiento' }).click()

  const receipt = page.getByRole('status').filter({ hasText: 'Tu código de arrepentimiento es' })
  await expect(receipt).toBeVisible()
  await expect(receipt).toContainText('Te lo mandamos por correo.')
  await expect(receipt).toContainText(`pedido #${orderNumber}`)
  const code = (await page.getByTestId('withdrawal-code').innerText()).trim()
  expect(code).toMatch(CODE)

  // The same code reaches the e-mail of the purchase (the order's own e-mails may come first).
  await expect
    .poll(async () => (await latestEmail(email, sentAt)).subject, { timeout: 60_000 })
    .toBe(`Tu código de arrepentimiento: ${code}`)
  expect((await latestEmail(email, sentAt)).text).toContain(code)
})

test('an unknown order and e-mail get the same answer as a real purchase (no enumeration)', async ({
  page,
}) => {
  await page.goto('/arrepentimiento')
  await closeLoginModal(page)
  const form = page.getByRole('form', { name: 'Botón de arrepentimiento' })
  await form.getByLabel(/^Número de pedido/).fill('987654321')
  await form.getByLabel(/^Correo de la compra/).fill(`nadie.${Date.now().toString(36)}@example.com`)
  await form.getByLabel(/^Nombre y apellido/).fill('Nadie Nunca')
  await form.getByRole('button', { name: 'Enviar arrepentimiento' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Tu código de arrepentimiento es' }),
  ).toBeVisible()
  expect((await page.getByTestId('withdrawal-code').innerText()).trim()).toMatch(CODE)
})
