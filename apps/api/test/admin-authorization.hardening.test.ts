import { eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../src/db/schema/index.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import {
  customerWithAddress,
  confirmOrder,
  invitationTokenFor,
  shopForCheckout,
  signedInCustomer,
  signedInSeller,
  storeInput,
  verifiedCustomer,
} from './factories.ts'
import { multipart, pngImage } from './images.ts'

/**
 * Every seller route, taken from the app's own route table (so a new /admin route is covered
 * without editing this file), called by four strangers to a victim's store: nobody, a customer, a
 * seller naming the victim's store in x-store-id, and a seller acting on their own store but
 * naming the victim's records in the path. None may succeed on the victim's data, and afterwards
 * every row of the victim's store must be exactly as before.
 */
type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  minItems?: number
  default?: unknown
}
type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

let app: TestApp
let victim: {
  cookie: string
  storeId: string
  handle: string
  productId: string
  variantId: string
  mediaId: string
  collectionId: string
  orderId: string
  userId: string
}
let attacker: { cookie: string; storeId: string }
let customerCookie: string
let doc: { paths: Record<string, Record<string, Operation>> }

/** Which victim record a path parameter names, from the segment before it ("orders/:id"). */
function victimIdsFor(segmentBefore: string): string[] {
  const byResource: Record<string, string> = {
    stores: victim.storeId,
    products: victim.productId,
    variants: victim.variantId,
    media: victim.mediaId,
    collections: victim.collectionId,
    orders: victim.orderId,
  }
  const known = Object.hasOwn(byResource, segmentBefore) ? byResource[segmentBefore] : undefined
  // A resource this test has not met yet: try every victim id, so none of them works.
  return known ? [known] : Object.values(byResource).concat(victim.userId)
}

/** Concrete URLs for a route pattern, every parameter filled with the victim's real ids. */
function victimUrls(pattern: string): string[] {
  let urls = ['']
  const segments = pattern.split('/').filter((s, i) => i === 0 || s !== '')
  segments.forEach((segment, i) => {
    if (i === 0) return
    const values = segment.startsWith(':') ? victimIdsFor(segments[i - 1]!) : [segment]
    urls = urls.flatMap((u) => values.map((v) => `${u}/${v}`))
  })
  return urls.map((u) => (pattern.endsWith('/') && !u.endsWith('/') ? `${u}/` : u))
}

/** A body that passes the route's schema where it can, naming the victim's ids for every uuid. */
function sample(schema: JsonSchema | undefined, all: boolean, depth = 0): unknown {
  if (!schema || depth > 6) return undefined
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  const union = schema.anyOf ?? schema.oneOf
  if (union) return sample(union[0], all, depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => all || schema.required?.includes(key))
          .map(([key, child]) => [key, sample(child, all, depth + 1)])
          .filter(([, value]) => value !== undefined),
      )
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        sample(schema.items, all, depth + 1),
      )
    case 'integer':
    case 'number':
      return schema.minimum ?? 1
    case 'boolean':
      return true
    case 'string':
      if (schema.format === 'uuid') return victim.productId
      if (schema.format === 'email') return 'intruso@example.com'
      if (schema.format === 'date-time') return new Date().toISOString()
      return 'intruso'.padEnd(schema.minLength ?? 1, 'x')
    default:
      return undefined
  }
}

/** Every row that belongs to the victim's store, in every table, for a before/after comparison. */
async function victimRows() {
  const out: Record<string, unknown[]> = {}
  const keys: Array<[string, string[]]> = [
    ['id', [victim.storeId, victim.productId, victim.orderId, victim.collectionId]],
    ['storeId', [victim.storeId]],
    ['productId', [victim.productId]],
    ['orderId', [victim.orderId]],
    ['collectionId', [victim.collectionId]],
  ]
  for (const [name, table] of Object.entries(schema)) {
    if (typeof table !== 'object' || table === null || !('getSQL' in table)) continue
    const columns = getTableColumns(table as PgTable) as Record<string, unknown>
    const conditions: SQL[] = []
    for (const [column, values] of keys) {
      if (column in columns) conditions.push(inArray(columns[column] as never, values))
    }
    if (conditions.length === 0) continue
    for (const [i, condition] of conditions.entries()) {
      const rows = await app.db
        .select()
        .from(table as PgTable)
        .where(condition)
      out[`${name}#${i}`] = rows
    }
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown[]>
}

beforeAll(async () => {
  app = await buildTestApp({ MP_API_URL: 'http://127.0.0.1:9' })
  await app.ready()
  doc = app.swagger() as typeof doc
  const shop = await shopForCheckout(app)
  const seller = shop.seller
  const collection = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/collections',
    headers: seller.headers,
    payload: { title: 'Panadería', productIds: [shop.product._id] },
  })
  const image = multipart([{ filename: 'medialunas.png', data: await pngImage() }])
  const withMedia = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${shop.product._id}/media`,
    headers: { ...seller.headers, ...image.headers },
    payload: image.payload,
  })
  const buyer = await customerWithAddress(app)
  const { response: confirmed } = await confirmOrder(
    app,
    buyer,
    [{ variantId: shop.manteca._id, quantity: 1 }],
    {
      deliveryType: 'pickup',
      paymentMethod: 'bank_transfer',
    },
  )
  const orderId = (confirmed.json() as { order: { _id: string } }).order._id
  // The order carries a transfer receipt whose bytes name the order: the store's receipt route
  // must hand it to nobody else (a leak shows in the body check below).
  const boundary = '----barrio-receipt'
  const receipt = await app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/transfer-receipt`,
    headers: { ...buyer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="comprobante.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n% pedido ${orderId}\n%%EOF\n\r\n--${boundary}--\r\n`,
    ),
  })
  expect(receipt.statusCode).toBe(200)
  victim = {
    cookie: seller.cookie,
    storeId: seller.store._id,
    handle: seller.store.handle,
    productId: shop.product._id,
    variantId: shop.manteca._id,
    mediaId: (withMedia.json() as { media: Array<{ mediaId: string }> }).media[0]!.mediaId,
    collectionId: (collection.json() as { _id: string })._id,
    orderId,
    userId: seller.user._id,
  }
  const other = await signedInSeller(app)
  attacker = { cookie: other.cookie, storeId: other.store._id }
  customerCookie = (await signedInCustomer(app)).cookie
})

afterAll(async () => {
  await app?.close()
})

describe('every /api/v1/admin route refuses strangers to the store', () => {
  it('refuses nobody, a customer and sellers of another store, and the victim store is untouched', async () => {
    const adminRoutes = app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    )
    // An empty or truncated table would make this test pass vacuously.
    expect(adminRoutes.length).toBeGreaterThan(30)
    const before = await victimRows()
    // The snapshot really holds the victim's store, product, media, collection and order.
    const snapshot = JSON.stringify(before)
    for (const id of [victim.storeId, victim.mediaId, victim.collectionId, victim.orderId])
      expect(snapshot).toContain(id)

    const victimMarkers = [
      victim.storeId,
      victim.productId,
      victim.variantId,
      victim.mediaId,
      victim.collectionId,
      victim.orderId,
      victim.handle,
    ]
    const strangers = [
      { who: 'nobody', headers: { 'x-store-id': victim.storeId }, allowed: [401] },
      {
        who: 'a customer',
        headers: { cookie: customerCookie, 'x-store-id': victim.storeId },
        allowed: [403],
      },
      {
        who: "a seller naming the victim's store in x-store-id",
        headers: { cookie: attacker.cookie, 'x-store-id': victim.storeId },
        allowed: [401, 403, 404],
      },
      {
        who: "a seller on their own store naming the victim's records",
        headers: { cookie: attacker.cookie, 'x-store-id': attacker.storeId },
        allowed: [401, 403, 404],
      },
    ]
    const problems: string[] = []
    let refusedByGuard = 0
    let requests = 0
    for (const route of adminRoutes) {
      const hasParams = route.url.includes(':')
      const op =
        doc.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()]
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema
      // A few tries at a body that passes validation (required fields; every field; required plus
      // each optional one), so that the answer comes from the guards rather than from the schema.
      const required = sample(bodySchema, false)
      const optionalKeys = Object.keys(bodySchema?.properties ?? {}).filter(
        (k) => !bodySchema?.required?.includes(k),
      )
      const candidates = [
        required,
        sample(bodySchema, true),
        ...optionalKeys.map((k) => ({
          ...(required as object),
          [k]: sample(bodySchema?.properties?.[k], true),
        })),
      ]
      const bodies = [...new Set(candidates.map((b) => JSON.stringify(b)))].map((b) =>
        b === undefined ? undefined : (JSON.parse(b) as unknown),
      )
      const query = new URLSearchParams()
      for (const p of op?.parameters ?? [])
        if (p.in === 'query' && p.required) query.set(p.name, String(sample(p.schema, false)))
      const search = query.size > 0 ? `?${query.toString()}` : ''
      for (const url of victimUrls(route.url)) {
        for (const stranger of strangers) {
          let res!: Awaited<ReturnType<typeof app.inject>>
          let body: unknown
          for (const [i, candidate] of bodies.entries()) {
            body = candidate
            res = await app.inject({
              method: route.method as 'GET',
              url: `${url}${search}`,
              headers: stranger.headers,
              ...(body !== undefined && route.method !== 'GET' && route.method !== 'DELETE'
                ? { payload: body as object }
                : {}),
            })
            requests += 1
            if (!(res.statusCode === 400 && i < bodies.length - 1)) break
          }
          const leaks = victimMarkers.filter((m) => res.body.includes(m))
          const ownStoreRoute = stranger.headers['x-store-id'] === attacker.storeId && !hasParams
          const ok = ownStoreRoute
            ? // Acting on their own store (list, create) is the attacker's right: only the
              // victim's data must stay out of the answer.
              res.statusCode < 500 && leaks.length === 0
            : stranger.allowed.includes(res.statusCode) ||
              // A route that ignores x-store-id (the seller's own stores, static lists) may
              // answer, as long as nothing of the victim's is in it.
              (stranger.who.startsWith('a seller') &&
                !hasParams &&
                res.statusCode < 500 &&
                leaks.length === 0)
          if (stranger.allowed.includes(res.statusCode)) refusedByGuard += 1
          if (!ok) {
            problems.push(
              `${route.method} ${url} as ${stranger.who}: ${res.statusCode} ${res.body.slice(0, 200)}` +
                (body !== undefined ? `\n  body: ${JSON.stringify(body).slice(0, 300)}` : ''),
            )
          }
        }
      }
    }
    console.info(
      `authorization: ${adminRoutes.length} admin routes, ${requests} requests, ${refusedByGuard} refused by a guard`,
    )
    expect(problems).toEqual([])
    expect(await victimRows()).toEqual(before)
    // The victim still has everything: their own session reads their store and order.
    const own = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${victim.orderId}`,
      headers: { cookie: victim.cookie, 'x-store-id': victim.storeId },
    })
    expect(own.statusCode).toBe(200)
  }, 120_000)
})

/**
 * Issue 22: with manual merchant approval, an applicant still pending was invited to a team,
 * accepted, and then opened a shop of their own through POST /admin/stores, before and after being
 * removed from the team. Being on a team gives access to that store only: here every admin route of
 * the route table is called by such a member (and again once removed), and none leaves them owning
 * a store.
 */
describe('a team member who is no approved merchant gets no store of their own (issue 22)', () => {
  it('manual approval: a pending applicant invited as staff owns nothing after any admin route, on the team or removed from it', async () => {
    const manual = await buildTestApp({
      MERCHANT_APPROVAL: 'manual',
      MP_API_URL: 'http://127.0.0.1:9',
    })
    try {
      const call = (
        method: string,
        url: string,
        headers: Record<string, string>,
        payload?: unknown,
      ) =>
        manual.inject({
          method: method as 'GET',
          url,
          headers,
          ...(payload !== undefined && method !== 'GET' && method !== 'DELETE'
            ? { payload: payload as object }
            : {}),
        })
      const owner = await signedInSeller(manual)
      const applicant = await verifiedCustomer(manual)
      const applied = await call(
        'POST',
        `/api/v1/account/${applicant.user._id}/apply_for_merchant`,
        { cookie: applicant.cookie },
        {
          businessName: 'Kiosco Pendiente',
          cuit: '20-12345678-6',
          phone: '+5491155551234',
          category: 'kiosco',
          street: 'Av. Corrientes',
          number: '1234',
          city: 'Ciudad Autónoma de Buenos Aires',
          provinceCode: 'C',
        },
      )
      expect(applied.json()).toMatchObject({ application: { status: 'pending' } })
      const invited = await call('POST', '/api/v1/admin/collaborators', owner.headers, {
        email: applicant.data.email,
        role: 'staff',
      })
      expect(invited.statusCode).toBe(201)
      const token = await invitationTokenFor(manual, applicant.data.email)
      const accepted = await call('POST', `/api/v1/auth/invitations/${token}/accept`, {
        cookie: applicant.cookie,
      })
      expect(accepted.statusCode).toBe(200)

      const { stores } = schema
      const ownedStores = () =>
        manual.db
          .select({ id: stores.id })
          .from(stores)
          .where(eq(stores.ownerId, applicant.user._id))
      const routes = manual.routeTable.filter(
        (r) =>
          r.url.startsWith('/api/v1/admin/') &&
          r.method !== 'HEAD' &&
          r.method !== 'OPTIONS' &&
          // The owner's deletion is not what this is about; streams never end.
          r.config.permission !== 'store.delete' &&
          !r.url.endsWith('/events'),
      )
      expect(routes.length).toBeGreaterThan(50)
      const urlOf = (route: (typeof routes)[number]) =>
        route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
          name === route.config.storeParam
            ? owner.store._id
            : '00000000-0000-4000-8000-000000000000',
        )
      /** Every admin route with bodies that pass its schema where they can; the answers. */
      async function everyRoute(headers: Record<string, string>) {
        const answers: Array<{ route: string; status: number; code?: string }> = []
        for (const route of routes) {
          const op =
            doc.paths[route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()]
          const schemaOfBody = op?.requestBody?.content?.['application/json']?.schema
          const bodies = [sample(schemaOfBody, false), sample(schemaOfBody, true)]
          if (route.method === 'POST' && route.url === '/api/v1/admin/stores')
            bodies.unshift(storeInput(`propia-${Date.now()}`))
          let res!: Awaited<ReturnType<typeof manual.inject>>
          for (const [i, body] of bodies.entries()) {
            res = await call(route.method, urlOf(route), headers, body)
            if (!(res.statusCode === 400 && i < bodies.length - 1)) break
          }
          const code = res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined
          answers.push({ route: `${route.method} ${route.url}`, status: res.statusCode, code })
        }
        return answers
      }

      const staffHeaders = { cookie: applicant.cookie, 'x-store-id': owner.store._id }
      const asMember = await everyRoute(staffHeaders)
      expect(asMember.find((a) => a.route === 'POST /api/v1/admin/stores')).toEqual({
        route: 'POST /api/v1/admin/stores',
        status: 403,
        code: 'ROLE_NOT_ALLOWED',
      })
      // The team's own store is theirs to work in (the matrix is not vacuous).
      expect(asMember.filter((a) => a.status < 300).length).toBeGreaterThan(10)
      expect(asMember.filter((a) => a.status >= 500)).toEqual([])
      expect(await ownedStores()).toEqual([])

      const team = await call('GET', '/api/v1/admin/collaborators', owner.headers)
      const memberId = (team.json() as { docs: Array<{ _id: string; userId: string }> }).docs.find(
        (d) => d.userId === applicant.user._id,
      )!._id
      const removed = await call('DELETE', `/api/v1/admin/collaborators/${memberId}`, owner.headers)
      expect(removed.statusCode).toBe(204)

      const afterRemoval = await everyRoute(staffHeaders)
      expect(afterRemoval.filter((a) => a.status !== 403)).toEqual([])
      expect(await ownedStores()).toEqual([])
      const session = await call('GET', '/api/v1/auth/session', { cookie: applicant.cookie })
      expect(session.json()).toMatchObject({ userType: 'customer', merchantApproved: false })
    } finally {
      await manual.close()
    }
  }, 120_000)
})
