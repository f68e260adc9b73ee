import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { productVariants } from '../../db/schema/catalog.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { customerWithAddress, readyToConfirm, shopForCheckout } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Customer = Awaited<ReturnType<typeof customerWithAddress>>
const reviewSummary = async (c: Customer, id: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/checkout/${id}/review`,
    headers: c.headers,
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { total: number; subtotal: number; deliveryFee: number }
}
const confirm = (c: Customer, id: string) =>
  app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/confirm`, headers: c.headers })
/** Messages format pesos with es-AR's non-breaking space after the sign. */
const text = (res: { json: () => { message: string } }) =>
  res.json().message.replaceAll('\u00a0', ' ')
const setPrice = (variantId: string, priceCents: number) =>
  app.database.db
    .update(productVariants)
    .set({ priceCents })
    .where(eq(productVariants.id, variantId))

async function reviewedCheckout(deliveryType = 'pickup') {
  const shop = await shopForCheckout(app)
  const c = await customerWithAddress(app)
  const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 2 }], {
    deliveryType,
    paymentMethod: 'cash',
  })
  const reviewed = await reviewSummary(c, checkoutId)
  return { shop, c, checkoutId, reviewed }
}

describe('confirm charges what the customer reviewed', () => {
  test('a price raised after the review answers 409 CONFLICT with the new summary, and no order is made', async () => {
    const { shop, c, checkoutId, reviewed } = await reviewedCheckout()
    expect(reviewed.total).toBe(1000000)
    await setPrice(shop.grasa._id, 4500000)

    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(409)
    const body = res.json()
    expect(body.code).toBe('CONFLICT')
    expect(text(res)).toBe(
      'Cambió el precio de Medialunas x 12 (Grasa): antes $ 5.000, ahora $ 45.000. Revisá el total y confirmá de nuevo.',
    )
    expect(body.summary).toMatchObject({ checkoutId, total: 9000000, subtotal: 9000000 })
    // The one error handler writes it: the envelope, each change under `id`, and the summary.
    expect(Object.keys(body).sort()).toEqual(['code', 'errors', 'message', 'statusCode', 'summary'])
    expect(body.statusCode).toBe(409)
    const errors = body.errors as Array<{ name: string; message: string }>
    expect(errors.map((e) => ({ ...e, message: e.message.replaceAll('\u00a0', ' ') }))).toEqual([
      {
        name: 'id',
        message: 'Cambió el precio de Medialunas x 12 (Grasa): antes $ 5.000, ahora $ 45.000.',
      },
    ])
    const orders = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: c.headers })
    expect(orders.json().totalDocs).toBe(0)
  })

  test('after a fresh review the confirm succeeds at the new, reviewed total', async () => {
    const { shop, c, checkoutId } = await reviewedCheckout()
    await setPrice(shop.grasa._id, 4500000)
    expect((await confirm(c, checkoutId)).statusCode).toBe(409)
    // A retry without looking at the new summary is still refused.
    expect((await confirm(c, checkoutId)).statusCode).toBe(409)

    const fresh = await reviewSummary(c, checkoutId)
    expect(fresh.total).toBe(9000000)
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(200)
    expect(res.json().order).toMatchObject({ total: 9000000, subtotal: 9000000 })
  })

  test('a price lowered after the review is also a change the customer must see', async () => {
    const { shop, c, checkoutId } = await reviewedCheckout()
    await setPrice(shop.grasa._id, 400000)
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(409)
    expect(text(res)).toContain('antes $ 5.000, ahora $ 4.000')
  })

  test('a delivery fee changed after the review answers 409 naming the delivery cost', async () => {
    const { shop, c, checkoutId, reviewed } = await reviewedCheckout('delivery')
    expect(reviewed.deliveryFee).toBe(50000)
    const saved = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_logistics',
      headers: shop.seller.headers,
    })
    const logistics = saved.json() as { delivery: Record<string, unknown> }
    const updated = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: shop.seller.headers,
      payload: {
        ...logistics,
        delivery: { ...logistics.delivery, fee: { type: 'flat', amount: 250000 } },
      },
    })
    expect(updated.statusCode).toBe(200)
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(409)
    expect(text(res)).toBe(
      'Cambió el costo de entrega: antes $ 500, ahora $ 2.500. Revisá el total y confirmá de nuevo.',
    )
  })

  test('an added tax after the review answers 409 naming the taxes', async () => {
    const { shop, c, checkoutId } = await reviewedCheckout()
    const tax = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_taxes',
      headers: shop.seller.headers,
      payload: {
        name: 'Tasa municipal',
        rate: 10,
        appliesTo: 'all',
        collectionIds: [],
        included: false,
      },
    })
    expect(tax.statusCode).toBeLessThan(300)
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(409)
    expect(text(res)).toMatch(/^Cambiaron los impuestos: antes \$ 0, ahora \$ 1\.000\./)
  })

  test('nothing changed: the reviewed checkout confirms at the reviewed total', async () => {
    const { c, checkoutId, reviewed } = await reviewedCheckout()
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(200)
    expect(res.json().order.total).toBe(reviewed.total)
  })
})
