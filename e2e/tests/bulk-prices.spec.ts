import { expect, test } from './fixtures.ts'
import { sellerAtTostadero } from './support.ts'

/**
 * Prices that follow inflation (issue 28, decision 053): the demo seller filters Tostadero Soho's
 * products by the collection "Café en grano", raises them (price and list price) 12 % rounded to
 * $ 10, sees the preview, applies it, and undoes it from "Historial de precios". The prices are
 * read back from the inventory after each step: raised, then as they were.
 */
type InventoryRow = { variantId: string; price: number }

test('the seller raises a collection 12 % rounded to $ 10, previews, applies and undoes', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const seller = await sellerAtTostadero(browser, '/admin/inventory/products')
  const stores = (await (await seller.request.get('/api/v1/admin/stores')).json()) as {
    docs: Array<{ _id: string; name: string }>
  }
  const headers = { 'x-store-id': stores.docs.find((s) => s.name === 'Tostadero Soho')!._id }
  const prices = async () => {
    const page = (await (
      await seller.request.get('/api/v1/admin/inventory?limit=100', { headers })
    ).json()) as { docs: InventoryRow[] }
    return new Map(page.docs.map((row) => [row.variantId, row.price]))
  }
  const before = await prices()

  // The list filtered by the collection, then "Actualizar precios" with that filter.
  await seller.getByRole('combobox', { name: 'Colección' }).click()
  await seller.getByRole('option', { name: 'Café en grano' }).click()
  await seller.getByRole('button', { name: 'Actualizar precios' }).click()
  const dialog = seller.getByRole('dialog', { name: 'Actualizar precios' })
  await expect(dialog).toContainText('Colección Café en grano')
  await dialog.getByRole('textbox', { name: 'Porcentaje' }).fill('12')
  // Some coffees show a list price: both move, or the price would pass it (the API refuses).
  await dialog.getByRole('combobox', { name: 'Qué precio' }).click()
  await seller.getByRole('option', { name: 'Precio y precio de lista' }).click()
  await dialog.getByRole('combobox', { name: 'Redondeo' }).click()
  await seller.getByRole('option', { name: 'A los $ 10 más cercanos' }).click()
  await dialog.getByRole('button', { name: 'Ver vista previa' }).click()
  await expect(dialog.getByRole('table', { name: 'Vista previa de los precios' })).toBeVisible()

  const confirm = dialog.getByRole('button', { name: /^Confirmar y actualizar \d+ precios?$/ })
  const count = Number((await confirm.innerText()).replace(/\D/g, ''))
  expect(count).toBeGreaterThan(0)
  await confirm.click()
  await expect(dialog).toBeHidden()

  // Raised: each changed price is 12 % more, rounded to the nearest $ 10 (1.000 centavos).
  const raised = await prices()
  const changed = [...raised].filter(([id, price]) => before.get(id) !== price)
  expect(changed).toHaveLength(count)
  for (const [id, price] of changed) {
    const old = before.get(id)!
    expect(price % 1000).toBe(0)
    expect(Math.abs(price - (old * 112) / 100)).toBeLessThanOrEqual(500)
  }

  // Undone from the history: every price as it was.
  await seller.getByRole('button', { name: 'Historial de precios' }).click()
  const history = seller.getByRole('dialog', { name: 'Historial de precios' })
  await history
    .getByRole('button', { name: /^Acciones de / })
    .first()
    .click()
  await seller.getByRole('menuitem', { name: 'Deshacer' }).click()
  await seller
    .getByRole('dialog', { name: 'Esta seguro?' })
    .getByRole('button', { name: 'Confirmar' })
    .click()
  await expect(history.getByText('Cambio deshecho', { exact: true })).toBeVisible()
  expect(await prices()).toEqual(before)
})
