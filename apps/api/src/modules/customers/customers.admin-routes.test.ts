import type { AdminCustomer, AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import type { Page } from '@barrio/contracts/pagination'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeCustomerAddresses, storeCustomers } from '../../db/schema/customers.ts'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  shopForCheckout,
  signedInSeller,
} from '../../../test/factories.ts'
import { backfillCustomers } from './customers.repository.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Buyer = Awaited<ReturnType<typeof customerWithAddress>>

const phoneCustomer = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rosa',
  lastName: 'Giménez',
  phone: '11 4567-8901',
  email: 'rosa@example.com',
  notes: 'Pide por WhatsApp los viernes',
  tags: ['mayorista', 'VIP', 'vip'],
  address: { street: 'Thames', number: '1500', city: 'CABA', provinceCode: 'C' },
  ...overrides,
})

async function order(shop: Shop, buyer: Buyer, quantity = 1, deliveryType = 'pickup') {
  const { response } = await confirmOrder(app, buyer, [{ variantId: shop.manteca._id, quantity }], {
    deliveryType,
    paymentMethod: 'cash',
  })
  expect(response.statusCode, response.body).toBe(200)
  const placed = (response.json() as { order: { _id: string; total: number } }).order
  // Paid at the counter: the cap on unpaid orders per customer never gets in the way.
  await app.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, placed._id))
  return placed
}

async function list(headers: Record<string, string>, query?: object, extra = '') {
  const q = query ? `?query=${encodeURIComponent(JSON.stringify(query))}${extra}` : `?x=1${extra}`
  return app.inject({ method: 'GET', url: `/api/v1/admin/customers${q}`, headers })
}

async function listed(headers: Record<string, string>, query?: object, extra = '') {
  const res = await list(headers, query, extra)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Page<AdminCustomer>
}

/**
 * The customers a search by this e-mail finds that have it: the search also matches phones by a
 * term's digits, and the test e-mails carry random ones that another buyer's phone may contain.
 */
async function withEmail(headers: Record<string, string>, email: string) {
  return (await listed(headers, { search: email })).docs.filter((c) => c.email === email)
}

/** What a customer's figures must be, computed here straight from their orders' rows. */
async function expectedTotals(storeId: string, userId: string) {
  const rows = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId)))
  const counted = rows.filter((o) => o.status !== 'cancelled')
  return {
    ordersCount: counted.length,
    totalSpent: counted.reduce((sum, o) => sum + o.total - o.refundedAmount, 0),
    lastOrderAt:
      counted.length === 0
        ? null
        : new Date(Math.max(...counted.map((o) => o.createdAt.getTime()))).toISOString(),
  }
}

describe('buyers become customers of the store they ordered from', () => {
  let shop: Shop
  let frequent: Buyer
  let once: Buyer
  beforeAll(async () => {
    shop = await shopForCheckout(app)
    frequent = await customerWithAddress(app)
    once = await customerWithAddress(app)
    await order(shop, frequent, 1)
    await order(shop, frequent, 2, 'delivery')
    const third = await order(shop, frequent, 3)
    const refunded = await order(shop, frequent, 1)
    await order(shop, once, 1)
    // One cancelled and one refunded order: neither adds to what the customer spent.
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, third._id))
    await app.db
      .update(orders)
      .set({ paymentStatus: 'refunded', refundedAmount: refunded.total })
      .where(eq(orders.id, refunded._id))
  })

  test('each buyer is listed once with counts, totals and last order taken from their orders', async () => {
    const page = await listed(shop.seller.headers)
    expect(page.totalDocs).toBe(2)
    expect(page.limit).toBe(25)
    for (const buyer of [frequent, once]) {
      const row = page.docs.find((c) => c.email === buyer.data.email)!
      expect(row, buyer.data.email).toBeDefined()
      const expected = await expectedTotals(shop.seller.store._id, buyer.user._id)
      expect({
        ordersCount: row.ordersCount,
        totalSpent: row.totalSpent,
        lastOrderAt: row.lastOrderAt,
      }).toEqual(expected)
      expect(row.hasAccount).toBe(true)
      expect(`${row.firstName} ${row.lastName}`).toBe('Lucía Fernández')
    }
    const frequentRow = page.docs.find((c) => c.email === frequent.data.email)!
    expect(frequentRow.ordersCount).toBe(3)
    // The delivery order's address became the customer's address.
    expect(frequentRow.address?.street).toBe('Costa Rica')
  })

  test('ranges and sort use the aggregates', async () => {
    const regulars = await listed(shop.seller.headers, { ordersCount: { $gte: 2 } })
    expect(regulars.docs.map((c) => c.email)).toEqual([frequent.data.email])
    const big = (await expectedTotals(shop.seller.store._id, frequent.user._id)).totalSpent
    const spenders = await listed(shop.seller.headers, { totalSpent: { $gt: big - 1 } })
    expect(spenders.docs.map((c) => c.email)).toEqual([frequent.data.email])
    const sorted = await listed(shop.seller.headers, undefined, '&sort=totalSpent')
    expect(sorted.docs.map((c) => c.email)).toEqual([once.data.email, frequent.data.email])
    const recent = await listed(shop.seller.headers, { lastOrderAt: { $gte: '2000-01-01' } })
    expect(recent.totalDocs).toBe(2)
    const none = await listed(shop.seller.headers, { lastOrderAt: { $lt: '2000-01-01' } })
    expect(none.totalDocs).toBe(0)
    // Past the last page the envelope still counts every customer.
    const beyond = await listed(shop.seller.headers, undefined, '&page=9')
    expect(beyond).toMatchObject({ docs: [], totalDocs: 2, totalPages: 1, page: 9 })
  })

  test("the customer's orders are the orders list filtered by customerId", async () => {
    const id = (await withEmail(shop.seller.headers, frequent.data.email))[0]!._id
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?query=${encodeURIComponent(JSON.stringify({ customerId: id }))}`,
      headers: shop.seller.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as { totalDocs: number }).totalDocs).toBe(4)
    const detail = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/customers/${id}`,
        headers: shop.seller.headers,
      })
    ).json() as AdminCustomerDetail
    expect(detail.orderAddresses.map((a) => a.street)).toEqual(['Costa Rica'])
  })

  test('deleting a buyer keeps their orders; ordering again lists them afresh', async () => {
    const byEmail = () => withEmail(shop.seller.headers, once.data.email)
    const [row] = await byEmail()
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/customers/${row!._id}`,
      headers: shop.seller.headers,
    })
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    const kept = await app.db.select().from(orders).where(eq(orders.userId, once.user._id))
    expect(kept).toHaveLength(1)
    expect(kept[0]!.customerId).toBeNull()
    expect(kept[0]!.contact.firstName).toBe('Lucía')
    expect(await byEmail()).toHaveLength(0)
    await order(shop, once, 1)
    const again = await byEmail()
    expect(again).toHaveLength(1)
    expect(again[0]!._id).not.toBe(row!._id)
    expect(again[0]!.ordersCount).toBe(1)
  })

  test('the migration backfill lists buyers of orders that have no customer yet', async () => {
    const [existing] = await withEmail(shop.seller.headers, frequent.data.email)
    // As before the migration: the store knew no customers, the orders pointed nowhere.
    await app.db
      .update(orders)
      .set({ customerId: null })
      .where(eq(orders.userId, frequent.user._id))
    await app.db.delete(storeCustomers).where(eq(storeCustomers.id, existing!._id))
    await app.db.transaction((tx) => backfillCustomers(tx))
    const [rebuilt] = await withEmail(shop.seller.headers, frequent.data.email)
    expect(rebuilt).toMatchObject({
      ordersCount: existing!.ordersCount,
      totalSpent: existing!.totalSpent,
      lastOrderAt: existing!.lastOrderAt,
      firstName: 'Lucía',
    })
    expect(rebuilt!.address?.street).toBe('Costa Rica')
  })
})

describe("a buyer's delivery addresses are the ones the seller's new order offers (issue 30)", () => {
  let shop: Shop
  let buyer: Buyer
  let customerId: string
  const detailOf = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/customers/${customerId}`,
      headers: shop.seller.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as AdminCustomerDetail
  }
  beforeAll(async () => {
    shop = await shopForCheckout(app)
    buyer = await customerWithAddress(app)
    await order(shop, buyer, 1, 'delivery')
    await order(shop, buyer, 1, 'delivery')
    customerId = (await withEmail(shop.seller.headers, buyer.data.email))[0]!._id
  })

  test('the address an order went to is saved once, with its point, and takes a phone order', async () => {
    const detail = await detailOf()
    expect(detail.orderAddresses.map((a) => a.street)).toEqual(['Costa Rica'])
    expect(detail.addresses).toHaveLength(1)
    const [saved] = detail.addresses
    expect(saved).toMatchObject({ street: 'Costa Rica', number: '5500', hasLocation: true })
    const quote = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/quote',
      headers: shop.seller.headers,
      payload: {
        customerId,
        items: [{ variantId: shop.manteca._id, quantity: 1 }],
        deliveryType: 'delivery',
        shippingAddressId: saved!._id,
        paymentMethod: 'cash',
        paid: false,
      },
    })
    expect(quote.statusCode, quote.body).toBe(200)
    const delivery = (
      quote.json() as { deliveryOptions: Array<{ type: string; available: boolean }> }
    ).deliveryOptions.find((o) => o.type === 'delivery')
    expect(delivery?.available).toBe(true)
  })

  test("an order to a kept door with no point gives it the order's point, not a second address", async () => {
    await app.db
      .update(storeCustomerAddresses)
      .set({ latitude: null, longitude: null })
      .where(eq(storeCustomerAddresses.customerId, customerId))
    expect((await detailOf()).addresses.map((a) => a.hasLocation)).toEqual([false])
    await order(shop, buyer, 1, 'delivery')
    const after = await detailOf()
    expect(after.addresses.map((a) => [a.street, a.hasLocation])).toEqual([['Costa Rica', true]])
  })

  test('the migration backfill saves the addresses of orders placed before', async () => {
    await app.db
      .delete(storeCustomerAddresses)
      .where(eq(storeCustomerAddresses.customerId, customerId))
    expect((await detailOf()).addresses).toEqual([])
    await app.db.transaction((tx) => backfillCustomers(tx))
    const after = await detailOf()
    expect(after.addresses.map((a) => [a.street, a.number, a.hasLocation])).toEqual([
      ['Costa Rica', '5500', true],
    ])
    // Run again (the seed runs it over its history): nothing is saved twice.
    await app.db.transaction((tx) => backfillCustomers(tx))
    expect((await detailOf()).addresses).toHaveLength(1)
  })
})

describe('the JSON filter is a whitelist', () => {
  test.each([
    [{ password: 'x' }, 'query'],
    [{ ordersCount: { $ne: 1 } }, 'query.ordersCount'],
    [{ totalSpent: { $gte: -5 } }, 'query.totalSpent.$gte'],
    [{ lastOrderAt: { $gte: 'ayer' } }, 'query.lastOrderAt.$gte'],
    [{ tags: { $all: ['vip'] } }, 'query.tags'],
  ])('%j is 400 INVALID naming %s', async (filter, name) => {
    const seller = await signedInSeller(app)
    const res = await list(seller.headers, filter)
    expect(res.statusCode, res.body).toBe(400)
    const body = res.json() as { code: string; errors: Array<{ name: string }> }
    expect(body.code).toBe('INVALID')
    expect(body.errors.map((e) => e.name)).toContain(name)
  })

  test('bad JSON and an unknown sort are 400', async () => {
    const seller = await signedInSeller(app)
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/customers?query=%7Bnope',
      headers: seller.headers,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID' })
    const sort = await list(seller.headers, undefined, '&sort=password')
    expect(sort.statusCode).toBe(400)
  })
})

describe("the seller's own customers", () => {
  test('create, read, update and delete a phone customer', async () => {
    const seller = await signedInSeller(app)
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: phoneCustomer(),
    })
    expect(created.statusCode, created.body).toBe(201)
    const customer = created.json() as AdminCustomerDetail
    expect(customer).toMatchObject({
      firstName: 'Rosa',
      // Stored in its one spelling: Argentine numbers with the mobile 9 (lib/phone.ts).
      phone: '+5491145678901',
      email: 'rosa@example.com',
      tags: ['mayorista', 'VIP'],
      hasAccount: false,
      ordersCount: 0,
      totalSpent: 0,
      lastOrderAt: null,
      address: { street: 'Thames', provinceName: 'Ciudad Autónoma de Buenos Aires' },
    })

    const byTag = await listed(seller.headers, { tags: 'vip' })
    expect(byTag.docs.map((c) => c._id)).toEqual([customer._id])
    expect((await listed(seller.headers, { tags: { $in: ['otro'] } })).totalDocs).toBe(0)
    expect((await listed(seller.headers, { search: 'gimenez' })).totalDocs).toBe(1)
    expect((await listed(seller.headers, { search: '4567-89' })).totalDocs).toBe(1)

    const updated = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/customers/${customer._id}`,
      headers: seller.headers,
      payload: phoneCustomer({ notes: 'Ahora pide los lunes', tags: [], email: '', address: null }),
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      notes: 'Ahora pide los lunes',
      tags: [],
      email: null,
      address: null,
    })

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/customers/${customer._id}`,
      headers: seller.headers,
    })
    expect(del.statusCode).toBe(204)
    const gone = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/customers/${customer._id}`,
      headers: seller.headers,
    })
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No encontramos ese cliente.' })
  })

  test('field errors in Spanish: missing names, a bad phone, a bad e-mail, a repeated phone', async () => {
    const seller = await signedInSeller(app)
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: { firstName: ' ', lastName: '', phone: '' },
    })
    expect(missing.statusCode).toBe(400)
    const errors = (missing.json() as { errors: Array<{ name: string; message: string }> }).errors
    expect(errors).toEqual(
      expect.arrayContaining([
        { name: 'firstName', message: 'Ingresá el nombre' },
        { name: 'lastName', message: 'Ingresá el apellido' },
        { name: 'phone', message: 'Ingresá el teléfono' },
      ]),
    )

    const phone = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: phoneCustomer({ phone: '12345' }),
    })
    expect(phone.statusCode).toBe(400)
    expect(phone.json()).toMatchObject({
      code: 'INVALID',
      errors: [{ name: 'phone', message: 'Ingresá un teléfono válido (ej.: 11 5555-0202)' }],
    })

    const email = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: phoneCustomer({ email: 'rosa@' }),
    })
    expect(email.statusCode).toBe(400)
    expect(email.json()).toMatchObject({
      errors: [{ name: 'email', message: 'Ingresá un correo electrónico válido' }],
    })

    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: phoneCustomer(),
    })
    expect(first.statusCode).toBe(201)
    // The same number written another way is the same phone.
    const twin = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: phoneCustomer({ firstName: 'Otra', phone: '+54 11 4567 8901' }),
    })
    expect(twin.statusCode).toBe(409)
    expect(twin.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [{ name: 'phone', message: 'Ya tenés un cliente con ese teléfono: Rosa Giménez' }],
    })
  })
  test('one mobile number is one customer, however it is written', async () => {
    const seller = await signedInSeller(app)
    const add = (phone: string, firstName = 'Otra') =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/customers',
        headers: seller.headers,
        payload: phoneCustomer({ firstName, phone, email: '' }),
      })
    const first = await add('11 5555-1234', 'Rosa')
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json().phone).toBe('+5491155551234')
    for (const spelling of ['+5491155551234', '+54 9 11 5555-1234', '011 15 5555-1234']) {
      const twin = await add(spelling)
      expect(twin.statusCode, spelling).toBe(409)
      expect(twin.json()).toMatchObject({
        code: 'CONFLICT',
        errors: [{ name: 'phone', message: 'Ya tenés un cliente con ese teléfono: Rosa Giménez' }],
      })
    }
    // Written the other way round, and on an edit, the same.
    const other = await add('+5491166667777', 'Luis')
    expect(other.statusCode).toBe(201)
    expect((await add('11 6666-7777')).statusCode).toBe(409)
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/customers/${other.json()._id}`,
      headers: seller.headers,
      payload: phoneCustomer({ firstName: 'Luis', phone: '1155551234', email: '' }),
    })
    expect(edit.statusCode).toBe(409)
    // Numbers that are no Argentine line keep libphonenumber's spelling.
    const tollFree = await add('0800 333 4444', 'Línea')
    expect(tollFree.json().phone).toBe('+548003334444')
    const abroad = await add('+1 202 555 0123', 'Ana')
    expect(abroad.json().phone).toBe('+12025550123')
    expect((await listed(seller.headers)).totalDocs).toBe(4)
  })

  test('an edit keeps a phone an older twin shares (rows written before one spelling)', async () => {
    const seller = await signedInSeller(app)
    // Two rows of one number, as stored in two spellings before migration 0020 made them one.
    const [older, newer] = await app.db
      .insert(storeCustomers)
      .values([
        {
          storeId: seller.store._id,
          firstName: 'Rosa',
          lastName: 'Giménez',
          phone: '+5491144443333',
        },
        { storeId: seller.store._id, firstName: 'Rosa', lastName: 'G.', phone: '+5491144443333' },
      ])
      .returning({ id: storeCustomers.id })
    const edit = (id: string, phone: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/customers/${id}`,
        headers: seller.headers,
        payload: phoneCustomer({ phone, email: '', notes: 'Editada' }),
      })
    expect((await edit(newer!.id, '11 4444-3333')).statusCode).toBe(200)
    const moved = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: phoneCustomer({ phone: '11 2222-1111', email: '' }),
    })
    expect(moved.statusCode).toBe(201)
    // Taking another customer's phone is still refused.
    expect((await edit(older!.id, '11 2222-1111')).statusCode).toBe(409)
  })
})

describe('another store never sees them', () => {
  test("another seller's customer is 404 by id and absent from their list; their store is 403", async () => {
    const owner = await signedInSeller(app)
    const other = await signedInSeller(app)
    const created = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/customers',
        headers: owner.headers,
        payload: phoneCustomer(),
      })
    ).json() as AdminCustomerDetail

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: `/api/v1/admin/customers/${created._id}`,
        headers: other.headers,
        ...(method === 'PUT' ? { payload: phoneCustomer({ notes: 'robado' }) } : {}),
      })
      expect(res.statusCode, `${method} ${res.body}`).toBe(404)
    }
    expect((await listed(other.headers)).totalDocs).toBe(0)

    const foreignStore = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/customers',
      headers: { cookie: other.cookie, 'x-store-id': owner.store._id },
    })
    expect(foreignStore.statusCode).toBe(403)
    expect(foreignStore.json()).toMatchObject({ code: 'USER_NOT_OWNER' })

    const still = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/customers/${created._id}`,
      headers: owner.headers,
    })
    expect(still.json()).toMatchObject({ notes: 'Pide por WhatsApp los viernes' })
  })

  test('a buyer of two stores is a separate customer of each', async () => {
    const a = await shopForCheckout(app)
    const b = await shopForCheckout(app)
    const buyer = await customerWithAddress(app)
    await order(a, buyer, 1)
    await order(b, buyer, 2)
    const [inA] = (await listed(a.seller.headers)).docs
    const [inB] = (await listed(b.seller.headers)).docs
    expect(inA!._id).not.toBe(inB!._id)
    expect(inA!.totalSpent).toBe(
      (await expectedTotals(a.seller.store._id, buyer.user._id)).totalSpent,
    )
    expect(inB!.totalSpent).toBe(
      (await expectedTotals(b.seller.store._id, buyer.user._id)).totalSpent,
    )
  })
})
