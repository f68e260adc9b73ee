import { expect, test } from './fixtures.ts'
import { buyAtTostadero, sellerAtTostadero } from './support.ts'

test('after a customer orders, the seller’s analytics show the sale in the 30-day totals and chart, and per hour for today', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await buyAtTostadero(page)
  await expect(page.getByTestId('order-status')).toBeVisible()

  const seller = await sellerAtTostadero(browser, '/admin/analytics')

  // 30 days by default: the totals count the order and the chart describes the period.
  await expect(seller.getByRole('radio', { name: '30 días' })).toBeChecked()
  await expect(seller.getByRole('group', { name: 'Ventas' })).toBeVisible()
  await expect(seller.getByRole('group', { name: 'Pedidos' })).not.toHaveText(/^Pedidos0(?!\d)/)
  await expect(seller.getByRole('img', { name: /^Ventas y pedidos por día: \$/ })).toBeVisible()
  await expect(seller.getByRole('region', { name: 'Por tipo de entrega' })).toContainText(
    'Entrega a domicilio',
  )

  // Best sellers: products and collections, each ranked by revenue or by units.
  const products = seller.getByRole('region', { name: 'Productos más vendidos' })
  await expect(products.getByRole('row')).not.toHaveCount(0)
  await products.locator('label', { hasText: /^Por unidades$/ }).click()
  await expect(products.getByRole('radio', { name: 'Por unidades' })).toBeChecked()
  await expect(products.getByRole('row')).not.toHaveCount(0)
  await expect(seller.getByRole('region', { name: 'Colecciones más vendidas' })).toBeVisible()

  // Today alone is split by hour, and the choice is in the URL.
  await seller.locator('label', { hasText: /^Hoy$/ }).click()
  await expect(seller).toHaveURL(/range=today/)
  await expect(seller.getByRole('img', { name: /^Ventas y pedidos por hora: \$/ })).toBeVisible()
  await expect(seller.getByText('Todavía no hay ventas en este período')).toHaveCount(0)
})
