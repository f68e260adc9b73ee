import { expect, test } from './fixtures.ts'
import { homeInPalermo } from './support.ts'

test('an anonymous visitor picks an address by typing a barrio, sees nearby shops by distance, opens a shop and a product', async ({
  page,
}) => {
  const shops = await homeInPalermo(page)
  await expect(shops.getByRole('article').first()).toBeVisible()
  const distances = await shops.getByTestId('store-distance').allTextContents()
  // "a 10 m" (a door a block away) and "a 1,8 km" alike, in km.
  const km = distances.map((d) => {
    const value = Number(d.replace(/[^\d,]/g, '').replace(',', '.'))
    return /\bkm\b/.test(d) ? value : value / 1000
  })
  expect(km.length).toBeGreaterThan(1)
  expect(km).toEqual([...km].sort((a, b) => a - b))

  await shops.getByRole('link', { name: 'Tostadero Soho' }).click()
  await expect(page).toHaveURL(/\/shops\/tostadero-soho$/)
  await expect(page.getByRole('heading', { name: 'Tostadero Soho', level: 1 })).toBeVisible()
  const productLink = page.getByRole('main').locator('a[href*="/products/"]').first()
  await expect(productLink).toBeVisible()
  const productName =
    (await productLink.getAttribute('aria-label')) ??
    (await productLink.innerText()).split('\n')[0]!.trim()
  await productLink.click()
  await expect(page).toHaveURL(/\/shops\/tostadero-soho\/products\//)
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible()
  await expect(page.getByTestId('product-price')).toHaveText(/^\$\s?\d/)
})
