import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  shopForCheckout,
  storeInput,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

/**
 * Decision 036: a seller (userType admin) shops with the same account in the customer app. The
 * customer endpoints (addresses, cart, checkout, orders) take the account as a buyer; its orders
 * as a buyer are its own and never show up in its store's orders.
 */
describe('a seller shops as a customer', () => {
  test('addresses, cart, checkout and "Mis pedidos" work for an approved merchant with a store', async () => {
    const otherShop = await shopForCheckout(app)
    const buyer = await customerWithAddress(app)
    // The customer becomes a merchant (what an approved application does) and opens a store.
    await app.db
      .update(users)
      .set({ userType: 'admin', merchantApprovedAt: new Date() })
      .where(eq(users.id, buyer.user._id))
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie: buyer.cookie },
      payload: storeInput('tienda-del-comprador'),
    })
    expect(created.statusCode).toBe(201)
    const ownStore = created.json() as { _id: string }

    const addresses = await app.inject({
      method: 'GET',
      url: '/api/v1/addresses',
      headers: buyer.headers,
    })
    expect(addresses.statusCode).toBe(200)
    expect((addresses.json() as { docs: Array<{ _id: string }> }).docs.map((a) => a._id)).toEqual([
      buyer.address._id,
    ])

    const { response } = await confirmOrder(
      app,
      buyer,
      [{ variantId: otherShop.manteca._id, quantity: 1 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    expect(response.statusCode).toBe(200)
    const { order } = response.json() as { order: { _id: string } }

    const mine = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: buyer.headers })
    expect(mine.statusCode).toBe(200)
    const docs = (mine.json() as { docs: Array<{ _id: string; store: { _id: string } }> }).docs
    expect(docs.map((o) => o._id)).toEqual([order._id])
    expect(docs[0]!.store._id).toBe(otherShop.seller.store._id)

    // The order belongs to the other shop's back office, not to the buyer's own store.
    const ownStoreOrders = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: { cookie: buyer.cookie, 'x-store-id': ownStore._id },
    })
    expect(ownStoreOrders.statusCode).toBe(200)
    expect((ownStoreOrders.json() as { docs: unknown[] }).docs).toEqual([])
    const sellerOrders = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders',
      headers: otherShop.seller.headers,
    })
    expect(
      (sellerOrders.json() as { docs: Array<{ _id: string }> }).docs.map((o) => o._id),
    ).toContain(order._id)
  })
})
