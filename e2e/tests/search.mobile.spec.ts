import { expect, test } from './fixtures.ts'
import { homeInPalermo } from './support.ts'

/**
 * Issue 25: at 360 px a visitor with an address types "alfajores" in the header's search box,
 * picks a suggestion, lands on the product and adds it to the cart; the results page finds the
 * same with a typo and says what it searched for.
 */
test('at 360 px a visitor searches “alfajores”, picks a suggestion and adds the product to the cart (issue 25)', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await homeInPalermo(page)
  const box = page.getByRole('combobox', { name: 'Buscar productos y comercios' })
  await expect(box).toBeVisible()
  await box.fill('alfajores')
  const suggestion = page.getByRole('option', { name: /^Alfajores de algarroba x 6/ }).first()
  await expect(suggestion).toBeVisible()
  // From the keyboard: down to the product, Enter.
  await box.press('ArrowDown')
  while ((await suggestion.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/shops\/[^/]+\/products\/[^/]+$/)
  await expect(
    page.getByRole('heading', { level: 1, name: /^Alfajores de algarroba x 6/ }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByRole('button', { name: /^Carrito, 1 producto$/ })).toBeVisible()

  // A typo on the results page: corrected, and said so.
  await box.fill('alfjores')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=alfjores/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Resultados para «alfjores»' }),
  ).toBeVisible()
  await expect(page.getByText(/Mostrando resultados de «alfajores»/)).toBeVisible()
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /Alfajores de algarroba x 6/ })
      .first(),
  ).toBeVisible()
  // Nothing sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
