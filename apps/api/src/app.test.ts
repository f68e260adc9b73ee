import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { AppError } from './lib/errors.ts'

let app: TestApp

/** A throwaway route module to exercise validation and the error handler end to end. */
const probeRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/probe',
    { schema: { body: z.object({ email: z.email(), quantity: z.number().int().min(1) }) } },
    async (request) => ({ ok: true, email: request.body.email }),
  )
  api.get(
    '/probe/near',
    { schema: { querystring: z.object({ lat: z.coerce.number(), lng: z.coerce.number() }) } },
    async (request) => request.query,
  )
  api.get('/probe/conflict', async () => {
    throw new AppError('CONFLICT', 'La última unidad ya se vendió')
  })
  api.get('/probe/crash', async () => {
    throw new Error('secret internals at /srv/db.ts:42')
  })
  // The context is a class whose device data is read on first use: spread it and read that too.
  api.get('/probe/context', async (request) => ({
    ...request.ctx,
    deviceInfo: request.ctx.deviceInfo,
  }))
}

beforeAll(async () => {
  app = await buildTestApp()
  await app.register(probeRoutes, { prefix: '/api/v1' })
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

describe('health', () => {
  test('reports the database as up after a real round trip', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' })
    expect(res.json().driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
    expect(res.headers['x-request-id']).toEqual(expect.any(String))
  })

  test('echoes a caller-provided request id so logs can be correlated', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(res.headers['x-request-id']).toBe('abc-123')
  })
})

describe('errors', () => {
  test('unknown API routes answer 404 JSON with NOT_FOUND', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
  })

  test('a validation failure is a 400 INVALID with a Spanish message per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      payload: { email: 'nope', quantity: 0 },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('INVALID')
    expect(body.errors.map((e: { name: string }) => e.name).sort()).toEqual(['email', 'quantity'])
    expect(body.message).toMatch(/Revisá los datos/)
  })

  test('a missing field is MISSING_REQUIRED_FIELD naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/probe/near?lat=-34.6' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
      errors: [{ name: 'lng', message: 'Este campo es obligatorio' }],
    })
  })

  test('malformed JSON is a 400 with a code, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'El cuerpo de la solicitud no es un JSON válido.',
    })
  })

  test('an AppError answers with its catalogue status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/probe/conflict' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'La última unidad ya se vendió',
    })
  })

  test('an unexpected error is a 500 that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/probe/crash' })
    expect(res.statusCode).toBe(500)
    expect(res.json().code).toBe('INTERNAL_SERVER_ERROR')
    expect(res.body).not.toContain('secret')
    expect(res.body).not.toContain('stack')
  })
})

describe('request context', () => {
  test('reads the spec headers, ignoring malformed ids', async () => {
    const deviceId = '6f1c2f7e-3a3b-4c1e-9f1e-0a1b2c3d4e5f'
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/probe/context',
      headers: {
        'x-device-id': deviceId,
        'x-platform': 'android',
        'x-store-id': 'not-a-uuid',
        'accept-language': 'es-AR,es;q=0.9',
        'user-agent': 'BarrioTest/1.0',
      },
    })
    expect(res.json()).toEqual({
      deviceId,
      deviceTrusted: false,
      platform: 'android',
      userAgent: 'BarrioTest/1.0',
      language: 'es-AR',
      storeId: null,
      cartId: null,
      addressId: null,
      deviceInfo: {},
    })
  })

  test('decodes the native app’s x-device-* headers and drops malformed ones', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/probe/context',
      headers: {
        'x-device-model': 'SM-A546E',
        'x-device-manufacturer': 'samsung',
        'x-device-name': '%E2%80%8BGalaxy%20de%20Juan',
        'x-device-os-version': '%E0%A4%A', // not valid percent-encoding
        'x-device-virtual': 'true',
      },
    })
    expect(res.json().deviceInfo).toEqual({
      model: 'SM-A546E',
      manufacturer: 'samsung',
      name: '\u200bGalaxy de Juan',
      isVirtual: true,
    })
  })

  test('CORS allows credentials from the Capacitor origin and refuses strangers', async () => {
    const ok = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'GET' },
    })
    expect(ok.headers['access-control-allow-origin']).toBe('capacitor://localhost')
    expect(ok.headers['access-control-allow-credentials']).toBe('true')
    const bad = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(bad.headers['access-control-allow-origin']).toBeUndefined()
  })
})

test('OpenAPI is served at /api/docs', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  expect(res.json().paths).toHaveProperty('/api/v1/health')
})
