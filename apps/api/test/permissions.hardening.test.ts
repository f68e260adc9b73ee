import {
  ANY_SELLER,
  can,
  PERMISSIONS,
  type Permission,
  type StoreRole,
} from '@barrio/contracts/permissions'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorHandler } from '../src/plugins/error-handler.ts'
import { addPermissionGuard } from '../src/plugins/permissions.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { signedInSeller, teamMember } from './factories.ts'

/**
 * The role × route matrix (decision 029), generated from the app's own route table: every
 * /api/v1/admin route must declare a permission, and each role gets 403 ROLE_NOT_ALLOWED exactly
 * where contracts' ROLE_PERMISSIONS says no. A new route is covered without editing this file.
 */
let app: TestApp
let people: Record<StoreRole, { headers: Record<string, string> }>
let storeId: string

beforeAll(async () => {
  app = await buildTestApp()
  await app.ready()
  const owner = await signedInSeller(app)
  storeId = owner.store._id
  people = {
    owner,
    manager: await teamMember(app, owner, 'manager'),
    staff: await teamMember(app, owner, 'staff'),
  }
})
afterAll(async () => {
  await app?.close()
})

const adminRoutes = () =>
  app.routeTable.filter(
    (r) => r.url.startsWith('/api/v1/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  )
/** A never-used id for every path parameter, the real store for the one naming the store. */
function urlOf(route: { url: string; config: { storeParam?: string } }) {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    name === route.config.storeParam ? storeId : '00000000-0000-4000-8000-000000000000',
  )
}
/** Streams never end, so an allowed one is not opened here (dashboard tests open it). */
const isStream = (url: string) => url.endsWith('/events')

describe('permissions on every admin route', () => {
  it('every admin route declares a known permission', () => {
    const routes = adminRoutes()
    expect(routes.length).toBeGreaterThan(50)
    const undeclared = routes
      .filter((r) => {
        const p = r.config.permission
        return !(p === ANY_SELLER || (PERMISSIONS as readonly string[]).includes(p ?? ''))
      })
      .map((r) => `${r.method} ${r.url}`)
    expect(undeclared).toEqual([])
  })

  it('each role is refused exactly what its permissions leave out', async () => {
    // Deleting the store must come last: the owner really may.
    const routes = [...adminRoutes()].sort(
      (a, b) =>
        Number(a.config.permission === 'store.delete') -
        Number(b.config.permission === 'store.delete'),
    )
    const problems: string[] = []
    const refused: Record<StoreRole, number> = { owner: 0, manager: 0, staff: 0 }
    for (const role of ['staff', 'manager', 'owner'] as const) {
      for (const route of routes) {
        const permission = route.config.permission!
        const allowed = permission === ANY_SELLER || can(role, permission as Permission)
        const url = urlOf(route)
        if (allowed && isStream(url)) continue
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          headers: people[role].headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        })
        const body = res.body.slice(0, 160)
        if (allowed && res.statusCode === 403)
          problems.push(`${role} refused ${route.method} ${route.url} (${permission}): ${body}`)
        if (!allowed) {
          refused[role] += 1
          const code = (res.json() as { code?: string }).code
          if (res.statusCode !== 403 || code !== 'ROLE_NOT_ALLOWED')
            problems.push(
              `${role} not refused ${route.method} ${route.url} (${permission}): ${res.statusCode} ${body}`,
            )
        }
      }
    }
    expect(problems).toEqual([])
    // The matrix is not vacuous: staff and managers are refused something, the owner nothing.
    expect(refused.staff).toBeGreaterThan(refused.manager)
    expect(refused.manager).toBeGreaterThan(0)
    expect(refused.owner).toBe(0)
    // The owner's DELETE ran last and really removed the store: nobody reaches it now.
    const gone = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/stores/${storeId}`,
      headers: people.owner.headers,
    })
    expect(gone.json().code).toBe('USER_NOT_OWNER')
  }, 120_000)

  it('staff adjust stock and edit a product, but change no price', async () => {
    const owner = await signedInSeller(app)
    const staff = await teamMember(app, owner, 'staff')
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: owner.headers,
      payload: { title: 'Yerba 1 kg', status: 'active', variants: [{ price: 450000, stock: 5 }] },
    })
    expect(created.statusCode).toBe(201)
    const product = created.json() as {
      _id: string
      variants: Array<{ _id: string; price: number; compareAtPrice: number | null }>
    }
    const variant = product.variants[0]!
    const put = (headers: Record<string, string>, price: number, title = 'Yerba 1 kg') =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/products/${product._id}`,
        headers,
        payload: { title, status: 'active', variants: [{ _id: variant._id, price, stock: 5 }] },
      })
    const cheaper = await put(staff.headers, 100)
    expect(cheaper.statusCode).toBe(403)
    expect(cheaper.json()).toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
      errors: [{ name: 'variants.0.price' }],
    })
    // Same price, new title: allowed.
    const retitled = await put(staff.headers, 450000, 'Yerba mate 1 kg')
    expect(retitled.statusCode).toBe(200)
    expect(retitled.json().variants[0].price).toBe(450000)
    // Creating a product sets prices: refused.
    const create = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: staff.headers,
      payload: { title: 'Azúcar', variants: [{ price: 1000 }] },
    })
    expect(create.statusCode).toBe(403)
    expect(create.json().code).toBe('ROLE_NOT_ALLOWED')
    // Stock: allowed.
    const adjust = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/inventory/adjust',
      headers: staff.headers,
      payload: { variantId: variant._id, delta: 3 },
    })
    expect(adjust.statusCode, adjust.body).toBe(200)
    // The owner may change the price.
    expect((await put(owner.headers, 500000)).statusCode).toBe(200)
  })

  it('a route without a declared permission is refused to everyone (fail closed)', async () => {
    const probe = Fastify()
    probe.setErrorHandler(errorHandler)
    probe.decorateRequest('user', null)
    await probe.register(async (scope) => {
      addPermissionGuard(scope, {
        requireAdmin: async (request) => {
          ;(request as { user: unknown }).user = {
            id: 'u',
            firstName: 'A',
            lastName: 'B',
            email: 'a@b.c',
          }
        },
      })
      scope.get('/forgotten', async () => ({ ok: true }))
      scope.get('/declared', { config: { permission: ANY_SELLER } }, async () => ({ ok: true }))
    })
    const forgotten = await probe.inject({ method: 'GET', url: '/forgotten' })
    expect(forgotten.statusCode).toBe(403)
    expect(forgotten.json().code).toBe('FORBIDDEN')
    expect((await probe.inject({ method: 'GET', url: '/declared' })).statusCode).toBe(200)
    await probe.close()
  })
})
