import { expect, test } from './fixtures.ts'
import { buyAtTostadero, sellerAtTostadero } from './support.ts'

test('an anonymous visitor fills a cart, signs in at checkout, picks delivery and cash, confirms, and follows the shop’s progress live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  // Checkout needs a session: the login modal opens, the customer signs in, the cart follows.
  const number = await buyAtTostadero(page, {
    account: { signIn: 'cliente', firstName: 'Martín' },
  })
  await expect(page.getByTestId('order-status')).toContainText('En proceso')
  await expect(page.getByRole('list', { name: 'Historial del pedido' })).toContainText(
    'Pedido recibido',
  )
  await expect(page.getByRole('button', { name: /^Carrito/ })).toHaveAccessibleName(
    /Carrito, 0 productos|Carrito$/,
  )

  // The shop, in another browser, prepares the order and sends it out…
  const seller = await sellerAtTostadero(browser, '/admin/orders')
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
