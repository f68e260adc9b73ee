import type { AdminCustomer, AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import type { Page } from '@barrio/contracts/pagination'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { outbox } from '../../db/schema/outbox.ts'
import { paymentTransactions } from '../../db/schema/payments.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  lastEmailTo,
  readyToConfirm,
  shopForCheckout,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_IP_MAX: '100000' })
})
afterAll(async () => {
  await app.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Order = {
  _id: string
  number: number
  status: string
  paymentStatus: string
  deliveryType: string
  paymentMethod: string
  subtotal: number
  deliveryFee: number
  total: number
  contact: { firstName: string; email: string }
  shippingAddress: { street: string } | null
  pickupAddress: string | null
  items: Array<{ variantId: string; quantity: number; unitPrice: number }>
  timeline: Array<{ type: string; note: string | null }>
}

/** 0.8 km from the test shop (its delivery band up to 1 km costs $500). */
const NEAR = { latitude: -34.5818, longitude: -58.4306 }

async function phoneCustomer(shop: Shop, overrides: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/customers',
    headers: shop.seller.headers,
    payload: {
      firstName: 'Rosa',
      lastName: 'Giménez',
      phone: `11 4${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      email: null,
      notes: 'Llama los viernes',
      tags: ['mayorista'],
      ...overrides,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as AdminCustomerDetail
}

async function addAddress(shop: Shop, customerId: string, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/customers/${customerId}/addresses`,
    headers: shop.seller.headers,
    payload: {
      street: 'Costa Rica',
      number: '5500',
      city: 'Palermo',
      provinceCode: 'C',
      ...NEAR,
      ...extra,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { _id: string; hasLocation: boolean }
}

function post(shop: Shop, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/orders',
    headers: shop.seller.headers,
    payload,
  })
}

async function stockOf(shop: Shop) {
  const product = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
    })
  ).json() as { variants: Array<{ _id: string; stock: number }> }
  return Object.fromEntries(product.variants.map((v) => [v._id, v.stock]))
}

const fieldErrors = (body: string) =>
  (JSON.parse(body) as { errors?: Array<{ name: string }> }).errors?.map((e) => e.name) ?? []

describe('POST /admin/orders: an order the shop takes itself', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await shopForCheckout(app, { stock: 10 })
  })

  test('a pickup order, cash, unpaid: numbered, stock taken, timeline by the seller, answered like GET', async () => {
    const customer = await phoneCustomer(shop, { email: 'rosa.pickup@example.com' })
    const before = await stockOf(shop)
    const res = await post(shop, {
      customerId: customer._id,
      items: [
        { variantId: shop.manteca._id, quantity: 2 },
        { variantId: shop.grasa._id, quantity: 1 },
      ],
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      paid: false,
      note: 'Sin azúcar impalpable',
    })
    expect(res.statusCode, res.body).toBe(201)
    const order = res.json() as Order
    expect(order.number).toBeGreaterThan(1000)
    expect(order.status).toBe('open')
    expect(order.paymentStatus).toBe('pending')
    expect(order.subtotal).toBe(2 * 600000 + 500000)
    expect(order.deliveryFee).toBe(0)
    expect(order.total).toBe(1700000)
    expect(order.pickupAddress).toBe('Gorriti 4800, Palermo')
    expect(order.shippingAddress).toBeNull()
    expect(order.contact.firstName).toBe('Rosa')
    // No buyer account behind an order the shop took; `customerId` names store customers only.
    expect(order).toMatchObject({ buyerUserId: null })
    expect(order).not.toHaveProperty('customerId')
    expect(order.timeline.map((e) => e.type)).toEqual([
      'ORDER_PLACED',
      'INTERNAL_NOTE_ADDED',
      'NOTE_ADDED',
    ])
    expect(order.timeline[0]!.note).toBe('Pedido tomado por el comercio')
    expect(order.timeline[1]!.note).toMatch(/^Cargado por /)

    const got = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order._id}`,
      headers: shop.seller.headers,
    })
    expect(got.json()).toEqual(order)

    const after = await stockOf(shop)
    expect(after[shop.manteca._id]).toBe(before[shop.manteca._id]! - 2)
    expect(after[shop.grasa._id]).toBe(before[shop.grasa._id]! - 1)

    // The customer's copy is queued; the store gets no "new order" e-mail for its own order.
    const email = await lastEmailTo(app, 'rosa.pickup@example.com')
    expect(email?.subject).toMatch(new RegExp(`^Tu pedido #${order.number} en .+`))
    expect(email?.text).toContain('2 × Medialunas x 12 (Manteca)')
    const storeMails = (await app.db.select().from(outbox).where(eq(outbox.kind, 'email'))).filter(
      (r) => (r.payload as { subject: string }).subject === `Nuevo pedido #${order.number}`,
    )
    expect(storeMails).toHaveLength(0)

    // It counts for the customer.
    const detail = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/customers/${customer._id}`,
        headers: shop.seller.headers,
      })
    ).json() as AdminCustomerDetail
    expect(detail.ordersCount).toBe(1)
    expect(detail.totalSpent).toBe(1700000)
  })

  test('delivery to the customer address, already paid by transfer: fee from the bands, ledger row', async () => {
    const customer = await phoneCustomer(shop)
    const address = await addAddress(shop, customer._id)
    expect(address.hasLocation).toBe(true)
    const res = await post(shop, {
      customerId: customer._id,
      items: [{ variantId: shop.manteca._id, quantity: 1 }],
      deliveryType: 'delivery',
      shippingAddressId: address._id,
      paymentMethod: 'bank_transfer',
      paid: true,
    })
    expect(res.statusCode, res.body).toBe(201)
    const order = res.json() as Order
    expect(order.deliveryFee).toBe(50000)
    expect(order.total).toBe(650000)
    expect(order.paymentStatus).toBe('paid')
    expect(order.shippingAddress?.street).toBe('Costa Rica')
    expect(order.timeline.map((e) => e.type)).toContain('PAYMENT_RECEIVED')
    const ledger = await app.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order._id))
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ kind: 'payment', status: 'approved', amount: 650000 })
    // No e-mail: this customer has none.
    const queued = await app.db.select().from(outbox).where(eq(outbox.kind, 'email'))
    expect(
      queued.some((r) => (r.payload as { subject: string }).subject.includes(`#${order.number} `)),
    ).toBe(false)
  })

  test('quote: the form’s running total, priced like the order and writing nothing', async () => {
    const customer = await phoneCustomer(shop)
    const address = await addAddress(shop, customer._id)
    const before = await stockOf(shop)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/quote',
      headers: shop.seller.headers,
      payload: {
        customerId: customer._id,
        items: [{ variantId: shop.grasa._id, quantity: 2 }],
        deliveryType: 'delivery',
        shippingAddressId: address._id,
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const quote = res.json()
    expect(quote.subtotal).toBe(1000000)
    expect(quote.deliveryFee).toBe(50000)
    expect(quote.total).toBe(1050000)
    expect(quote.lines[0]).toMatchObject({
      quantity: 2,
      unitPrice: 500000,
      stock: before[shop.grasa._id],
    })
    expect(quote.deliveryOptions.map((o: { type: string }) => o.type)).toEqual([
      'pickup',
      'delivery',
      'shipping',
    ])
    expect(quote.paymentMethods.map((m: { method: string }) => m.method)).toEqual([
      'cash',
      'bank_transfer',
    ])
    expect(await stockOf(shop)).toEqual(before)
  })

  test('validation: catalogue codes and Spanish messages under the field paths', async () => {
    const customer = await phoneCustomer(shop)
    const other = await phoneCustomer(shop)
    const othersAddress = await addAddress(shop, other._id)
    const farAddress = await addAddress(shop, customer._id, {
      city: 'Rosario',
      provinceCode: 'S',
      latitude: -32.95,
      longitude: -60.66,
    })
    const base = {
      customerId: customer._id,
      items: [{ variantId: shop.manteca._id, quantity: 1 }],
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      paid: false,
    }
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ items: [] }, 400, 'INVALID', 'items'],
      [
        { items: [{ variantId: shop.manteca._id, quantity: 0 }] },
        400,
        'INVALID',
        'items.0.quantity',
      ],
      [{ items: [{ variantId: 'x', quantity: 1 }] }, 400, 'INVALID', 'items.0.variantId'],
      [{ deliveryType: 'teleport' }, 400, 'INVALID', 'deliveryType'],
      [{ deliveryType: 'delivery' }, 400, 'INVALID', 'shippingAddressId'],
      [
        { deliveryType: 'delivery', shippingAddressId: othersAddress._id },
        400,
        'INVALID',
        'shippingAddressId',
      ],
      [
        { deliveryType: 'shipping', shippingAddressId: farAddress._id },
        400,
        'INVALID',
        'shippingAddressId',
      ],
      [{ shippingAddressId: othersAddress._id }, 400, 'INVALID', 'shippingAddressId'],
      [{ paymentMethod: 'crypto' }, 400, 'INVALID', 'paymentMethod'],
      [{ paymentMethod: 'mercado_pago', paid: true }, 400, 'INVALID', 'paymentMethod'],
      [{ paymentMethod: 'mercado_pago' }, 400, 'INVALID', 'paymentMethod'],
      [{ paid: 'sí' }, 400, 'INVALID', 'paid'],
      [{ customerId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND', 'customerId'],
      [
        { items: [{ variantId: shop.manteca._id, quantity: 999 }] },
        409,
        'CONFLICT',
        'items.0.quantity',
      ],
    ]
    for (const [change, status, code, field] of cases) {
      const res = await post(shop, { ...base, ...change })
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(status)
      expect(res.json().code).toBe(code)
      expect(fieldErrors(res.body), JSON.stringify(change)).toContain(field)
      expect(res.json().message).toMatch(/[a-záéíóúñ]/i)
    }
    // Shipping outside the served provinces says why, in Spanish.
    const far = await post(shop, {
      ...base,
      deliveryType: 'shipping',
      shippingAddressId: farAddress._id,
    })
    expect(far.json().errors[0].message).toBe('Este comercio no envía a Santa Fe')
  })

  test('another store never sees or uses this store’s customers, products or addresses', async () => {
    const other = await shopForCheckout(app, { stock: 3 })
    const mine = await phoneCustomer(shop)
    const theirs = await phoneCustomer(other)
    const theirAddress = await addAddress(other, theirs._id)
    const asOther = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/orders',
        headers: other.seller.headers,
        payload,
      })
    const base = {
      items: [{ variantId: other.manteca._id, quantity: 1 }],
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      paid: false,
    }

    const foreignCustomer = await asOther({ ...base, customerId: mine._id })
    expect(foreignCustomer.statusCode).toBe(404)
    const foreignProduct = await asOther({
      ...base,
      customerId: theirs._id,
      items: [{ variantId: shop.manteca._id, quantity: 1 }],
    })
    expect(foreignProduct.statusCode).toBe(400)
    expect(fieldErrors(foreignProduct.body)).toEqual(['items.0.variantId'])
    const foreignAddress = await post(shop, {
      ...base,
      items: [{ variantId: shop.manteca._id, quantity: 1 }],
      customerId: mine._id,
      deliveryType: 'delivery',
      shippingAddressId: theirAddress._id,
    })
    expect(foreignAddress.statusCode).toBe(400)
    // x-store-id of a store that is not the seller's: 403.
    const notMine = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders',
      headers: { ...shop.seller.headers, 'x-store-id': other.seller.store._id },
      payload: { ...base, customerId: theirs._id },
    })
    expect(notMine.statusCode).toBe(403)
    expect(notMine.json().code).toBe('USER_NOT_OWNER')
  })
})

// PGlite serialises the transactions; PostgreSQL (TEST_DATABASE_URL) runs them in parallel.
test('sellers and customers racing for the last 5 units: exactly 5 orders, stock 0', async () => {
  const shop = await shopForCheckout(app, { stock: 5 })
  const buyers = await Promise.all(Array.from({ length: 8 }, () => customerWithAddress(app)))
  const checkouts: string[] = []
  for (const b of buyers)
    checkouts.push(
      await readyToConfirm(app, b, [{ variantId: shop.grasa._id, quantity: 1 }], {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      }),
    )
  const customer = await phoneCustomer(shop)
  const results = await Promise.all([
    ...buyers.map((b, i) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/checkout/${checkouts[i]}/confirm`,
        headers: b.headers,
      }),
    ),
    ...Array.from({ length: 8 }, () =>
      post(shop, {
        customerId: customer._id,
        items: [{ variantId: shop.grasa._id, quantity: 1 }],
        deliveryType: 'pickup',
        paymentMethod: 'cash',
        paid: true,
      }),
    ),
  ])
  const ok = results.filter((r) => r.statusCode === 200 || r.statusCode === 201)
  const lost = results.filter((r) => r.statusCode === 409)
  expect(ok).toHaveLength(5)
  expect(lost).toHaveLength(11)
  for (const r of lost) expect(r.json().code).toBe('CONFLICT')
  expect((await stockOf(shop))[shop.grasa._id]).toBe(0)
})

describe('a phone customer who later orders with an account becomes one customer', () => {
  async function customers(shop: Shop) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/customers',
      headers: shop.seller.headers,
    })
    return (res.json() as Page<AdminCustomer>).docs
  }

  test('same phone: the seller’s row is claimed, notes and the phone orders stay with it', async () => {
    const shop = await shopForCheckout(app, { stock: 20 })
    // readyToConfirm's contact phone is +5491155551234.
    const rosa = await phoneCustomer(shop, {
      phone: '11 5555-1234',
      notes: 'Cliente de años',
      tags: ['VIP'],
    })
    const phoneOrder = await post(shop, {
      customerId: rosa._id,
      items: [{ variantId: shop.manteca._id, quantity: 1 }],
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      paid: true,
    })
    expect(phoneOrder.statusCode, phoneOrder.body).toBe(201)
    const buyer = await customerWithAddress(app)
    const { response } = await confirmOrder(
      app,
      buyer,
      [{ variantId: shop.grasa._id, quantity: 1 }],
      {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      },
    )
    expect(response.statusCode, response.body).toBe(200)

    const docs = await customers(shop)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({
      _id: rosa._id,
      hasAccount: true,
      notes: 'Cliente de años',
      tags: ['VIP'],
      ordersCount: 2,
      totalSpent: 600000 + 500000,
      phone: '+5491155551234',
    })
  })

  test('same e-mail after the buyer already had a row: both rows fold into one', async () => {
    const shop = await shopForCheckout(app, { stock: 20 })
    const buyer = await customerWithAddress(app)
    const first = await confirmOrder(app, buyer, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    expect(first.response.statusCode, first.response.body).toBe(200)
    // The seller, not knowing, adds the same person by e-mail with another phone and takes an order.
    const twin = await phoneCustomer(shop, {
      email: buyer.data.email.toUpperCase(),
      notes: 'Prefiere entregas a la tarde',
      tags: ['mayorista'],
    })
    const address = await addAddress(shop, twin._id)
    const phoneOrder = await post(shop, {
      customerId: twin._id,
      items: [{ variantId: shop.manteca._id, quantity: 2 }],
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      paid: true,
    })
    expect(phoneOrder.statusCode, phoneOrder.body).toBe(201)
    expect((await customers(shop)).length).toBe(2)

    const second = await confirmOrder(app, buyer, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'bank_transfer',
    })
    expect(second.response.statusCode, second.response.body).toBe(200)
    const docs = await customers(shop)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({
      hasAccount: true,
      notes: 'Prefiere entregas a la tarde',
      tags: ['mayorista'],
      ordersCount: 3,
      totalSpent: 500000 + 1200000 + 500000,
    })
    const detail = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/customers/${docs[0]!._id}`,
        headers: shop.seller.headers,
      })
    ).json() as AdminCustomerDetail
    expect(detail.addresses.map((a) => a._id)).toEqual([address._id])
    // The seller's order now counts for the merged row (orders moved, none left pointing nowhere).
    const { orders } = await import('../../db/schema/ordering.ts')
    const rows = await app.db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(and(eq(orders.storeId, shop.seller.store._id)))
    expect(new Set(rows.map((r) => r.customerId))).toEqual(new Set([docs[0]!._id]))
  })

  test('a phone customer with another phone and e-mail stays a separate customer', async () => {
    const shop = await shopForCheckout(app, { stock: 20 })
    await phoneCustomer(shop, { phone: '351 555-0000', email: 'otra@example.com' })
    const buyer = await customerWithAddress(app)
    const { response } = await confirmOrder(
      app,
      buyer,
      [{ variantId: shop.grasa._id, quantity: 1 }],
      {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      },
    )
    expect(response.statusCode).toBe(200)
    expect(await customers(shop)).toHaveLength(2)
  })
})
