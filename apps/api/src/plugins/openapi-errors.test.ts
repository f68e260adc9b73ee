import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { signedInCustomer } from '../../test/factories.ts'

/**
 * /api/docs lists every error a route can answer (docs/decisions/015-api-style.md). This walks the
 * generated OpenAPI document and the route table, and probes each route as a stranger: an error
 * status a route can give must be in its documented responses.
 */

type Operation = {
  parameters?: Array<{ in: string; name: string }>
  requestBody?: unknown
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}
type OpenApi = { paths: Record<string, Record<string, Operation>> }

let app: TestApp
let doc: OpenApi
let customerCookie: string

beforeAll(async () => {
  app = await buildTestApp()
  await app.ready()
  doc = app.swagger() as unknown as OpenApi
  customerCookie = (await signedInCustomer(app)).cookie
})
afterAll(async () => {
  await app?.close()
})

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
const NO_DOC_PREFIXES = ['/api/docs']

/** The JSON routes of the API: /api/v1 except the OAuth redirects (they answer 302 only). */
function apiRoutes() {
  const seen = new Set<string>()
  return app.routeTable.filter((r) => {
    if (!r.url.startsWith('/api/v1/') || ['HEAD', 'OPTIONS'].includes(r.method)) return false
    if (NO_DOC_PREFIXES.some((p) => r.url.startsWith(p))) return false
    if (/^\/api\/v1\/auth\/(google|apple)\//.test(r.url)) return false
    const key = `${r.method} ${r.url}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function operationOf(method: string, url: string): Operation {
  // Fastify records a prefix's root route as '/x'; the document spells it '/x/'.
  const path = toOpenApiPath(url)
  const operation = (doc.paths[path] ?? doc.paths[`${path}/`])?.[method.toLowerCase()]
  if (!operation) throw new Error(`${method} ${url} is missing from the OpenAPI document`)
  return operation
}

/**
 * Deletes that answer 204 whether or not the thing was there: the app removes its push token on
 * sign-out, when the server may already have dropped it (decision 026).
 */
const IDEMPOTENT_DELETES = new Set(['DELETE /api/v1/push/devices/:deviceToken'])

/** Readiness answers its report (which dependencies answer) with 503, not the error body. */
const HEALTH_REPORTS = new Set(['/api/v1/health', '/api/v1/health/ready'])

const declared = (op: Operation) => new Set(Object.keys(op.responses ?? {}))

describe('every route declares its error responses', () => {
  test('inputs 400, sessions 401, sellers 403, ids 404; each with the error body', () => {
    const routes = apiRoutes()
    // An empty or truncated table would make this test pass vacuously.
    expect(routes.length).toBeGreaterThan(90)
    const problems: string[] = []
    for (const { method, url } of routes) {
      const op = operationOf(method, url)
      const codes = declared(op)
      const need = (status: number, why: string) => {
        if (!codes.has(String(status))) problems.push(`${method} ${url}: no ${status} (${why})`)
      }
      const inputs = (op.parameters ?? []).filter((p) => p.in !== 'header')
      if (inputs.length > 0 || op.requestBody) need(400, 'it reads params, query or body')
      if (url.startsWith('/api/v1/admin/')) {
        need(401, 'seller routes need a session')
        need(403, 'seller routes refuse customers')
      }
      if (url.includes('/:') && !IDEMPOTENT_DELETES.has(`${method} ${url}`))
        need(404, 'it names a resource by id')
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        // The health checks answer their own report with 503 when the database is down.
        if (Number(status) < 400 || HEALTH_REPORTS.has(url)) continue
        const schema = JSON.stringify(response.content?.['application/json']?.schema ?? {})
        for (const field of ['statusCode', 'code', 'message'])
          if (!schema.includes(`"${field}"`))
            problems.push(`${method} ${url}: ${status} is not the error body (${field})`)
      }
    }
    expect(problems).toEqual([])
  })

  test('what a stranger and a customer actually get is documented', async () => {
    const problems: string[] = []
    const seen = new Set<number>()
    const probe = async (method: string, url: string, headers: Record<string, string>) => {
      // Ids that name nothing; a body that satisfies no schema.
      const path = url.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000')
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined
      const res = await app.inject({ method: method as 'GET', url: path, headers, payload: body })
      return res.statusCode
    }
    for (const { method, url } of apiRoutes()) {
      const codes = declared(operationOf(method, url))
      for (const [who, headers] of [
        ['a stranger', {}],
        ['a customer', { cookie: customerCookie }],
      ] as const) {
        const status = await probe(method, url, headers)
        seen.add(status)
        if (status >= 400 && status < 500 && !codes.has(String(status)))
          problems.push(`${method} ${url} answers ${status} to ${who} but does not declare it`)
      }
    }
    expect(problems).toEqual([])
    // The probes did reach the guards and the validators (not a vacuous pass).
    expect([...seen]).toEqual(expect.arrayContaining([400, 401, 403, 404]))
  })
})
