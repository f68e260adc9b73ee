import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

let app: TestApp
const bundle = `console.log(${JSON.stringify('barrio '.repeat(400))})`
const indexHtml = `<!doctype html><html lang="es-AR"><body>${'<p>Barrio</p>'.repeat(200)}</body></html>`

beforeAll(async () => {
  // A built web app as `npm run build` leaves it: every text asset with .br and .gz beside it.
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'barrio-dist-'))
  mkdirSync(path.join(webDist, 'assets'))
  for (const [name, content] of [
    ['index.html', indexHtml],
    ['assets/app-abc123.js', bundle],
  ] as const) {
    writeFileSync(path.join(webDist, name), content)
    writeFileSync(path.join(webDist, `${name}.br`), brotliCompressSync(content))
    writeFileSync(path.join(webDist, `${name}.gz`), gzipSync(content))
  }
  app = await buildTestApp({}, { webDist })
})
afterAll(async () => {
  await app.close()
})

describe('everything text is served compressed', () => {
  test('hashed bundles are served from their Brotli copy, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundle)
  })

  test('a client without Brotli gets gzip; one that accepts nothing gets the plain file', async () => {
    const gz = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle)
    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(bundle)
  })

  test('the app page (any route) is compressed and always revalidated', async () => {
    const res = await app.inject({
      url: '/shops/tostadero',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(indexHtml)
  })

  test('API answers above 1 KB are compressed; small ones are not', async () => {
    const big = await app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    })
    expect(big.statusCode).toBe(200)
    expect(big.headers['content-encoding']).toBe('br')
    const decoded = JSON.parse(brotliDecompressSync(big.rawPayload).toString())
    expect(decoded.paths['/api/v1/health']).toBeDefined()
    const small = await app.inject({
      url: '/api/v1/health',
      headers: { 'accept-encoding': 'br' },
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toMatchObject({ status: 'ok' })
  })
})
