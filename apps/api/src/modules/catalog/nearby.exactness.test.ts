import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { productInput, signedInSeller } from '../../../test/factories.ts'
import { cellOf } from '../../lib/service-cells.ts'

/**
 * The nearby lists answered through the serving-area index and the caches must be exactly what a
 * brute-force haversine over the whole stores table gives (issue 11, docs/decisions/024): the same
 * shops, order, distances, totalDocs and pages, on 200 seeded random points, including shops exactly
 * at the edge of their radius, closed shops, pickup-only shops, archived shops and a store whose
 * radius was just changed through the seller API.
 */

const BROWSE_KM = 4 // not the default (10): the index is rebuilt for it when the app starts
const R = 6371

/** Brute-force distance: the haversine formula on a 6371 km sphere, written out here. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180
  const dLat = Math.sin(((lat2 - lat1) * rad) / 2)
  const dLng = Math.sin(((lng2 - lng1) * rad) / 2)
  const a = dLat * dLat + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * dLng * dLng
  return 2 * R * Math.asin(Math.sqrt(Math.min(1, a)))
}

/** mulberry32: a small seeded generator, so every run checks the same points. */
function seeded(seed: number) {
  let t = seed >>> 0
  return () => {
    t = (t + 0x6d2b79f5) >>> 0
    let r = Math.imul(t ^ (t >>> 15), 1 | t)
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296
  }
}

type StoreRow = {
  id: string
  latitude: number
  longitude: number
  is_open: boolean
  status: string
  delivery_types: string[]
  delivery_radius_km: number
}
type ProductRow = { id: string; store_id: string; title: string }

let app: TestApp
let seller: Awaited<ReturnType<typeof signedInSeller>>
const random = seeded(20261124)
// Palermo / Villa Crespo / Belgrano: the area spans the grid lines at lat -34.6 and lng -58.4/-58.5.
const area = { lat: -34.6, lng: -58.45, spread: 0.16 }
const points: Array<{ lat: number; lng: number }> = []
for (let i = 0; i < 200; i++) {
  points.push({
    lat: area.lat + (random() - 0.5) * area.spread,
    lng: area.lng + (random() - 0.5) * area.spread,
  })
}

beforeAll(async () => {
  app = await buildTestApp({ BROWSE_RADIUS_KM: String(BROWSE_KM) })
  const ownerId = randomUUID()
  await app.db.execute(
    sql`insert into users (id, email, user_type) values (${ownerId}, ${`exact.${ownerId}@example.com`}, 'admin')`,
  )
  type Shop = {
    lat: number
    lng: number
    open: boolean
    types: string[]
    radius: number
    status: string
  }
  const shops: Shop[] = []
  // 260 shops over the area, and a dense cluster of 140 around Plaza Serrano so that some points
  // have more than 100 serving shops (the products' cap) and many pages.
  for (let i = 0; i < 400; i++) {
    const dense = i >= 260
    const spread = dense ? 0.012 : area.spread * 1.3
    const centre = dense ? { lat: -34.5885, lng: -58.4305 } : area
    const pickupOnly = random() < 0.3
    shops.push({
      lat: centre.lat + (random() - 0.5) * spread,
      lng: centre.lng + (random() - 0.5) * spread,
      open: random() < 0.75,
      types: pickupOnly
        ? random() < 0.5
          ? ['pickup']
          : ['pickup', 'shipping']
        : ['pickup', 'delivery'],
      radius: Math.round((0.5 + random() * 5.5) * 10) / 10,
      status: random() < 0.05 ? 'archived' : 'active',
    })
  }
  // Shops exactly at the edge of their radius for some of the points: the radius is the distance.
  for (let i = 0; i < 40; i++) {
    const p = points[i * 5]!
    const lat = p.lat + (random() - 0.5) * 0.05
    const lng = p.lng + (random() - 0.5) * 0.05
    shops.push({
      lat,
      lng,
      open: true,
      types: ['pickup', 'delivery'],
      radius: distanceKm(p.lat, p.lng, lat, lng),
      status: 'active',
    })
  }
  for (const [i, s] of shops.entries()) {
    const id = randomUUID()
    await app.db.execute(sql`
      insert into stores (id, owner_id, name, handle, street, street_number, city, province_code,
                          latitude, longitude, is_open, delivery_types, delivery_radius_km, status)
      values (${id}, ${ownerId}, ${`Exacta ${i}`}, ${`exacta-${i}`}, 'Calle', ${String(i)}, 'CABA', 'C',
              ${s.lat}::float8, ${s.lng}::float8, ${s.open}, ${`{${s.types.join(',')}}`}::text[],
              ${s.radius}::float8, ${s.status})`)
    const count = Math.floor(random() * 4)
    for (let n = 0; n < count; n++) {
      await app.db.execute(sql`
        insert into products (store_id, title, handle, status)
        values (${id}, ${`Producto ${String(Math.floor(random() * 1000)).padStart(3, '0')}`},
                ${`p-${n}`}, ${random() < 0.15 ? 'draft' : 'active'})`)
    }
  }
  // A shop with 60 products in the dense cluster: deep pages reach past the per-store cache.
  const big = randomUUID()
  await app.db.execute(sql`
    insert into stores (id, owner_id, name, handle, street, street_number, city, province_code,
                        latitude, longitude, is_open, delivery_types, delivery_radius_km)
    values (${big}, ${ownerId}, 'Exacta grande', 'exacta-grande', 'Calle', '1', 'CABA', 'C',
            -34.5886::float8, -58.4303::float8, true, '{pickup,delivery}'::text[], 6::float8)`)
  for (let n = 0; n < 60; n++) {
    await app.db.execute(sql`
      insert into products (store_id, title, handle, status)
      values (${big}, ${`Producto ${String(n * 7).padStart(3, '0')}`}, ${`g-${n}`}, 'active')`)
  }
  // A seller's store (Gorriti 4800) with products, whose radius and open/closed state change
  // through the seller API during the test.
  seller = await signedInSeller(app)
  for (let n = 0; n < 3; n++) {
    await app.db.execute(sql`
      insert into products (store_id, title, handle, status)
      values (${seller.store._id}, ${`Producto 5${n}0`}, ${`s-${n}`}, 'active')`)
  }
}, 120_000)
afterAll(async () => {
  await app.close()
})

async function table() {
  const stores = (await app.db.execute(sql`select * from stores`)).rows as StoreRow[]
  const products = (
    await app.db.execute(sql`select id, store_id, title from products where status = 'active'`)
  ).rows as ProductRow[]
  return { stores, products }
}

/** Brute force: every store of the table, the serving rule, sorted by (distance, id). */
function bruteStores(all: StoreRow[], p: { lat: number; lng: number }) {
  return all
    .filter((s) => s.status === 'active')
    .map((s) => ({ s, d: distanceKm(p.lat, p.lng, s.latitude, s.longitude) }))
    .filter(({ s, d }) =>
      s.delivery_types.includes('delivery')
        ? d <= Math.max(s.delivery_radius_km, 0)
        : d <= BROWSE_KM,
    )
    .sort((a, b) => a.d - b.d || (a.s.id < b.s.id ? -1 : a.s.id > b.s.id ? 1 : 0))
}

/** Products of the 100 nearest serving shops: open shops first, then nearer, title, id. */
function bruteProducts(all: StoreRow[], products: ProductRow[], p: { lat: number; lng: number }) {
  const nearest = bruteStores(all, p).slice(0, 100)
  const rank = new Map(nearest.map(({ s }, i) => [s.id, { i, open: s.is_open }]))
  return products
    .filter((x) => rank.has(x.store_id))
    .sort((a, b) => {
      const ra = rank.get(a.store_id)!
      const rb = rank.get(b.store_id)!
      if (ra.open !== rb.open) return ra.open ? -1 : 1
      if (ra.i !== rb.i) return ra.i - rb.i
      if (a.title !== b.title) return a.title < b.title ? -1 : 1
      return a.id < b.id ? -1 : 1
    })
}

const round2 = (n: number) => Math.round(n * 100) / 100

async function expectExact(p: { lat: number; lng: number }) {
  const { stores, products } = await table()
  const expected = bruteStores(stores, p)
  for (const page of [1, 2]) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/stores?lat=${p.lat}&lng=${p.lng}&page=${page}&limit=10`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const slice = expected.slice((page - 1) * 10, page * 10)
    expect(body.docs.map((d: { _id: string }) => d._id)).toEqual(slice.map(({ s }) => s.id))
    expect(body.docs.map((d: { distanceKm: number }) => d.distanceKm)).toEqual(
      slice.map(({ d }) => round2(d)),
    )
    expect(body.docs.map((d: { isOpen: boolean }) => d.isOpen)).toEqual(
      slice.map(({ s }) => s.is_open),
    )
    expect(body).toMatchObject({
      totalDocs: expected.length,
      totalPages: Math.ceil(expected.length / 10),
      hasNextPage: page < Math.ceil(expected.length / 10),
    })
  }
  const expectedProducts = bruteProducts(stores, products, p)
  for (const page of [1, 2]) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/products?lat=${p.lat}&lng=${p.lng}&page=${page}&limit=9`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.docs.map((d: { _id: string }) => d._id)).toEqual(
      expectedProducts.slice((page - 1) * 9, page * 9).map((x) => x.id),
    )
    expect(body.totalDocs).toBe(expectedProducts.length)
  }
  return { stores: expected.length, products: expectedProducts.length }
}

describe('nearby answers against a brute-force haversine over the whole table', () => {
  test('200 seeded random points, page 1 and 2 of shops and products', async () => {
    let busiest = 0
    let empty = 0
    for (const p of points) {
      const { stores } = await expectExact(p)
      busiest = Math.max(busiest, stores)
      if (stores === 0) empty++
    }
    // The data really exercises paging, the products' 100-shop cap and empty answers.
    expect(busiest).toBeGreaterThan(100)
    expect(empty).toBeLessThan(points.length)
  }, 300_000)

  test('every page of a point whose nearest shop has more products than the cache keeps', async () => {
    const p = { lat: -34.5887, lng: -58.4302 }
    const { stores, products } = await table()
    const expected = bruteProducts(stores, products, p)
    expect(expected.length).toBeGreaterThan(100)
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/products?lat=${p.lat}&lng=${p.lng}&page=${page}&limit=25`,
      })
      const body = res.json()
      expect(body.totalDocs).toBe(expected.length)
      seen.push(...body.docs.map((d: { _id: string }) => d._id))
      if (!body.hasNextPage) break
    }
    expect(seen).toEqual(expected.map((x) => x.id))
  })

  test('shops exactly at the edge of their radius serve the point', async () => {
    for (let i = 0; i < 40; i++) {
      const p = points[i * 5]!
      const { stores } = await table()
      const edge = stores.filter(
        (s) =>
          s.delivery_types.includes('delivery') &&
          s.delivery_radius_km === distanceKm(p.lat, p.lng, s.latitude, s.longitude),
      )
      expect(edge.length).toBeGreaterThan(0)
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/stores?lat=${p.lat}&lng=${p.lng}&limit=100`,
      })
      const ids = new Set(res.json().docs.map((d: { _id: string }) => d._id))
      const all = bruteStores(stores, p).slice(0, 100)
      for (const s of edge) if (all.some((x) => x.s.id === s.id)) expect(ids.has(s.id)).toBe(true)
    }
  })

  test('a radius just changed through the seller API, and a store just closed, show on the next request', async () => {
    // 1.5 km north of the seller's store (Gorriti 4800).
    const p = { lat: -34.5754, lng: -58.4306 }
    const logistics = (radiusKm: number) => ({
      pickup: { enabled: true, address: 'Gorriti 4800', preparationMinutes: 20, instructions: '' },
      delivery: {
        enabled: true,
        radiusKm,
        fee: { type: 'bands', bands: [{ upToKm: 5, amount: 50000 }] },
        freeFrom: null,
        minOrder: null,
        estimatedMinutes: 40,
      },
      shipping: { enabled: false, provinces: [], estimatedDays: 4 },
    })
    const save = async (radiusKm: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/store_settings_logistics',
        headers: seller.headers,
        payload: logistics(radiusKm),
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const serves = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/stores?lat=${p.lat}&lng=${p.lng}&limit=100`,
      })
      return res.json().docs.some((d: { _id: string }) => d._id === seller.store._id)
    }
    await save(1)
    await expectExact(p) // warms every cache of this point and its cell
    expect(await serves()).toBe(false)
    await save(2)
    expect(await serves()).toBe(true)
    await expectExact(p)
    await save(1.2)
    expect(await serves()).toBe(false)
    await expectExact(p)
    await save(3)
    const toggle = async (isOpen: boolean) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/stores/${seller.store._id}/toggle-open`,
        headers: seller.headers,
        payload: { isOpen },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await expectExact(p)
    await toggle(false)
    await expectExact(p)
    await toggle(true)
    await expectExact(p)
  }, 120_000)

  test('a product published, its stock or price changed, then archived, shows on the next request', async () => {
    const p = { lat: -34.5889, lng: -58.4306 } // at the seller's store
    const url = `/api/v1/products?lat=${p.lat}&lng=${p.lng}&limit=100`
    const find = async (id: string) =>
      (await app.inject({ method: 'GET', url }))
        .json()
        .docs.find((d: { _id: string }) => d._id === id)
    await expectExact(p)
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: productInput({ title: 'Producto 999' }),
    })
    expect(created.statusCode, created.body).toBe(201)
    const product = created.json()
    expect(await find(product._id)).toMatchObject({ _id: product._id })
    await expectExact(p)
    const variantId = product.variants[0]._id
    const adjusted = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/inventory/adjust',
      headers: seller.headers,
      payload: { variantId, quantity: 42 },
    })
    expect(adjusted.statusCode, adjusted.body).toBe(200)
    expect((await find(product._id)).variants[0].stock).toBe(42)
    const repriced = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product._id}`,
      headers: seller.headers,
      payload: productInput({
        title: 'Producto 999',
        variants: [
          { options: { Talle: 'M', Color: 'Negro' }, sku: 'REM-M-N', price: 777700, stock: 3 },
        ],
      }),
    })
    expect(repriced.statusCode, repriced.body).toBe(200)
    expect(await find(product._id)).toMatchObject({ price: 777700 })
    const archived = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${product._id}`,
      headers: seller.headers,
    })
    expect(archived.statusCode, archived.body).toBeLessThan(300)
    expect(await find(product._id)).toBeUndefined()
    await expectExact(p)
  }, 120_000)

  test('the index covers every point a store serves, also near the poles and cell edges', async () => {
    const rad = Math.PI / 180
    for (let i = 0; i < 300; i++) {
      const lat = i < 60 ? (84 + random() * 6) * (i % 2 ? -1 : 1) : (random() - 0.5) * 170
      const lng = (random() - 0.5) * 350
      const km = i % 10 === 0 ? 0 : random() * 50
      const covered = new Set(
        (
          await app.db.execute(
            sql`select store_service_cells_for(${lat}::float8, ${lng}::float8, ${km}::float8) as c`,
          )
        ).rows.map((r) => Number((r as { c: number }).c)),
      )
      // Points at the radius (and just inside) in 16 directions: the destination formula.
      for (let b = 0; b < 16; b++) {
        const bearing = (b / 16) * 2 * Math.PI
        for (const f of [1, 0.999, 0.5]) {
          const d = (km * f) / R
          const lat2 = Math.asin(
            Math.sin(lat * rad) * Math.cos(d) +
              Math.cos(lat * rad) * Math.sin(d) * Math.cos(bearing),
          )
          const lng2 =
            lng * rad +
            Math.atan2(
              Math.sin(bearing) * Math.sin(d) * Math.cos(lat * rad),
              Math.cos(d) - Math.sin(lat * rad) * Math.sin(lat2),
            )
          const p = { lat: lat2 / rad, lng: lng2 / rad }
          if (Math.abs(p.lng) > 180) continue // across the antimeridian: not wrapped
          if (distanceKm(lat, lng, p.lat, p.lng) > km) continue
          expect(
            covered.has(cellOf(p.lat, p.lng)),
            `${lat},${lng} ${km} km → ${p.lat},${p.lng}`,
          ).toBe(true)
        }
      }
      expect(
        covered.has(cellOf(lat, lng)),
        `${lat},${lng} ${km} km: ${cellOf(lat, lng)} in ${[...covered].slice(0, 5).join(',')}`,
      ).toBe(true)
      expect(covered.size).toBeLessThan(2000) // a polar store took 36,010 cells before the polar rows
    }
  })
})
