import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createShops } from '../../../test/factories.ts'
import { stores } from '../../db/schema/stores.ts'
import { withFirstPage } from './first-page.ts'

let app: TestApp
const marker = '<!--barrio:first-page-->'
// Above the 1 KB compression threshold, as the real page is.
const indexHtml = `<!doctype html><html><head><title>Barrio</title>${marker}</head><body>${'<p>Barrio</p>'.repeat(100)}</body></html>`
const cover = '/uploads/cover-tostadero.webp'

/** The JSON data block and the image preload a page's HTML carries, if any. */
function firstPageOf(html: string) {
  const data =
    /<script type="application\/json" id="barrio-first-page" data-path="([^"]*)">([\s\S]*?)<\/script>/.exec(
      html,
    )
  const preload = /<link rel="preload" as="image"[^>]*href="([^"]*)"/.exec(html)
  return {
    path: data?.[1] ?? null,
    data: data ? (JSON.parse(data[2]!) as unknown) : null,
    image: preload?.[1] ?? null,
  }
}

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'barrio-dist-'))
  writeFileSync(path.join(webDist, 'index.html'), indexHtml)
  app = await buildTestApp({}, { webDist })
  await createShops(app, [
    {
      handle: 'tostadero',
      lat: -34.5885,
      lng: -58.4305,
      products: [{ title: 'Café <b>en grano</b>', handle: 'cafe' }],
    },
  ])
  await app.db.update(stores).set({ coverUrl: cover }).where(eq(stores.handle, 'tostadero'))
})
afterAll(async () => {
  await app.close()
})

describe('a catalogue page answers its own data with the HTML (issue 10, LCP)', () => {
  test('a shop’s page carries exactly the API’s answer for the shop and preloads its cover', async () => {
    const res = await page('/shops/tostadero')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    const api = await app.inject({ method: 'GET', url: '/api/v1/stores/tostadero' })
    expect(firstPageOf(res.body)).toEqual({
      path: '/shops/tostadero',
      data: api.json(),
      image: cover,
    })
  })

  test('the page with its data arrives compressed, as index.html does', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/shops/tostadero',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    })
    expect(res.headers['content-encoding']).toBe('br')
    expect(firstPageOf(brotliDecompressSync(res.rawPayload).toString()).image).toBe(cover)
  })

  test('the page revalidates with its ETag: 304 while the shop is unchanged, 200 after a change', async () => {
    const first = await page('/shops/tostadero')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await app.inject({
      method: 'GET',
      url: '/shops/tostadero',
      headers: { accept: 'text/html', 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await app.db
      .update(stores)
      .set({ coverUrl: '/uploads/otra.webp' })
      .where(eq(stores.handle, 'tostadero'))
    try {
      const changed = await app.inject({
        method: 'GET',
        url: '/shops/tostadero',
        headers: { accept: 'text/html', 'if-none-match': etag },
      })
      expect(changed.statusCode).toBe(200)
      expect(firstPageOf(changed.body).image).toBe('/uploads/otra.webp')
    } finally {
      await app.db.update(stores).set({ coverUrl: cover }).where(eq(stores.handle, 'tostadero'))
    }
  })

  test('a product’s page carries the API’s answer for the product, with the shop’s handle', async () => {
    const res = await page('/shops/tostadero/products/cafe')
    const api = await app.inject({ method: 'GET', url: '/api/v1/products/cafe?shopId=tostadero' })
    expect(api.statusCode).toBe(200)
    const first = firstPageOf(res.body)
    expect(first.data).toEqual(api.json())
    expect(first.path).toBe('/shops/tostadero/products/cafe')
    // The factory's product has no photo: nothing to preload.
    expect(first.image).toBeNull()
  })

  test('the product’s text cannot close the data block: < is written as \\u003c', async () => {
    const res = await page('/shops/tostadero/products/cafe')
    expect(res.body).not.toContain('<b>en grano')
    expect(res.body).toContain('\\u003cb>en grano')
  })

  test('an unknown shop or product, or any other page, gets index.html as it is', async () => {
    for (const url of ['/shops/no-existe', '/shops/tostadero/products/no-existe', '/orders']) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(indexHtml)
    }
  })
})

test('the image preload carries the gallery’s srcset and sizes when the photo has a thumbnail', () => {
  const html = withFirstPage(indexHtml, marker, {
    path: '/shops/a/products/b',
    json: '{}',
    image: {
      href: '/uploads/p.webp',
      srcset: '/uploads/p-400.webp 400w, /uploads/p.webp 1200w',
      sizes: '92vw',
    },
  })
  expect(html).toContain(
    '<link rel="preload" as="image" fetchpriority="high" href="/uploads/p.webp" imagesrcset="/uploads/p-400.webp 400w, /uploads/p.webp 1200w" imagesizes="92vw">',
  )
  expect(html).not.toContain(marker)
})
