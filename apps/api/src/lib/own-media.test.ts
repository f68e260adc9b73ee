import { describe, expect, test } from 'vitest'
import { imageUrlInputSchema, isImageUrlShape } from '@barrio/contracts/common'
import { slugify } from '@barrio/contracts/slug'
import { DEMO_SHOPS } from '../seed/demo-catalogue.ts'
import { assertOwnImages, ownMediaUrlCheck } from './own-media.ts'

const local = ownMediaUrlCheck({ publicUrl: 'https://barrio.example', s3PublicUrl: null })
const s3 = ownMediaUrlCheck({
  publicUrl: 'https://barrio.example',
  s3PublicUrl: 'https://cdn.barrio.example/media',
})

describe('image URLs a seller saves are files of our own storage', () => {
  test.each([
    '/uploads/stores/0b7c/1f2e-1200.webp',
    '/uploads/seed/almacen-logo-3fa2c1.webp',
    'https://barrio.example/uploads/products/ab/cd-400.webp',
  ])('local storage takes %s', (url) => {
    expect(isImageUrlShape(url)).toBe(true)
    expect(local(url)).toBe(true)
  })

  test('with S3, the bucket public URL is ours too, and other hosts are not', () => {
    expect(s3('https://cdn.barrio.example/media/stores/a/b-1200.webp')).toBe(true)
    expect(s3('/uploads/seed/x.webp')).toBe(true)
    expect(s3('https://cdn.barrio.example/other/a.webp')).toBe(false)
    expect(local('https://cdn.barrio.example/media/stores/a/b-1200.webp')).toBe(false)
  })

  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '//evil.example/uploads/a.webp',
    'https://evil.example/uploads/a.webp',
    'https://barrio.example.evil.example/uploads/a.webp',
    'https://user:pw@barrio.example/uploads/a.webp',
    'https://barrio.example/uploads/a.webp?x=1',
    'https://barrio.example/uploads/../api/v1/x',
    '/uploads/../../etc/passwd',
    '/uploads/a//b.webp',
    '/uploads/',
    '/uploads/a b.webp',
    '/uploads/a.webp" onerror="alert(1)',
    'uploads/a.webp',
    '/api/v1/auth/logout',
  ])('refuses %j', (url) => {
    expect(local(url)).toBe(false)
    expect(s3(url)).toBe(false)
  })

  test('the contract refuses a non-http scheme, blank removes the image', () => {
    expect(imageUrlInputSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      'Usá una imagen subida a Barrio',
    )
    expect(imageUrlInputSchema.parse('  ')).toBeNull()
    expect(imageUrlInputSchema.parse(null)).toBeNull()
    expect(imageUrlInputSchema.parse(undefined)).toBeUndefined()
  })

  test('a foreign URL is a 400 INVALID naming each field', () => {
    expect(() =>
      assertOwnImages(local, {
        logoUrl: '/uploads/stores/a/b.webp',
        coverUrl: 'https://evil.example/a.webp',
        imageUrl: null,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID',
        errors: [{ name: 'coverUrl', message: 'Usá una imagen subida a Barrio' }],
      }),
    )
  })
})

test('the demo seed images (logo, cover, product and collection photos) are own files', () => {
  // demo-seed.ts names them /uploads/seed/<stem>-<10 hex digits>.webp.
  const urls = DEMO_SHOPS.flatMap((shop) => [
    `/uploads/seed/logo-${shop.handle}-0123456789.webp`,
    `/uploads/seed/cover-${shop.handle}-0123456789.webp`,
    ...shop.products.map(
      (p) => `/uploads/seed/p-${shop.handle}-${slugify(p.title)}-0123456789.webp`,
    ),
  ])
  expect(urls.length).toBeGreaterThan(20)
  expect(urls.filter((url) => !imageUrlInputSchema.safeParse(url).success || !local(url))).toEqual(
    [],
  )
})
