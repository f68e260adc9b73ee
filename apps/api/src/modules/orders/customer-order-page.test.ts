import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  lastEmailTo,
  shopForCheckout,
  teamMember,
} from '../../../test/factories.ts'
import { pngImage } from '../../../test/images.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Customer = Awaited<ReturnType<typeof customerWithAddress>>
type Entry = { type: string; label: string; note: string | null }
type OrderJson = {
  _id: string
  number: number
  status: string
  paymentStatus: string
  timeline: Entry[]
  fulfillments: Array<{ _id: string; status: string; reason: string | null; events: Entry[] }>
  transferReceipt: { url: string; fileName: string; contentType: string } | null
  customerActions: { canCancel: boolean; canUploadReceipt: boolean }
}

async function place(shop: Shop, c: Customer, deliveryType: string, paymentMethod: string) {
  const { response } = await confirmOrder(app, c, [{ variantId: shop.grasa._id, quantity: 2 }], {
    deliveryType,
    paymentMethod,
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { order: OrderJson }).order
}
const seller = (shop: Shop, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1/admin/orders${url}`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })
const customerView = async (c: Customer, id: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: c.headers })
  expect(res.statusCode).toBe(200)
  return res.json() as OrderJson
}
const stockOf = async (shop: Shop) =>
  (
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/products/${shop.product._id}`,
        headers: shop.seller.headers,
      })
    ).json() as { variants: Array<{ stock: number }> }
  ).variants[1]!.stock
/** A multipart/form-data body with one file under the field `file`. */
function receiptBody(filename: string, data: Buffer, contentType: string) {
  const boundary = `----barrio${Math.random().toString(16).slice(2)}`
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
const upload = (c: Customer, id: string, body: ReturnType<typeof receiptBody>) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/orders/${id}/transfer-receipt`,
    headers: { ...c.headers, ...body.headers },
    payload: body.payload,
  })
/** The receipt files kept for an order, outside the public uploads (DATA_DIR/private). */
const privateReceipts = (orderId: string) =>
  readdir(path.join(app.dataDir, 'private', 'receipts', orderId))
const allNotices = { email: true, push: true }

describe("the customer's order page (issue 30)", () => {
  test("internal entries never reach the customer: the seller's cancel reasons, the restock, a cancelled shipment's 'En camino'", async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const order = await place(shop, c, 'delivery', 'cash')
    expect((await seller(shop, 'POST', `/${order._id}/mark-as-paid`)).statusCode).toBe(200)
    expect((await seller(shop, 'POST', `/${order._id}/fulfill`)).statusCode).toBe(200)
    const onTheWay = await seller(shop, 'POST', `/${order._id}/fulfillment-event`, {
      newEvent: 'out_for_delivery',
    })
    expect(onTheWay.statusCode).toBe(200)
    const shipment = (onTheWay.json() as OrderJson).fulfillments[0]!
    const shipmentCancelled = await seller(
      shop,
      'POST',
      `/${order._id}/fulfillment/${shipment._id}/cancel`,
      { reason: 'El cadete dice que el cliente es un moroso' },
    )
    expect(shipmentCancelled.statusCode).toBe(200)
    const items = (shipmentCancelled.json() as { items: Array<{ _id: string }> }).items
    const refunded = await seller(shop, 'POST', `/${order._id}/refund`, {
      items: [{ itemId: items[0]!._id, quantity: 1 }],
      restock: true,
    })
    expect(refunded.statusCode).toBe(200)
    const cancelled = await seller(shop, 'PUT', `/${order._id}`, {
      status: 'cancelled',
      reason: 'Cliente conflictivo, no venderle más',
    })
    expect(cancelled.statusCode).toBe(200)

    // The store keeps every word.
    const store = (await seller(shop, 'GET', `/${order._id}`)).json() as OrderJson
    const storeText = JSON.stringify(store)
    expect(storeText).toContain('moroso')
    expect(storeText).toContain('Repusimos el stock')
    expect(storeText).toContain('Cliente conflictivo')
    expect(store.timeline.map((e) => e.type)).toContain('OUT_FOR_DELIVERY')

    // The customer reads what happened, in Barrio's words only.
    const mine = await customerView(c, order._id)
    const text = JSON.stringify(mine)
    expect(text).not.toContain('moroso')
    expect(text).not.toContain('Repusimos el stock')
    expect(text).not.toContain('Cliente conflictivo')
    expect(text).not.toContain('Cancelled by admin')
    const types = mine.timeline.map((e) => e.type)
    expect(types).not.toContain('OUT_FOR_DELIVERY')
    expect(types).not.toContain('INTERNAL_NOTE_ADDED')
    expect(types).toEqual(
      expect.arrayContaining(['FULFILLMENT_CANCELLED', 'PAYMENT_REFUNDED', 'CANCELLED']),
    )
    expect(mine.timeline.find((e) => e.type === 'CANCELLED')?.note).toBeNull()
    expect(mine.timeline.find((e) => e.type === 'PAYMENT_REFUNDED')?.note).toMatch(
      /^Reembolso de .*El comercio devuelve el dinero por el medio de pago\.$/,
    )
    expect(mine.fulfillments[0]).toMatchObject({ status: 'cancelled', reason: null })
    expect(mine.fulfillments[0]!.events.map((e) => e.type)).toEqual(['FULFILLMENT_CANCELLED'])
  })

  test('the customer cancels before the store starts preparing: stock back, timeline, store told, live page', async () => {
    const shop = await shopForCheckout(app, { stock: 10 })
    const c = await customerWithAddress(app)
    await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_notifications',
      headers: shop.seller.headers,
      payload: {
        email: 'bajas-cliente@tienda.example',
        events: {
          order_placed: allNotices,
          order_cancelled: allNotices,
          payment_received: allNotices,
          low_stock: allNotices,
        },
        lowStockThreshold: 0,
      },
    })
    const order = await place(shop, c, 'pickup', 'cash')
    expect(order.customerActions).toEqual({ canCancel: true, canUploadReceipt: false })
    expect(await stockOf(shop)).toBe(8)

    // Somebody else's order is not found, and nothing changes.
    const stranger = await customerWithAddress(app)
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order._id}/cancel`,
      headers: stranger.headers,
      payload: {},
    })
    expect(foreign.statusCode).toBe(404)
    expect(await stockOf(shop)).toBe(8)

    let published = 0
    const unsubscribe = app.ordersService.subscribe(order._id, () => published++)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order._id}/cancel`,
      headers: c.headers,
      payload: { reason: 'Me equivoqué de sabor' },
    })
    unsubscribe()
    expect(res.statusCode).toBe(200)
    const after = res.json() as OrderJson
    expect(after).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'voided',
      customerActions: { canCancel: false },
    })
    expect(after.timeline.slice(-2)).toMatchObject([
      { type: 'CANCELLED', note: 'Cancelaste el pedido antes de que el comercio lo prepare.' },
      { type: 'NOTE_ADDED', note: 'Motivo: Me equivoqué de sabor' },
    ])
    expect(await stockOf(shop)).toBe(10)
    expect(published).toBeGreaterThan(0)
    const mail = await lastEmailTo(app, 'bajas-cliente@tienda.example')
    expect(mail?.subject).toBe(`Pedido #${order.number} cancelado por el cliente`)
    expect(mail?.text).toContain('Motivo: Me equivoqué de sabor')

    // Twice is a conflict, and the stock is not given back twice.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order._id}/cancel`,
      headers: c.headers,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'El pedido ya está cancelado.',
    })
    expect(await stockOf(shop)).toBe(10)
  })

  test('once the store started preparing, or the money came in, the customer cannot cancel', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const preparing = await place(shop, c, 'pickup', 'cash')
    expect((await seller(shop, 'POST', `/${preparing._id}/fulfill`)).statusCode).toBe(200)
    expect((await customerView(c, preparing._id)).customerActions.canCancel).toBe(false)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${preparing._id}/cancel`,
      headers: c.headers,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'El comercio ya empezó a preparar tu pedido. Escribile para cancelarlo.',
    )

    const paid = await place(shop, c, 'pickup', 'cash')
    expect((await seller(shop, 'POST', `/${paid._id}/mark-as-paid`)).statusCode).toBe(200)
    const refused = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${paid._id}/cancel`,
      headers: c.headers,
    })
    expect(refused.statusCode).toBe(409)
    expect((await customerView(c, paid._id)).status).toBe('open')
  })

  test('a transfer receipt (image or PDF, 5 MB at most) reaches the seller beside "Marcar como pagado"', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const order = await place(shop, c, 'pickup', 'bank_transfer')
    expect(order.customerActions).toEqual({ canCancel: true, canUploadReceipt: true })

    const notAFile = await upload(
      c,
      order._id,
      receiptBody('comprobante.txt', Buffer.from('hola'), 'text/plain'),
    )
    expect(notAFile.statusCode).toBe(400)
    expect(notAFile.json().message).toBe(
      '"comprobante.txt" no es una imagen (JPEG, PNG o WebP) ni un PDF.',
    )
    const tooBig = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)])
    const big = await upload(c, order._id, receiptBody('grande.pdf', tooBig, 'application/pdf'))
    expect(big.statusCode).toBe(422)
    expect(big.json().message).toBe('"grande.pdf" supera los 5 MB.')
    const stranger = await customerWithAddress(app)
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
    expect(
      (await upload(stranger, order._id, receiptBody('a.pdf', pdf, 'application/pdf'))).statusCode,
    ).toBe(404)

    const png = await upload(
      c,
      order._id,
      receiptBody('captura.png', await pngImage(), 'image/png'),
    )
    expect(png.statusCode).toBe(200)
    const first = (png.json() as OrderJson).transferReceipt!
    expect(first).toMatchObject({ fileName: 'captura.png', contentType: 'image/png' })
    const ok = await upload(c, order._id, receiptBody('transferencia.pdf', pdf, 'application/pdf'))
    expect(ok.statusCode).toBe(200)
    const receipt = (ok.json() as OrderJson).transferReceipt!
    expect(receipt).toMatchObject({ fileName: 'transferencia.pdf', contentType: 'application/pdf' })
    // Its link is the order's own route, never a public file.
    expect(receipt.url).toBe(`/api/v1/orders/${order._id}/transfer-receipt`)
    expect(JSON.stringify(ok.json())).not.toContain('"key"')
    const mine = await app.inject({ method: 'GET', url: receipt.url, headers: c.headers })
    expect(mine.statusCode).toBe(200)
    expect(mine.rawPayload.toString('latin1')).toBe(pdf.toString('latin1'))
    // The replaced receipt is gone.
    expect(await privateReceipts(order._id)).toHaveLength(1)

    // The seller sees it on the order, with "Marcar como pagado" still to do.
    const store = (await seller(shop, 'GET', `/${order._id}`)).json() as OrderJson & {
      actions: { canMarkAsPaid: boolean }
    }
    expect(store.transferReceipt).toEqual({
      ...receipt,
      url: `/api/v1/admin/orders/${order._id}/transfer-receipt`,
    })
    expect(store.actions.canMarkAsPaid).toBe(true)
    expect(store.timeline.at(-1)).toMatchObject({
      type: 'NOTE_ADDED',
      note: 'El cliente subió otro comprobante de la transferencia.',
    })

    // Once paid, no more receipts.
    expect((await seller(shop, 'POST', `/${order._id}/mark-as-paid`)).statusCode).toBe(200)
    const late = await upload(c, order._id, receiptBody('otra.pdf', pdf, 'application/pdf'))
    expect(late.statusCode).toBe(409)
    expect((await customerView(c, order._id)).customerActions.canUploadReceipt).toBe(false)
  })

  test('the receipt file reaches only the order’s customer and the store’s team, never a public URL', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const order = await place(shop, c, 'pickup', 'bank_transfer')
    const png = await pngImage()
    const sent = await upload(
      c,
      order._id,
      receiptBody('transferencia ñandú.png', png, 'image/png'),
    )
    expect(sent.statusCode).toBe(200)
    const customerUrl = `/api/v1/orders/${order._id}/transfer-receipt`
    const storeUrl = `/api/v1/admin/orders/${order._id}/transfer-receipt`

    // The customer, and every role of the store's team.
    const staff = await teamMember(
      app,
      { headers: shop.seller.headers, store: shop.seller.store },
      'staff',
    )
    const manager = await teamMember(
      app,
      { headers: shop.seller.headers, store: shop.seller.store },
      'manager',
    )
    const readers = [
      app.inject({ method: 'GET', url: customerUrl, headers: c.headers }),
      app.inject({ method: 'GET', url: storeUrl, headers: shop.seller.headers }),
      app.inject({ method: 'GET', url: storeUrl, headers: manager.headers }),
      app.inject({ method: 'GET', url: storeUrl, headers: staff.headers }),
    ]
    for (const res of await Promise.all(readers)) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('transferencia ñandú.png')}`,
      )
      expect(res.rawPayload.equals(png)).toBe(true)
    }

    // Nobody else: another customer, a visitor, another store, a customer on the store's route.
    const stranger = await customerWithAddress(app)
    const otherShop = await shopForCheckout(app)
    const refusals: Array<[Promise<{ statusCode: number; json: () => unknown }>, number, string]> =
      [
        [
          app.inject({ method: 'GET', url: customerUrl, headers: stranger.headers }),
          404,
          'NOT_FOUND',
        ],
        [app.inject({ method: 'GET', url: customerUrl }), 401, 'UNAUTHORIZED'],
        [
          app.inject({ method: 'GET', url: storeUrl, headers: otherShop.seller.headers }),
          404,
          'NOT_FOUND',
        ],
        [
          app.inject({
            method: 'GET',
            url: storeUrl,
            headers: { ...otherShop.seller.headers, 'x-store-id': shop.seller.store._id },
          }),
          403,
          'USER_NOT_OWNER',
        ],
        [app.inject({ method: 'GET', url: storeUrl, headers: c.headers }), 403, 'USER_NOT_ADMIN'],
        [app.inject({ method: 'GET', url: storeUrl }), 401, 'UNAUTHORIZED'],
      ]
    for (const [pending, status, code] of refusals) {
      const res = await pending
      expect(res.statusCode).toBe(status)
      expect(res.json()).toMatchObject({ code })
    }

    // Kept outside the public uploads folder, and that folder serves no receipts at all.
    const files = await privateReceipts(order._id)
    expect(files).toHaveLength(1)
    expect(existsSync(path.join(app.dataDir, 'uploads', 'receipts'))).toBe(false)
    const uploadsDir = path.join(app.dataDir, 'uploads', 'receipts', order._id)
    mkdirSync(uploadsDir, { recursive: true })
    writeFileSync(path.join(uploadsDir, files[0]!), png)
    const old = await app.inject({
      method: 'GET',
      url: `/uploads/receipts/${order._id}/${files[0]}`,
    })
    expect(old.statusCode).toBe(404)
  })

  test('an order without a receipt answers 404 on both routes', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const order = await place(shop, c, 'pickup', 'bank_transfer')
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}/transfer-receipt`,
      headers: c.headers,
    })
    expect(mine.statusCode).toBe(404)
    expect(mine.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Este pedido no tiene comprobante de transferencia.',
    })
    const store = await seller(shop, 'GET', `/${order._id}/transfer-receipt`)
    expect(store.statusCode).toBe(404)
  })

  test('a cash order takes no receipt', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const order = await place(shop, c, 'pickup', 'cash')
    const res = await upload(c, order._id, receiptBody('a.png', await pngImage(), 'image/png'))
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Este pedido no se paga por transferencia.')
  })
})
