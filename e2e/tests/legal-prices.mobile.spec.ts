import { expect, test } from './fixtures.ts'

// Issue 27 part 2 (Res. 4/2025 SICyC), decision 050: at 360 px a product page shows, under its
// price, the price per unit of measure and the price without national taxes. The demo's dozen of
// medialunas costs $ 9.600 with IVA 21 % included: $ 800 x unidad, and 960000 × 10000 / 12100 =
// 793388,4 centavos → $ 7.933,88 without national taxes.
test('at 360 px a product page shows the price per unit and the price without national taxes', async ({
  page,
}) => {
  await page.goto('/shops/panaderia-la-defensa/products/medialunas-de-manteca-x-12')
  // A loaded machine may take a while to boot the app.
  await expect(
    page.getByRole('heading', { name: 'Medialunas de manteca x 12', level: 1 }),
  ).toBeAttached({ timeout: 60_000 })
  const price = page.getByTestId('product-price')
  await expect(price).toHaveText(/^\$\s9\.600$/)
  const notes = page.getByTestId('product-price-notes')
  await expect(notes).toContainText(/\$\s800 x unidad/)
  await expect(notes).toContainText(/Precio sin impuestos nacionales: \$\s7\.933,88/)
  // Smaller type than the price, and nothing wider than the phone.
  const sizes = await Promise.all(
    [price, notes.getByText(/Precio sin impuestos nacionales/)].map((l) =>
      l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
    ),
  )
  expect(sizes[1]).toBeLessThan(sizes[0]!)
  const box = await notes.boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(360)
})
