import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeS3 } from '../../../test/fake-s3.ts'
import { productInput, signedInSeller } from '../../../test/factories.ts'
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
