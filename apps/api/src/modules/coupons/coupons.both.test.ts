// A store's coupons (issue 28, decision 056): the seller's CRUD, checkout's discount and its
// reasons in Spanish, the order carrying the discount, and the cap counted atomically at confirm.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addDays, buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import { formatArs } from '../../lib/money.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  lastEmailTo,
  readyToConfirm,
  shopForCheckout,
  teamMember,
} from '../../../test/factories.ts'

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Summary = {
  subtotal: number
  discount: number
  total: number
  coupon: { code: string; applied: boolean; message: string | null } | null
}

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app?.close())

async function createCoupon(shop: Shop, input: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/coupons',
    headers: shop.seller.headers,
    payload: input,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { _id: string; code: string; uses: number; status: string }
}

/** The summary a customer reviews with `code` for `quantity` manteca ($ 6.000 each). */
async function reviewWith(shop: Shop, code: string, quantity = 2) {
  const customer = await customerWithAddress(app)
  const checkoutId = await readyToConfirm(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity }],
    { deliveryType: 'pickup', paymentMethod: 'cash', couponCode: code },
  )
  const review = await app.inject({
    method: 'GET',
    url: `/api/v1/checkout/${checkoutId}/review`,
    headers: customer.headers,
  })
  expect(review.statusCode, review.body).toBe(200)
  return { customer, checkoutId, summary: review.json() as Summary }
}

describe("the seller's coupons", () => {
  test('create, list, edit and delete; a repeated code and a bad percent are refused under their field', async () => {
    const shop = await shopForCheckout(app)
    const created = await createCoupon(shop, { code: 'martes10', type: 'percent', value: 1000 })
    expect(created).toMatchObject({ code: 'MARTES10', uses: 0, status: 'active' })
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/coupons',
      headers: shop.seller.headers,
      payload: { code: 'MARTES10', type: 'amount', value: 50000 },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      errors: [{ name: 'code', message: 'Ya tenés un cupón con ese código en este comercio.' }],
    })
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/coupons',
      headers: shop.seller.headers,
      payload: { code: 'MUCHO', type: 'percent', value: 20000 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      errors: [{ name: 'value', message: 'El porcentaje va de 0,01 % a 100 %' }],
    })
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/coupons/${created._id}`,
      headers: shop.seller.headers,
      payload: { code: 'MARTES15', type: 'percent', value: 1500 },
    })
    expect(edited.json()).toMatchObject({ code: 'MARTES15', value: 1500 })
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/coupons?q=martes',
      headers: shop.seller.headers,
    })
    expect((list.json() as { docs: unknown[] }).docs).toHaveLength(1)
    const other = await shopForCheckout(app)
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/coupons/${created._id}`,
      headers: other.seller.headers,
    })
    expect(foreign.statusCode).toBe(404)
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/coupons/${created._id}`,
      headers: shop.seller.headers,
    })
    expect(removed.statusCode).toBe(204)
  })

  test('staff, who may not set prices, may not see or make coupons', async () => {
    const shop = await shopForCheckout(app)
    const staff = await teamMember(app, shop.seller, 'staff')
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/coupons',
      headers: staff.headers,
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('a coupon at checkout', () => {
  test("10 % off the items, typed in lower case: the summary, the order and the coupon's count", async () => {
    const shop = await shopForCheckout(app, { stock: 50 })
    const coupon = await createCoupon(shop, { code: 'MARTES10', type: 'percent', value: 1000 })
    const { customer, checkoutId, summary } = await reviewWith(shop, 'martes10')
    expect(summary).toMatchObject({
      subtotal: 1_200_000,
      discount: 120_000,
      total: 1_080_000,
      coupon: { code: 'MARTES10', applied: true, message: null },
    })
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect((confirmed.json() as { order: unknown }).order).toMatchObject({
      discount: 120_000,
      couponCode: 'MARTES10',
      total: 1_080_000,
    })
    const seen = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/coupons/${coupon._id}`,
      headers: shop.seller.headers,
    })
    expect(seen.json()).toMatchObject({ uses: 1 })
    // The seller's analytics count the discount given.
    const analytics = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/analytics?from=${addDays(buenosAiresDay(new Date()), -1)}&to=${buenosAiresDay(new Date())}`,
      headers: shop.seller.headers,
    })
    expect(analytics.statusCode, analytics.body).toBe(200)
    expect(analytics.json()).toMatchObject({ totals: { discounts: 120_000 } })
    // The customer's e-mail names the discount.
    const email = await lastEmailTo(app, customer.data.email as string)
    expect(email?.text).toContain(`Descuento (cupón MARTES10): −${formatArs(120_000)}`)
  })

  test('why a code does not apply, in Spanish: unknown, minimum, expired, used, first order only', async () => {
    const shop = await shopForCheckout(app, { stock: 50 })
    await createCoupon(shop, {
      code: 'GRANDE',
      type: 'amount',
      value: 200_000,
      minSubtotal: 2_000_000,
    })
    await createCoupon(shop, {
      code: 'VIEJO',
      type: 'percent',
      value: 500,
      endsAt: '2020-01-31T23:59:00-03:00',
    })
    await createCoupon(shop, {
      code: 'UNAVEZ',
      type: 'amount',
      value: 50_000,
      maxUsesPerCustomer: 1,
    })
    await createCoupon(shop, {
      code: 'PRIMERA',
      type: 'amount',
      value: 50_000,
      firstOrderOnly: true,
    })

    expect((await reviewWith(shop, 'NOEXISTE')).summary.coupon).toEqual({
      code: 'NOEXISTE',
      applied: false,
      message: 'Este cupón no existe en este comercio.',
    })
    const minimum = await reviewWith(shop, 'GRANDE')
    expect(minimum.summary).toMatchObject({
      discount: 0,
      total: 1_200_000,
      // formatArs writes the peso sign with a no-break space, as Intl's es-AR does.
      coupon: { applied: false, message: `Mínimo de compra ${formatArs(2_000_000)}.` },
    })
    expect((await reviewWith(shop, 'VIEJO')).summary.coupon?.message).toBe(
      'Este cupón está vencido.',
    )

    // The same customer, a second time: once per customer; and no longer a first order.
    const first = await reviewWith(shop, 'UNAVEZ')
    expect(first.summary.discount).toBe(50_000)
    const done = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${first.checkoutId}/confirm`,
      headers: first.customer.headers,
    })
    expect(done.statusCode, done.body).toBe(200)
    for (const [code, message] of [
      ['UNAVEZ', 'Ya usaste este cupón.'],
      ['PRIMERA', 'Este cupón es solo para tu primera compra en este comercio.'],
    ] as const) {
      const checkoutId = await readyToConfirm(
        app,
        first.customer,
        [{ variantId: shop.manteca._id, quantity: 1 }],
        { deliveryType: 'pickup', paymentMethod: 'cash', couponCode: code },
      )
      const review = await app.inject({
        method: 'GET',
        url: `/api/v1/checkout/${checkoutId}/review`,
        headers: first.customer.headers,
      })
      expect((review.json() as Summary).coupon).toMatchObject({ applied: false, message })
    }
  })

  test('maxUses 3 and twenty customers confirming at once: exactly three discounted orders, the rest 409 with the summary without it', async () => {
    const shop = await shopForCheckout(app, { stock: 100 })
    const coupon = await createCoupon(shop, {
      code: 'TRES',
      type: 'amount',
      value: 100_000,
      maxUses: 3,
    })
    const customers = await Promise.all(Array.from({ length: 20 }, () => customerWithAddress(app)))
    const ready = []
    for (const customer of customers)
      ready.push({
        customer,
        checkoutId: await readyToConfirm(
          app,
          customer,
          [{ variantId: shop.manteca._id, quantity: 1 }],
          { deliveryType: 'pickup', paymentMethod: 'cash', couponCode: 'TRES' },
        ),
      })
    const answers = await Promise.all(
      ready.map(({ customer, checkoutId }) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/checkout/${checkoutId}/confirm`,
          headers: customer.headers,
        }),
      ),
    )
    const placed = answers.filter((a) => a.statusCode === 200)
    const refused = answers.filter((a) => a.statusCode === 409)
    expect(placed).toHaveLength(3)
    expect(refused).toHaveLength(17)
    for (const a of placed)
      expect((a.json() as { order: { discount: number } }).order.discount).toBe(100_000)
    expect(refused[0]!.json()).toMatchObject({
      summary: {
        discount: 0,
        total: 600_000,
        coupon: { applied: false, message: 'Este cupón ya se agotó.' },
      },
    })
    const seen = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/coupons/${coupon._id}`,
      headers: shop.seller.headers,
    })
    expect(seen.json()).toMatchObject({ uses: 3, status: 'exhausted' })

    // A refused customer reviews again and confirms without the discount.
    const again = await confirmOrder(
      app,
      ready[answers.findIndex((a) => a.statusCode === 409)]!.customer,
      [{ variantId: shop.manteca._id, quantity: 1 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    expect(again.response.statusCode, again.response.body).toBe(200)
  })
})
