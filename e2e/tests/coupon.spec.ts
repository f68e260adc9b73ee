import { expect, test } from './fixtures.ts'
import {
  chooseAddressInPalermo,
  closeLoginModal,
  fillCartAtTostadero,
  openCheckoutFromCart,
  sellerAtTostadero,
  signUpInModal,
} from './support.ts'

/**
 * Coupons (issue 28, decision 056): the demo seller creates a 10 % coupon ("BARRIO…") for Tostadero
 * Soho; a new customer types it on the review step, sees the discount line and the lower total,
 * confirms, and the order page shows the same discount.
 */
test('a customer applies a coupon at checkout and the order shows the discount', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const code = `BARRIO${Date.now().toString(36).toUpperCase().slice(-5)}`
  const seller = await sellerAtTostadero(browser, '/admin/coupons')
  const stores = (await (await seller.request.get('/api/v1/admin/stores')).json()) as {
    docs: Array<{ _id: string; name: string }>
  }
  const headers = { 'x-store-id': stores.docs.find((s) => s.name === 'Tostadero Soho')!._id }
  const created = await seller.request.post('/api/v1/admin/coupons', {
    headers,
    data: { code, type: 'percent', value: 1000 },
  })
  expect(created.status(), await created.text()).toBe(201)
  await seller.reload()
  await expect(seller.getByRole('link', { name: code })).toBeVisible()

  await page.goto('/')
  await closeLoginModal(page)
  await chooseAddressInPalermo(page)
  await fillCartAtTostadero(page)
  await openCheckoutFromCart(page)
  await signUpInModal(page, 'Martín')
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: /^Retiro en tienda/ }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()

  await page.getByRole('textbox', { name: 'Cupón de descuento' }).fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Aplicar' }).click()
  await expect(page.getByText(`Descuento (${code})`)).toBeVisible()
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })).toBeVisible()
  await expect(page.getByText(`Descuento (${code})`)).toBeVisible()

  const orderId = /\/orders\/([0-9a-f-]{36})/.exec(page.url())![1]!
  const order = (await (await page.request.get(`/api/v1/orders/${orderId}`)).json()) as {
    subtotal: number
    deliveryFee: number
    taxes: number
    discount: number
    couponCode: string
    total: number
  }
  expect(order.couponCode).toBe(code)
  // 10 % of the items, half up, off the total.
  expect(order.discount).toBe(Math.floor((2 * order.subtotal * 1000 + 10_000) / 20_000))
  expect(order.total).toBe(order.subtotal + order.deliveryFee + order.taxes - order.discount)
})
