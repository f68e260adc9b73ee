import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeS3 } from '../../../test/fake-s3.ts'
import {
  confirmOrder,
  customerWithAddress,
  productInput,
  shopForCheckout,
  signedInSeller,
} from '../../../test/factories.ts'
import { multipart, pngImage } from '../../../test/images.ts'

let app: TestApp
let s3: Awaited<ReturnType<typeof startFakeS3>>
beforeAll(async () => {
  s3 = await startFakeS3('barrio-media')
  app = await buildTestApp({
    S3_BUCKET: 'barrio-media',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_PUBLIC_URL: 'https://cdn.barrio.example/media/',
  })
})
afterAll(async () => {
  await app.close()
  await s3.close()
})

test('with S3_* configured, media go to the bucket, signed, with long cache headers, and are deleted there', async () => {
  const s = await signedInSeller(app)
  const product = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: s.headers,
      payload: productInput(),
    })
  ).json()
  const body = multipart([{ filename: 'foto.png', data: await pngImage(800, 600) }])
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${product._id}/media`,
    headers: { ...s.headers, ...body.headers },
    payload: body.payload,
  })
  expect(res.statusCode).toBe(200)
  const [media] = res.json().media
  expect(media.url).toMatch(
    new RegExp(`^https://cdn\\.barrio\\.example/media/products/${product._id}/.+\\.webp$`),
  )
  const key = media.url.replace('https://cdn.barrio.example/media/', '')
  const stored = s3.objects.get(key)
  expect(stored).toMatchObject({
    contentType: 'image/webp',
    cacheControl: 'public, max-age=31536000, immutable',
  })
  expect(stored!.authorization).toContain('Credential=test-key/')
  expect(stored!.body.subarray(8, 12).toString('ascii')).toBe('WEBP')
  expect(s3.objects.size).toBe(2)
  await app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/products/${product._id}/media/${media.mediaId}`,
    headers: s.headers,
  })
  expect(s3.objects.size).toBe(0)
})

test('with S3_* configured, transfer receipts go under private/ and are read back only through the API', async () => {
  const shop = await shopForCheckout(app)
  const c = await customerWithAddress(app)
  const { response } = await confirmOrder(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
    deliveryType: 'pickup',
    paymentMethod: 'bank_transfer',
  })
  expect(response.statusCode).toBe(200)
  const orderId = (response.json() as { order: { _id: string } }).order._id
  const send = async (filename: string, data: Buffer) => {
    const boundary = '----barrio-s3-receipt'
    return app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/transfer-receipt`,
      headers: { ...c.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
  }
  const before = new Set(s3.objects.keys())
  const receiptKeys = () =>
    [...s3.objects.keys()].filter((k) => !before.has(k) && k.includes('receipts/'))
  expect((await send('primero.png', await pngImage())).statusCode).toBe(200)
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n')
  expect((await send('segundo.pdf', pdf)).statusCode).toBe(200)
  // One object, the last one, under the private prefix, never cached by anyone on the way.
  const keys = receiptKeys()
  expect(keys).toEqual([
    expect.stringMatching(new RegExp(`^private/receipts/${orderId}/.+\\.pdf$`)),
  ])
  expect(s3.objects.get(keys[0]!)).toMatchObject({ cacheControl: 'private, no-store' })

  const mine = await app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/transfer-receipt`,
    headers: c.headers,
  })
  expect(mine.statusCode).toBe(200)
  expect(mine.headers['content-type']).toBe('application/pdf')
  expect(mine.rawPayload.equals(pdf)).toBe(true)
  const store = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}/transfer-receipt`,
    headers: shop.seller.headers,
  })
  expect(store.statusCode).toBe(200)
  expect(store.rawPayload.equals(pdf)).toBe(true)

  // The object gone from the bucket: the order has no receipt to give (404, not a 500).
  s3.objects.delete(keys[0]!)
  const gone = await app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/transfer-receipt`,
    headers: c.headers,
  })
  expect(gone.statusCode).toBe(404)
  expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' })
})
