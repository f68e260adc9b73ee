import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NATIVE_SHELL_ORIGINS } from '@barrio/contracts/native-shell'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { apiSecurityHeaders, tileOrigins } from './security.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({
    PUBLIC_URL: 'https://barrio.example',
    WEB_ORIGINS: 'https://tienda.barrio.example',
  })
})
afterAll(async () => {
  await app.close()
})

const preflight = (origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/v1/health',
    headers: { origin, 'access-control-request-method': 'POST' },
  })

describe('CORS trusts exactly the web origin, WEB_ORIGINS and the native shell', () => {
  test.each([
    'http://localhost',
    'http://localhost:3000',
    'http://127.0.0.1',
    'https://evil.example',
  ])(
    'Origin %s (not PUBLIC_URL, not the native shell) gets no CORS allow headers',
    async (origin) => {
      const res = await preflight(origin)
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      expect(res.headers['access-control-allow-credentials']).toBeUndefined()
      const get = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin } })
      expect(get.headers['access-control-allow-origin']).toBeUndefined()
    },
  )

  test('the native shell origins (iOS capacitor://localhost, Android https://localhost) are allowed with credentials', async () => {
    expect(NATIVE_SHELL_ORIGINS).toEqual(['capacitor://localhost', 'https://localhost'])
    for (const origin of NATIVE_SHELL_ORIGINS) {
      const res = await preflight(origin)
      expect(res.headers['access-control-allow-origin']).toBe(origin)
      expect(res.headers['access-control-allow-credentials']).toBe('true')
    }
  })

  test('PUBLIC_URL’s origin and WEB_ORIGINS are allowed', async () => {
    for (const origin of ['https://barrio.example', 'https://tienda.barrio.example']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin)
    }
  })

  test('the native shell may send the device token header', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cart',
      headers: {
        origin: 'capacitor://localhost',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-device-id,x-device-token',
      },
    })
    expect(res.headers['access-control-allow-headers']).toContain('x-device-token')
  })
})

/** The CSP header as a map of directive → sources. */
const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  )

describe('security headers', () => {
  test('every API answer forbids loading, framing and sniffing with the short JSON set', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      const csp = directives(res.headers['content-security-policy'] as string)
      expect(csp.get('default-src')).toEqual(["'none'"])
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      // The document policies are not repeated on JSON.
      expect(res.headers['permissions-policy']).toBeUndefined()
    }
  })

  test('every page answer sets referrer and permissions policies and a strict CSP', async () => {
    for (const url of ['/no-such-page', '/api/docs']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['permissions-policy']).toContain('camera=()')
      const csp = directives(res.headers['content-security-policy'] as string)
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
    }
  })

  test('the permissions policy names only features browsers recognise (issue 30)', async () => {
    // Chromium's Permissions-Policy features among those a shop page could switch off (checked
    // against Chromium 156, which logs "Unrecognized feature" for anything else, e.g. bluetooth).
    const recognised = new Set([
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'serial',
      'hid',
      'browsing-topics',
      'fullscreen',
      'display-capture',
      'gyroscope',
      'accelerometer',
      'magnetometer',
    ])
    const res = await app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { accept: 'text/html' },
    })
    const features = String(res.headers['permissions-policy'])
      .split(',')
      .map((entry) => entry.trim().split('=')[0])
    expect(features).toContain('geolocation')
    expect(features.filter((feature) => !recognised.has(feature!))).toEqual([])
  })

  test('HTTPS deployments send HSTS on API answers too', () => {
    expect(apiSecurityHeaders({ 'strict-transport-security': 'max-age=1' })).toMatchObject({
      'strict-transport-security': 'max-age=1',
    })
    expect(apiSecurityHeaders({})['strict-transport-security']).toBeUndefined()
  })
})

describe('the CSP of the built app', () => {
  let web: TestApp
  const inline = "console.log('modo noche')"
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'barrio-dist-'))
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
    )
    web = await buildTestApp(
      {
        PUBLIC_URL: 'https://barrio.example',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.barrio.example/media',
      },
      { webDist },
    )
  })
  afterAll(async () => {
    await web.close()
  })

  test('index.html’s inline script is allowed by its hash and no other inline script is', async () => {
    const res = await web.inject({
      method: 'GET',
      url: '/shops/algo',
      headers: { accept: 'text/html' },
    })
    expect(res.statusCode).toBe(200)
    const csp = directives(res.headers['content-security-policy'] as string)
    const hash = createHash('sha256').update(inline).digest('base64')
    expect(csp.get('script-src')).toContain(`'sha256-${hash}'`)
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  test("the pin map's tiles may load: OpenStreetMap by default, a {s} template as a wildcard", async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const img = directives(res.headers['content-security-policy'] as string).get('img-src')
    expect(img).toContain('https://tile.openstreetmap.org')
    expect(tileOrigins('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toEqual([
      'https://*.tiles.example.com',
    ])
    expect(tileOrigins('not a url')).toEqual([])
  })

  test('images may come from the S3 public URL, data: and blob:', async () => {
    const res = await web.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const img = directives(res.headers['content-security-policy'] as string).get('img-src')
    expect(img).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://cdn.barrio.example']),
    )
  })
})
