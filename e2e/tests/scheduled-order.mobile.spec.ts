import { expect, test } from './fixtures.ts'
import {
  chooseAddressInPalermo,
  closeLoginModal,
  fillCartAtTostadero,
  openCheckoutFromCart,
  sellerAtTostadero,
  signUpInModal,
} from './support.ts'

/**
 * Issue 26: "pedí hoy, retirá mañana". At 360 px a customer schedules tomorrow's pickup at
 * Tostadero Soho (the demo shops schedule pickups in 30-minute slots), the review and the order
 * say the slot, and the seller finds it on the order.
 */
test('at 360 px a customer schedules a pickup for the next day and the seller sees the slot', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await page.goto('/')
  await closeLoginModal(page)
  await chooseAddressInPalermo(page)
  await fillCartAtTostadero(page)
  await openCheckoutFromCart(page)
  await signUpInModal(page, 'Sofía')
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await page.getByRole('button', { name: 'Continuar' }).click()

  await page.getByRole('radio', { name: /^Retiro en tienda/ }).check()
  await page.getByRole('radio', { name: /^Programar/ }).check()
  // The next day the shop offers, and its first slot.
  await page.getByRole('combobox', { name: /^Día/ }).click()
  await page.getByRole('option').nth(1).click()
  await page.getByRole('combobox', { name: /^Franja horaria/ }).click()
  const first = page.getByRole('option').first()
  const slot = (await first.innerText()).replace(/ \(quedan \d+\)$/, '')
  await first.click()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()

  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await expect(page.getByTestId('scheduled-for')).toHaveText(
    new RegExp(`^Programado para .* ${slot}$`),
  )
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  const heading = page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })
  await expect(heading).toBeVisible()
  await expect(page.getByText(new RegExp(`^Programado para .* ${slot}$`)).first()).toBeVisible()
  const orderId = new URL(page.url()).pathname.split('/').pop()!

  // The seller at the shop's computer.
  const seller = await sellerAtTostadero(browser, `/admin/orders/${orderId}`)
  await expect(seller.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })).toBeVisible()
  await expect(seller.getByText(new RegExp(`Programado para .* ${slot}`)).first()).toBeVisible()
  await seller.context().close()
})
