import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ledgerBackfillStatements } from './ledger-backfill.repository.ts'
import { paymentTransactions } from '../../db/schema/payments.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

test('the migration rebuilds from orders the same ledger the payment events wrote', async () => {
  const shop = await shopForCheckout(app, { stock: 100 })
  const seller = (url: string) =>
    app.inject({ method: 'POST', url: `/api/v1/admin/orders${url}`, headers: shop.seller.headers })
  const place = async (paymentMethod: string) => {
    const c = await customerWithAddress(app)
    const { response } = await confirmOrder(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod,
    })
    return response.json().order as { _id: string }
  }
  const paid = await place('cash')
  const refunded = await place('bank_transfer')
  await place('bank_transfer') // never paid: no row
  expect((await seller(`/${paid._id}/mark-as-paid`)).statusCode).toBe(200)
  expect((await seller(`/${refunded._id}/mark-as-paid`)).statusCode).toBe(200)
  expect((await seller(`/${refunded._id}/refund`)).statusCode).toBe(200)

  const read = () =>
    app.db
      .select({
        orderId: paymentTransactions.orderId,
        orderNumber: paymentTransactions.orderNumber,
        customerName: paymentTransactions.customerName,
        kind: paymentTransactions.kind,
        method: paymentTransactions.method,
        status: paymentTransactions.status,
        amount: paymentTransactions.amount,
        createdAt: paymentTransactions.createdAt,
      })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.storeId, shop.seller.store._id))
      .orderBy(asc(paymentTransactions.orderNumber), asc(paymentTransactions.kind))
  const written = await read()
  expect(written.map((r) => [r.orderId, r.kind])).toEqual([
    [paid._id, 'payment'],
    [refunded._id, 'payment'],
    [refunded._id, 'refund'],
  ])

  const statements = ledgerBackfillStatements()
  expect(statements).toHaveLength(2)
  await app.db.delete(paymentTransactions)
  for (const statement of statements) await app.db.execute(sql.raw(statement))
  expect(await read()).toEqual(written)
})
