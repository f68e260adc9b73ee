import { expect, test } from './fixtures.ts'
import { buyAtTostadero, signInFromModal } from './support.ts'

const SHOTS = process.env.DASHBOARD_SCREENSHOTS_DIR

test('the seller’s dashboard shows a new order without a reload, with the orders waiting in the title', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await signInFromModal(page, 'vendedor', 'Valeria')
  await page.goto('/admin/dashboard')
  const switcher = page.getByRole('combobox', { name: 'Tienda seleccionada' })
  await switcher.click()
  await page.getByRole('option', { name: 'Tostadero Soho' }).click()
  await expect(page.getByText('Ventas de hoy')).toBeVisible()

  const customer = await (await browser.newContext({ locale: 'es-AR' })).newPage()
  const first = await buyAtTostadero(customer)
  const latest = page.getByRole('region', { name: 'Últimos pedidos' })
  // No reload: the store stream tells the dashboard.
  await expect(latest.getByRole('link', { name: new RegExp(`#${first} ·`) })).toBeVisible()
  await expect(page).toHaveTitle(/^\(\d+\) Panel · Barrio Vendedores$/)
  const second = await buyAtTostadero(customer, { firstVisit: false, account: null })
  await expect(latest.getByRole('link', { name: new RegExp(`#${second} ·`) })).toBeVisible()
  await customer.context().close()

  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true })
    // A fresh page at 360 px (same session and store): resizing would catch the menu mid-slide.
    const mobile = await page.context().newPage()
    await mobile.setViewportSize({ width: 360, height: 740 })
    await mobile.goto('/admin/dashboard')
    await expect(mobile.getByRole('link', { name: new RegExp(`#${second} ·`) })).toBeVisible()
    await mobile.screenshot({ path: `${SHOTS}/dashboard-360.png`, fullPage: true })
  }
})
