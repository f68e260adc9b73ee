import { expect, test } from './fixtures.ts'
import { buyAtTostadero, sellerAtTostadero } from './support.ts'

const SHOTS = process.env.E2E_SCREENSHOTS_DIR

test('a customer pays by bank transfer; the shop marks the transfer as paid from Pagos and it enters the ledger', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const number = await buyAtTostadero(page, { payment: 'bank_transfer' })
  // The order page tells the customer where to transfer.
  await expect(page.getByRole('main').getByText('Alias', { exact: true })).toBeVisible()

  const seller = await sellerAtTostadero(browser, '/admin/payments')
  const awaiting = seller.getByRole('region', { name: 'Por confirmar' })
  const confirm = awaiting.getByRole('button', { name: `Marcar como pagado el pedido #${number}` })
  await expect(confirm).toBeVisible()
  // The order waits as a transfer (the line under its number names the method).
  const waiting = awaiting
    .locator('div')
    .filter({
      has: seller.getByRole('button', { name: `Marcar como pagado el pedido #${number}` }),
    })
    .filter({ hasText: `#${number}` })
    .last()
  await expect(waiting).toContainText('Transferencia bancaria')
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/payments-1280-before.png`, fullPage: true })
  await confirm.click()
  await expect(confirm).toHaveCount(0)

  const ledger = seller.getByRole('region', { name: 'Tabla de pagos' })
  const row = ledger
    .getByRole('row')
    .filter({ has: seller.getByRole('link', { name: `Pedido #${number}` }) })
  await expect(row).toContainText('Transferencia bancaria')
  await expect(row).toContainText('Aprobado')
  await expect(seller.getByRole('group', { name: 'Transferencia bancaria' })).toBeVisible()
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/payments-1280.png`, fullPage: true })

  await seller.setViewportSize({ width: 360, height: 740 })
  await expect(seller.getByRole('link', { name: `Pedido #${number}` }).first()).toBeVisible()
  if (SHOTS) await seller.screenshot({ path: `${SHOTS}/payments-360.png`, fullPage: true })
  await seller.context().close()
})
