import { expect, test } from './fixtures.ts'
import { audit } from './axe.ts'
import { latestEmail, sellerAtTostadero } from './support.ts'

test('the seller takes a phone order for a new customer and finds it in the orders list', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const seller = await sellerAtTostadero(browser, '/admin/orders')
  await expect(seller.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible()

  await seller.getByRole('link', { name: 'Nuevo pedido' }).click()
  await expect(seller.getByRole('heading', { level: 1, name: 'Nuevo pedido' })).toBeVisible()

  // A new customer, created on the page.
  await seller.getByRole('button', { name: 'Cliente nuevo' }).click()
  const quick = seller.getByRole('form', { name: 'Cliente nuevo' })
  const suffix = `${1000 + Math.floor(Math.random() * 8999)}`
  const email = `telefono.${suffix}@example.com`
  await quick.getByLabel(/^Nombre/).fill('Ramona')
  await quick.getByLabel(/^Apellido/).fill(`Telefónica ${suffix}`)
  await quick
    .getByRole('textbox', { name: 'Teléfono' })
    .fill(`911 ${4000 + Math.floor(Math.random() * 5000)}-${suffix}`)
  await quick.getByLabel(/^Correo electrónico/).fill(email)
  await quick.getByLabel(/^Calle/).fill('Honduras')
  await quick.getByLabel(/^Altura/).fill('4800')
  await quick.getByLabel(/^Localidad o barrio/).fill('Palermo')
  await quick.getByLabel(/^Altura/).press('Enter')
  await expect(seller.getByText(`Ramona Telefónica ${suffix}`)).toBeVisible()

  // Products from the keyboard: type, Enter adds the first result.
  const search = seller.getByRole('combobox', { name: /^Agregar producto/ })
  await expect(search).toBeFocused()
  await search.fill('huila')
  await expect(seller.getByRole('option', { name: /Colombia Huila \(250 g\)/ })).toBeVisible()
  await search.press('Enter')
  const quantity = seller.getByRole('textbox', {
    name: 'Cantidad de Café de especialidad Colombia Huila (250 g)',
  })
  await expect(quantity).toHaveValue('1')
  await quantity.press('ArrowUp')
  await expect(quantity).toHaveValue('2')
  await expect(seller.getByTestId('new-order-total')).toContainText('33.000')

  await seller.getByRole('radio', { name: /^Retiro en tienda/ }).check()
  await seller.getByRole('radio', { name: 'Efectivo' }).check()
  await seller.getByRole('switch', { name: /Ya está pagado/ }).check()
  await seller.getByLabel(/^Nota/).fill('Pasa a buscarlo a las 18')
  // Accessible as filled in (axe: labels, contrast, roles).
  const found: string[] = []
  await audit(seller, '/admin/orders/new (filled in)', found)
  expect(found, found.join('\n')).toEqual([])
  await seller.getByRole('button', { name: 'Crear pedido' }).click()

  // The new order's page.
  const heading = seller.getByRole('heading', { level: 1, name: /^Pedido #\d+$/ })
  await expect(heading).toBeVisible()
  const number = (await heading.innerText()).replace(/\D/g, '')
  await expect(seller.getByText(`Ramona Telefónica ${suffix}`).first()).toBeVisible()
  await expect(seller.getByText('Pedido tomado por el comercio')).toBeVisible()

  // In the orders list.
  await seller.getByRole('link', { name: 'Pedidos' }).first().click()
  await expect(seller.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible()
  await expect(
    seller
      .getByRole('main')
      .getByRole('link', { name: `Pedido #${number}` })
      .first(),
  ).toBeVisible()

  // The customer got their copy by e-mail.
  await expect
    .poll(async () => (await latestEmail(email).catch(() => null))?.subject ?? '', {
      timeout: 60_000,
    })
    .toContain(`#${number}`)
})
