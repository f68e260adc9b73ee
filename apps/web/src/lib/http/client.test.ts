import { REQUEST_RETRY } from '@barrio/contracts/constants'
import { describe, expect, test, vi } from 'vitest'

import { ApiError } from '@/lib/http/api-error'
import { createHttpClient, validateStatus } from '@/lib/http/client'
import type { RequestContext } from '@/lib/http/request-headers'
import { createRetryConfig } from '@/lib/http/retry'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'

const customerContext: RequestContext = {
  deviceId: 'dev-1',
  deviceToken: null,
  platform: 'web',
  appType: 'customer',
  selectedStoreId: null,
  cartId: null,
  selectedAddressId: null,
}

function clientAnswering(
  replies: FakeReply[] | ((n: number) => FakeReply),
  context: Partial<RequestContext> = {},
) {
  let n = 0
  const adapter = createFakeAdapter(() => {
    const reply =
      typeof replies === 'function'
        ? replies(n)
        : (replies[Math.min(n, replies.length - 1)] as FakeReply)
    n += 1
    return reply
  })
  const onAuthForbidden = vi.fn()
  const client = createHttpClient({
    baseURL: '/api/v1',
    getContext: () => ({ ...customerContext, ...context }),
    onAuthForbidden,
    adapter,
  })
  return { client, adapter, onAuthForbidden }
}

/** Runs a request to completion under fake timers (the backoff waits on setTimeout). */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  await vi.runAllTimersAsync()
  return outcome
}

const serverError = (status: number): FakeReply => ({
  status,
  data: { statusCode: status, code: 'INTERNAL_SERVER_ERROR', message: 'Falló el servidor' },
})

describe('retry rules (spec section 9)', () => {
  test('the retry config is exactly the spec constants', () => {
    const config = createRetryConfig()
    expect(config.retry).toBe(3)
    expect(config.retryDelay).toBe(100)
    expect(config.backoffType).toBe('exponential')
    expect(config.httpMethodsToRetry).toEqual(['GET', 'HEAD', 'PUT', 'OPTIONS', 'DELETE'])
    expect(config.statusCodesToRetry).toEqual([
      [100, 199],
      [429, 429],
      [500, 599],
    ])
    expect(config.maxRetryAfter).toBe(300_000)
    expect(REQUEST_RETRY.noResponseRetries).toBe(2)
  })

  test('a GET that keeps failing with 503 is sent 1 + 3 times with exponential backoff (base 100 ms)', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([serverError(503)])
    const { error } = await settle(client.get('/stores'))
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).statusCode).toBe(503)
    expect(adapter.calls).toHaveLength(4)
    const gaps = adapter.calls.slice(1).map((call, i) => call.at - (adapter.calls[i]?.at ?? 0))
    expect(gaps).toEqual([50, 150, 350])
  })

  test('a GET that recovers on the second attempt resolves', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([
      serverError(500),
      { status: 200, data: { ok: true } },
    ])
    const { value } = await settle(client.get('/stores'))
    expect(value?.data).toEqual({ ok: true })
    expect(adapter.calls).toHaveLength(2)
  })

  test.each(['head', 'put', 'options', 'delete'] as const)(
    '%s is retried on a 5xx',
    async (method) => {
      vi.useFakeTimers()
      const { client, adapter } = clientAnswering([serverError(502)])
      await settle(client.request({ method, url: '/x' }))
      expect(adapter.calls).toHaveLength(4)
    },
  )

  test.each(['post', 'patch'] as const)('%s is never retried', async (method) => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([serverError(503)])
    const { error } = await settle(client.request({ method, url: '/x', data: {} }))
    expect((error as ApiError).statusCode).toBe(503)
    expect(adapter.calls).toHaveLength(1)
  })

  test('429 is retried', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([
      { status: 429, data: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Esperá' } },
    ])
    await settle(client.get('/x'))
    expect(adapter.calls).toHaveLength(4)
  })

  test.each([400, 401, 404, 409, 422])('a %s is not retried', async (status) => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([
      { status, data: { statusCode: status, code: 'INVALID', message: 'No' } },
    ])
    const { error } = await settle(client.get('/x'))
    expect((error as ApiError).statusCode).toBe(status)
    expect(adapter.calls).toHaveLength(1)
  })

  test('a Retry-After within 300000 ms is honoured as the delay', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([
      { status: 503, headers: { 'retry-after': '2' } },
      { status: 200, data: 'ok' },
    ])
    await settle(client.get('/x'))
    expect(adapter.calls).toHaveLength(2)
    expect((adapter.calls[1]?.at ?? 0) - (adapter.calls[0]?.at ?? 0)).toBe(2000)
  })

  test('a Retry-After beyond 300000 ms stops the retries', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([
      { status: 503, headers: { 'retry-after': '301' } },
    ])
    await settle(client.get('/x'))
    expect(adapter.calls).toHaveLength(1)
  })

  test('without a response a GET is retried only twice', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([{ networkError: true }])
    const { error } = await settle(client.get('/x'))
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).statusCode).toBe(0)
    expect(adapter.calls).toHaveLength(3)
  })

  test('without a response a POST is not retried', async () => {
    vi.useFakeTimers()
    const { client, adapter } = clientAnswering([{ networkError: true }])
    await settle(client.post('/x', {}))
    expect(adapter.calls).toHaveLength(1)
  })
})

describe('statuses and errors', () => {
  test('400-599 are errors, 2xx and 3xx are not', () => {
    expect(validateStatus(200)).toBe(true)
    expect(validateStatus(204)).toBe(true)
    expect(validateStatus(304)).toBe(true)
    expect(validateStatus(400)).toBe(false)
    expect(validateStatus(404)).toBe(false)
    expect(validateStatus(599)).toBe(false)
  })

  test('an error body becomes an ApiError with statusCode, code, message and field errors', async () => {
    const { client } = clientAnswering([
      {
        status: 422,
        data: {
          statusCode: 422,
          code: 'UNPROCESSABLE_ENTITY',
          message: 'Revisá los datos',
          errors: [{ name: 'email', message: 'El correo no es válido' }],
        },
      },
    ])
    const error = await client.post('/auth/register', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'UNPROCESSABLE_ENTITY',
      message: 'Revisá los datos',
      errors: [{ name: 'email', message: 'El correo no es válido' }],
    })
  })

  test('a body that is not the error shape still gives a Spanish message for its status', async () => {
    const { client } = clientAnswering([{ status: 404, data: '<html>Not found</html>' }])
    const error = await client.get('/x').catch((e: unknown) => e)
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No encontramos lo que buscás.',
    })
  })
})

describe('request basics', () => {
  test('requests go to the base URL with credentials', async () => {
    const { client, adapter } = clientAnswering([{ status: 200, data: {} }])
    await client.get('/auth/session')
    expect(client.defaults.baseURL).toBe('/api/v1')
    expect(client.defaults.withCredentials).toBe(true)
    expect(adapter.calls[0]?.url).toBe('/auth/session')
  })
})
