import { expect, test } from './fixtures.ts'
import { sellerAtTostadero } from './support.ts'

/**
 * The catalogue as a spreadsheet (issue 28, decision 055): the demo seller picks a CSV of two new
 * products (es-AR Excel: `;` and prices as "1.234,50"), validates it, one row being wrong, fixes
 * it, imports it and watches the progress to the end; the products are there with their prices.
 * Drafts, so the shop's customers (and the other journeys) do not see them.
 */
const HEADER =
  'handle;title;description;status;collections;option1_name;option1_value;option2_name;option2_value;option3_name;option3_value;variant_title;sku;barcode;price;compare_at_price;stock;unit;unit_quantity;images'

test('the seller validates a CSV, fixes it, imports it and watches the progress', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const tag = Date.now().toString(36)
  const row = (n: number, price: string) =>
    `cafe-e2e-${tag}-${n};Café de prueba ${n};Importado;draft;;;;;;;;;E2E-${tag}-${n};;${price};;5;kg;1;`
  const file = (lines: string[]) => ({
    name: 'catalogo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8'),
  })

  const seller = await sellerAtTostadero(browser, '/admin/inventory/products')
  const dialog = seller.getByRole('dialog', { name: 'Importar productos desde un CSV o Excel' })
  /** Picks the file as the seller would: the button opens the system's file chooser. */
  const pick = async (lines: string[]) => {
    const [chooser] = await Promise.all([
      seller.waitForEvent('filechooser'),
      dialog.getByLabel('Archivo CSV o Excel').click(),
    ])
    await chooser.setFiles(file(lines))
  }
  await seller.getByRole('button', { name: 'Importar CSV o Excel' }).click()

  // A price nobody can read: the row's error, in Spanish, and nothing imported.
  await pick([row(1, '1.234,50'), row(2, 'doce')])
  await dialog.getByRole('button', { name: 'Validar' }).click()
  const errors = dialog.getByRole('table', { name: 'Errores por fila' })
  // Row 3 of the sheet (the header is row 1), its column and why.
  await expect(
    errors.getByRole('row', { name: /^3 price el precio "doce" no es válido/ }),
  ).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled()

  await pick([row(1, '1.234,50'), row(2, '980')])
  await dialog.getByRole('button', { name: 'Validar' }).click()
  await expect(dialog.getByText('2 filas sin errores. Ya podés importar.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Importar' }).click()
  await expect(
    dialog.getByRole('progressbar', { name: 'Progreso de la importación' }),
  ).toBeVisible()
  await expect(
    dialog.getByText('Listo: 2 productos creados y 0 productos actualizados.'),
  ).toBeVisible()

  // The prices as the file wrote them, in centavos.
  const stores = (await (await seller.request.get('/api/v1/admin/stores')).json()) as {
    docs: Array<{ _id: string; name: string }>
  }
  const headers = { 'x-store-id': stores.docs.find((s) => s.name === 'Tostadero Soho')!._id }
  const inventory = (await (
    await seller.request.get(`/api/v1/admin/inventory?q=${encodeURIComponent(`E2E-${tag}`)}`, {
      headers,
    })
  ).json()) as { docs: Array<{ sku: string | null; price: number }> }
  expect(new Map(inventory.docs.map((d) => [d.sku, d.price]))).toEqual(
    new Map([
      [`E2E-${tag}-1`, 123_450],
      [`E2E-${tag}-2`, 98_000],
    ]),
  )
})
