import { expect, test } from './fixtures.ts'
import { buyAtTostadero, sellerAtTostadero } from './support.ts'

test('a seller refunds one unit of a paid order and the customer’s order page shows the partial refund', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const number = await buyAtTostadero(page)

  // The shop is paid in cash, then gives back one unit (by lines, with restock).
  const seller = await sellerAtTostadero(browser, '/admin/orders')
  await seller
    .getByRole('link', { name: `Pedido #${number}` })
    .first()
    .click()
  await seller.getByRole('button', { name: 'Marcar como pagado' }).click()
  await seller.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  await expect(seller.getByTestId('order-payment')).toContainText('Pagado', { timeout: 30_000 })

  await seller.getByRole('button', { name: 'Reembolsar' }).click()
  const dialog = seller.getByRole('dialog', { name: 'Reembolsar' })
  await expect(dialog.getByTestId('refund-summary')).toContainText('Podés reembolsar hasta')
  const units = dialog.getByRole('textbox').first()
  await units.fill('1')
  await expect(dialog.getByLabel('Reponer el stock de estos productos')).toBeChecked()
  await dialog.getByRole('button', { name: 'Reembolsar' }).click()
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(seller.getByTestId('order-payment')).toContainText('Reembolsado parcialmente')
  const payment = seller.getByRole('region', { name: 'Pago' })
  await expect(payment).toContainText(/Reembolsaste \$\s?[\d.,]+ de \$\s?[\d.,]+\./)
  await expect(seller.getByRole('list', { name: 'Historial del pedido' })).toContainText(
    'Pago reembolsado',
  )

  // The customer's open order page follows (live, or at the latest on the next poll).
  await expect(page.getByTestId('order-payment')).toContainText('Reembolsado parcialmente', {
    timeout: 45_000,
  })
  await expect(page.getByTestId('order-status-wording')).toHaveText(
    /^Reembolsamos \$\s?[\d.,]+ de \$\s?[\d.,]+\.$/,
  )
  // The same figures the seller sees.
  const plain = (t: string) => t.replace(/\s+/g, ' ')
  const figures = plain(await payment.innerText()).match(/\$ [\d.,]+ de \$ [\d.,]+/)![0]
  expect(plain(await page.getByTestId('order-status-wording').innerText())).toContain(figures)
  await seller.context().close()
})
