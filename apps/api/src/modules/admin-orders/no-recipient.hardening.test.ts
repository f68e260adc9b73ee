import type { AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { outbox } from '../../db/schema/outbox.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { shopForCheckout } from '../../../test/factories.ts'
import { NOT_NOTIFIED_NOTE } from '../orders/order-emails.ts'

/**
 * Issue 22: a customer the store has only a phone of got e-mails queued to nobody (`to: ""`),
 * retried eight times and dead-lettered, for every notice of their orders. Nothing is queued
 * without a recipient (the outbox's one enqueue refuses it, and the callers do not ask), and the
 * store's timeline says the customer was not told.
 */
let app: TestApp
type Shop = Awaited<ReturnType<typeof shopForCheckout>>
let shop: Shop
beforeAll(async () => {
  app = await buildTestApp()
  shop = await shopForCheckout(app, { stock: 50 })
})
afterAll(async () => {
  await app.close()
})

type Order = {
  _id: string
  number: number
  contact: { email: string; phone: string }
  timeline: Array<{ type: string; note: string | null }>
}

const post = (url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin${url}`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })

const recipientless = async () =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.kind} = 'email' and trim(coalesce(${outbox.payload}->>'to', '')) = ''`)
  )[0]!.n

const notNotified = (order: Order) =>
  order.timeline
    .filter((e) => e.type === 'INTERNAL_NOTE_ADDED' && e.note?.startsWith(NOT_NOTIFIED_NOTE))
    .map((e) => e.note!.replace(/\u00a0/g, ' '))

test('a phone-only customer: their order, ready for pickup and refunds queue no e-mail; the timeline says so', async () => {
  const created = await post('/customers', {
    firstName: 'Rosa',
    lastName: 'Giménez',
    phone: '11 4444-5555',
  })
  expect(created.statusCode, created.body).toBe(201)
  const customer = created.json() as AdminCustomerDetail
  expect(customer.email ?? '').toBe('')

  const placed = await post('/orders', {
    customerId: customer._id,
    items: [{ variantId: shop.manteca._id, quantity: 2 }],
    deliveryType: 'pickup',
    paymentMethod: 'cash',
    paid: true,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const order = placed.json() as Order
  expect(order.contact.email).toBe('')
  expect(notNotified(order)).toEqual([`${NOT_NOTIFIED_NOTE} (la copia del pedido).`])

  expect((await post(`/orders/${order._id}/fulfill`)).statusCode).toBe(200)
  const ready = await post(`/orders/${order._id}/fulfillment-event`, {
    newEvent: 'ready_for_pickup',
  })
  expect(ready.statusCode, ready.body).toBe(200)
  const partly = await post(`/orders/${order._id}/refund`, { amount: 100 })
  expect(partly.statusCode, partly.body).toBe(200)
  // Picked up sends no e-mail to anybody: nothing to note.
  const pickedUp = await post(`/orders/${order._id}/fulfillment-event`, { newEvent: 'picked_up' })
  expect(pickedUp.statusCode, pickedUp.body).toBe(200)
  const rest = await post(`/orders/${order._id}/refund`)
  expect(rest.statusCode, rest.body).toBe(200)

  expect(await recipientless()).toBe(0)
  const n = `#${order.number}`
  expect(notNotified(rest.json() as Order)).toEqual([
    `${NOT_NOTIFIED_NOTE} (la copia del pedido).`,
    `${NOT_NOTIFIED_NOTE} (“Tu pedido ${n} está listo para retirar”).`,
    `${NOT_NOTIFIED_NOTE} (“Te reembolsamos $ 1 del pedido ${n}”).`,
    `${NOT_NOTIFIED_NOTE} (“Te reembolsamos el pedido ${n}”).`,
  ])
})

test('the outbox queues no e-mail without a recipient, whoever asks', async () => {
  const before = await recipientless()
  for (const to of ['', '   ']) {
    const id = await app.outbox.enqueueEmail(app.db, {
      to,
      subject: 'Tu pedido #1 está listo para retirar',
      text: 'Hola',
      html: '<p>Hola</p>',
    })
    expect(id).toBeNull()
  }
  expect(await recipientless()).toBe(before)
  const queued = await app.outbox.enqueueEmail(app.db, {
    to: 'rosa@example.com',
    subject: 'Hola',
    text: 'Hola',
    html: '<p>Hola</p>',
  })
  expect(queued).toEqual(expect.any(String))
})
