import { expect, test, type Page } from './fixtures.ts'
import { signInFromModal } from './support.ts'

const SHOTS = process.env.CUSTOMERS_SCREENSHOTS_DIR

async function settled(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0)
}

test('the seller finds a demo customer and their orders, adds a phone customer and writes a note', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await signInFromModal(page, 'vendedor', 'Valeria')
  await page.goto('/admin/dashboard')
  await page.getByRole('combobox', { name: 'Tienda seleccionada' }).click()
  await page.getByRole('option', { name: 'Tostadero Soho' }).click()

  // Clientes from the seller's menu.
  await page.getByRole('navigation').getByRole('link', { name: 'Clientes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible()
  const table = page.getByRole('main').getByRole('table')
  await expect(table.getByRole('link').first()).toBeVisible()
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/customers-1280.png`, fullPage: true })

  await page.getByLabel('Buscar clientes').fill('pereyra')
  await expect(page).toHaveURL(/[?&]q=pereyra/)
  await expect(table.getByRole('link')).toHaveCount(1)
  await table.getByRole('link', { name: 'Martín Pereyra' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Martín Pereyra' })).toBeVisible()
  await expect(page.getByText('Compra en Barrio')).toBeVisible()
  const orders = page.getByRole('main').getByRole('table')
  const firstOrder = orders.getByRole('link', { name: /^Pedido #\d+$/ }).first()
  await expect(firstOrder).toBeVisible()
  await settled(page)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/customer-1280.png`, fullPage: true })
  const number = (await firstOrder.innerText()).replace(/\D/g, '')
  await firstOrder.click()
  await expect(page.getByRole('heading', { level: 1, name: `Pedido #${number}` })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Martín Pereyra' })).toBeVisible()

  // A customer who orders by WhatsApp.
  await page.getByRole('link', { name: 'Clientes' }).first().click()
  await page.getByRole('button', { name: 'Nuevo cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo cliente' })
  await dialog.getByLabel(/^Nombre/).fill('Rosa')
  await dialog.getByLabel(/^Apellido/).fill('Giménez')
  const phone = `11 ${4000 + Math.floor(Math.random() * 5000)}-${1000 + Math.floor(Math.random() * 8999)}`
  await dialog.getByRole('textbox', { name: 'Teléfono' }).fill(`9${phone}`)
  await dialog.getByLabel(/^Etiquetas/).fill('mayorista')
  await dialog.getByLabel(/^Etiquetas/).press('Enter')
  await dialog.getByRole('button', { name: 'Crear cliente' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Giménez' })).toBeVisible()
  await expect(page.getByText('Agregado por vos')).toBeVisible()
  await expect(page.getByText('Todavía no tiene pedidos')).toBeVisible()
  await expect(page.getByTestId('customer-notes')).toHaveText('Sin notas')

  await page.getByRole('button', { name: 'Editar cliente' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar a Rosa Giménez' })
  await edit.getByLabel('Notas').fill('Pide por WhatsApp los viernes')
  await edit.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByTestId('customer-notes')).toHaveText('Pide por WhatsApp los viernes')

  // Back in the list, the tag finds her.
  await page.getByRole('link', { name: 'Clientes' }).first().click()
  await page.getByLabel('Etiqueta').fill('mayorista')
  await expect(
    page.getByRole('main').getByRole('table').getByRole('link', { name: 'Rosa Giménez' }),
  ).toBeVisible()

  if (SHOTS) {
    // Fresh pages at 360 px (same session and store).
    const mobile = await page.context().newPage()
    await mobile.setViewportSize({ width: 360, height: 740 })
    await mobile.goto('/admin/customers')
    await expect(mobile.getByRole('link', { name: 'Martín Pereyra' })).toBeVisible()
    await settled(mobile)
    await mobile.screenshot({ path: `${SHOTS}/customers-360.png`, fullPage: true })
    await mobile.getByRole('link', { name: 'Martín Pereyra' }).click()
    await expect(mobile.getByRole('link', { name: /^Pedido #\d+$/ }).first()).toBeVisible()
    await settled(mobile)
    await mobile.screenshot({ path: `${SHOTS}/customer-360.png`, fullPage: true })
    await mobile.close()
  }
})
