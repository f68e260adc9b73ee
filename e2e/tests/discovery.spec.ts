import { expect, test } from '@playwright/test'
import { closeLoginModal } from './support.ts'

test('an anonymous visitor picks an address by typing a barrio, sees nearby shops by distance, opens a shop and a product', async ({ page }) => {
  await page.goto('/')
  await closeLoginModal(page)
  await page.getByRole('banner').getByRole('button', { name: 'Elegí tu dirección' }).click()
  const search = page.getByRole('combobox', { name: 'Buscá tu barrio o localidad' })
  await search.fill('palermo')
  await page.getByRole('option', { name: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina' }).click()
  await page.getByLabel(/^Calle/).fill('Gurruchaga')
  await page.getByLabel(/^Altura/).fill('1723')
  await page.getByRole('button', { name: 'Guardar dirección' }).click()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Entregar en Gurruchaga 1723/ })).toBeVisible()

  const shops = page.getByRole('region', { name: 'Comercios cerca tuyo' })
  await expect(shops.getByRole('article').first()).toBeVisible()
  const distances = await shops.getByTestId('store-distance').allTextContents()
  const km = distances.map((d) => Number(d.replace(/[^\d,]/g, '').replace(',', '.')))
  expect(km.length).toBeGreaterThan(1)
  expect(km).toEqual([...km].sort((a, b) => a - b))

  await shops.getByRole('link', { name: 'Tostadero Soho' }).click()
  await expect(page).toHaveURL(/\/shops\/tostadero-soho$/)
  await expect(page.getByRole('heading', { name: 'Tostadero Soho', level: 1 })).toBeVisible()
  const productLink = page.getByRole('main').locator('a[href*="/products/"]').first()
  await expect(productLink).toBeVisible()
  const productName = (await productLink.getAttribute('aria-label')) ?? (await productLink.innerText()).split('\n')[0]!.trim()
  await productLink.click()
  await expect(page).toHaveURL(/\/shops\/tostadero-soho\/products\//)
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible()
  await expect(page.getByTestId('product-price')).toHaveText(/^\$\s?\d/)
})
