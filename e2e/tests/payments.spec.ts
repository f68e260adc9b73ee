import { expect, test } from '@playwright/test'
import {
  checkoutWithDeliveryAndCash,
  chooseAddressInPalermo,
  closeLoginModal,
  fillCartAtTostadero,
  signInFromModal,
} from './support.ts'
import { signUpInModal } from './crawl.ts'

const SHOTS = process.env.E2E_SCREENSHOTS_DIR

test('a customer pays cash on delivery; the shop confirms it from Pagos and it enters the ledger', async ({
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
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace(/\D/g, '')

  const seller = await (
    await browser.newContext({
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport: { width: 1280, height: 900 },
    })
  ).newPage()
  await seller.goto('/')
  await signInFromModal(seller, 'vendedor', 'Valeria')
  await seller.goto('/admin/payments')
  const switcher = seller.getByRole('combobox', { name: 'Tienda seleccionada' })
  await switcher.click()
  await seller.getByRole('option', { name: 'Tostadero Soho' }).click()

  const awaiting = seller.getByRole('region', { name: 'Por confirmar' })
  const confirm = awaiting.getByRole('button', { name: `Marcar como pagado el pedido #${number}` })
  await expect(confirm).toBeVisible()
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/payments-1280-before.png`, fullPage: true })
  await confirm.click()
  await expect(confirm).toHaveCount(0)

  const ledger = seller.getByRole('region', { name: 'Tabla de pagos' })
  const row = ledger
    .getByRole('row')
    .filter({ has: seller.getByRole('link', { name: `Pedido #${number}` }) })
  await expect(row).toContainText('Efectivo')
  await expect(row).toContainText('Aprobado')
  await expect(seller.getByRole('group', { name: 'Efectivo' })).toBeVisible()
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/payments-1280.png`, fullPage: true })

  await seller.setViewportSize({ width: 360, height: 740 })
  await expect(seller.getByRole('link', { name: `Pedido #${number}` }).first()).toBeVisible()
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/payments-360.png`, fullPage: true })
  await seller.context().close()
})
