import { expect, test } from './fixtures.ts'
import {
  chooseAddressInPalermo,
  closeLoginModal,
  signInFromModal,
  signUpInModal,
} from './support.ts'

/**
 * Issue 26: the schedule decides. The e2e server judges hours as on Wednesday 2 December 2026 at
 * 18:00 (playwright.config.ts). The baker closes today for inventory from the store form; a
 * customer at 360 px finds the bakery closed, still fills a cart, can only schedule, takes
 * tomorrow's first pickup slot (07:00–07:30), and the baker finds the order among tomorrow's
 * scheduled orders.
 */
const TODAY = '2026-12-02'
const TOMORROW = '2026-12-03'

test('at 360 px a customer finds the bakery closed for the day and schedules tomorrow’s first pickup; the baker sees it in tomorrow’s slots', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  // The baker (Hernán Rossi owns Panadería La Defensa) closes today from the store form.
  const baker = await (
    await browser.newContext({
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport: { width: 1280, height: 900 },
    })
  ).newPage()
  await baker.goto('/')
  await signInFromModal(baker, 'hernan.rossi', 'Hernán')
  await baker.goto('/admin/stores')
  await baker
    .getByRole('link', { name: /Panadería La Defensa/ })
    .first()
    .click()
  await baker.getByRole('button', { name: 'Agregar cierre' }).click()
  await baker.getByLabel('Cierre 1: desde').fill(TODAY)
  await baker.getByLabel('Cierre 1: hasta').fill(TODAY)
  await baker.getByLabel('Cierre 1: motivo').fill('Inventario')
  await baker.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(baker.getByText('Guardamos los cambios de la tienda.')).toBeVisible()

  // The customer finds it closed, says why, and may still fill a cart.
  await page.goto('/')
  await closeLoginModal(page)
  await chooseAddressInPalermo(page)
  await page.goto('/shops/panaderia-la-defensa')
  await closeLoginModal(page)
  await expect(page.getByText('Este comercio está cerrado ahora')).toBeVisible()
  await expect(page.getByText(/Motivo: Inventario\./)).toBeVisible()
  await expect(page.getByTestId('store-time').first()).toHaveText(/^Cerrado · abre .*7:00$/)
  await page
    .getByRole('searchbox', { name: /^Buscar en Panadería La Defensa/ })
    .fill('medialunas de manteca')
  await page
    .getByRole('main')
    .getByRole('link', { name: /Medialunas de manteca x 12/ })
    .first()
    .click()
  // The product says closed too, as the shop does.
  await expect(page.getByText('Cerrado', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await page.getByRole('button', { name: /^Carrito, 1 producto$/ }).click()
  await page
    .getByRole('dialog', { name: 'Tu carrito' })
    .getByRole('button', { name: 'Ir a pagar' })
    .click()
  await signUpInModal(page, 'Julieta')
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await page.getByRole('button', { name: 'Continuar' }).click()

  // Closed now: only "Programar"; tomorrow's first slot.
  await page.getByRole('radio', { name: /^Retiro en tienda/ }).check()
  await expect(page.getByRole('radio', { name: /^Lo antes posible/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Programar/ })).toBeChecked()
  await page.getByRole('combobox', { name: /^Día/ }).click()
  await page.getByRole('option').nth(1).click()
  await page.getByRole('combobox', { name: /^Franja horaria/ }).click()
  await page.getByRole('option', { name: /^7:00–7:30/ }).click()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByTestId('scheduled-for')).toHaveText(/^Programado para .* 7:00–7:30$/)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  const heading = page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })
  await expect(heading).toBeVisible()
  const number = (await heading.innerText()).replace(/\D/g, '')

  // The baker: tomorrow's scheduled orders, by slot.
  await baker.getByRole('combobox', { name: 'Tienda seleccionada' }).click()
  await baker.getByRole('option', { name: 'Panadería La Defensa' }).click()
  await baker.goto(`/admin/orders?day=${TOMORROW}&sort=scheduledFor`)
  const row = baker.getByRole('row').filter({ hasText: `#${number}` })
  await expect(row).toBeVisible()
  await expect(row).toContainText('7:00–7:30')
  await baker.context().close()
})
