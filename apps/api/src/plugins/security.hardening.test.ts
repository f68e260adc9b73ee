import { NATIVE_SHELL_ORIGINS } from '@barrio/contracts/native-shell'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'

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
