import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'

/** What the fake server answers: a status (with body and headers) or no answer at all. */
export type FakeReply =
  { status: number; data?: unknown; headers?: Record<string, string> } | { networkError: true }

export type FakeCall = {
  method: string
  url: string
  headers: Record<string, string>
  data: unknown
  /** The query parameters axios was given (`params`), if any. */
  params?: unknown
  /** Date.now() when the request reached the network (fake timers make this exact). */
  at: number
}

export type FakeAdapter = AxiosAdapter & { calls: FakeCall[] }

/**
 * A stand-in for the network layer: the real axios instance (interceptors, retry, validateStatus)
 * runs unchanged and only the transport is replaced. Like axios' own adapters it applies
 * `validateStatus` and rejects with an AxiosError.
 */
export function createFakeAdapter(
  handler: (request: {
    method: string
    url: string
    data: unknown
    config: InternalAxiosRequestConfig
  }) => FakeReply | Promise<FakeReply>,
): FakeAdapter {
  const calls: FakeCall[] = []
  const adapter = (async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase()
    const url = config.url ?? ''
    const data: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      headers[name.toLowerCase()] = String(value)
    }
    calls.push({ method, url, headers, data, params: config.params as unknown, at: Date.now() })
    const reply = await handler({ method, url, data, config })
    if ('networkError' in reply) {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {})
    }
    const response: AxiosResponse = {
      data: reply.data ?? '',
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    }
    if (!config.validateStatus || config.validateStatus(reply.status)) return response
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    )
  }) as FakeAdapter
  adapter.calls = calls
  return adapter
}

/** Answers by "METHOD /path"; anything else is a 404 in the server's error shape. */
export function routeAdapter(routes: Record<string, FakeReply | (() => FakeReply)>): FakeAdapter {
  return createFakeAdapter(({ method, url }) => {
    const route = routes[`${method} ${url.split('?')[0]}`]
    if (route) return typeof route === 'function' ? route() : route
    return {
      status: 404,
      data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
    }
  })
}
