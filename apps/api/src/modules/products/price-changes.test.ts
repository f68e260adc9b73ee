// Bulk price changes (issue 28, decision 053) through the real routes, on PGlite or on PostgreSQL
// with TEST_DATABASE_URL: the arithmetic and roundings on hand-computed prices, the preview that
// writes nothing, refusals that save nothing, the `prices` permission, other stores' products left
// alone, the history, and the undo that leaves what was changed since.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '../../db/schema/audit.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  createProductAs,
  productInput,
  signedInSeller,
  teamMember,
} from '../../../test/factories.ts'

type Seller = Awaited<ReturnType<typeof signedInSeller>>
type Variant = { _id: string; price: number; compareAtPrice: number | null; options: object }
type Product = { _id: string; title: string; variants: Variant[] }

let app: TestApp
let owner: Seller
let other: Seller

beforeAll(async () => {
  app = await buildTestApp()
  owner = await signedInSeller(app)
  other = await signedInSeller(app)
}, 60_000)
afterAll(async () => {
  await app.close()
})

const createProduct = (seller: Seller, payload: object) =>
  createProductAs<Product>(app, seller, payload)
async function product(seller: Seller, id: string): Promise<Product> {
  return (
    await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${id}`,
      headers: seller.headers,
    })
  ).json()
}
const prices = async (seller: Seller, id: string) =>
  (await product(seller, id)).variants.map((v) => [v.price, v.compareAtPrice])

const bulk = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/admin/products/bulk-price', headers, payload })
const history = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/admin/price-changes', headers })
const undo = (headers: Record<string, string>, id: string) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/price-changes/${id}/undo`, headers })

/** A fresh set per test, so each test's hand-computed prices start from the same values. */
async function catalogue(seller: Seller = owner) {
  // $ 4.500, no compare-at price, tag "infusiones".
  const yerba = await createProduct(seller, {
    title: 'Yerba mate 1 kg',
    status: 'active',
    tags: ['infusiones'],
    variants: [{ price: 450000, stock: 3 }],
  })
  // $ 1.234,56 with a compare-at price of $ 1.500.
  const cafe = await createProduct(seller, {
    title: 'Café en grano',
    status: 'active',
    tags: ['infusiones'],
    variants: [{ price: 123456, compareAtPrice: 150000, stock: 3 }],
  })
  // M $ 15.000 without, L $ 16.000 with a compare-at price of $ 19.000.
  const remera = await createProduct(seller, productInput({ tags: ['ropa'] }))
  return { yerba, cafe, remera }
}

describe('preview (dryRun)', () => {
  test('percent up without rounding: the hand-computed prices, and nothing is written', async () => {
    const { yerba, remera } = await catalogue()
    const before = (await history(owner.headers)).json().totalDocs
    const res = await bulk(owner.headers, {
      filter: { productIds: [yerba._id, remera._id] },
      change: { type: 'percent', value: 1200 },
      apply: 'price',
      rounding: 'none',
      dryRun: true,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      count: 3,
      docs: [
        {
          productId: remera._id,
          variantId: remera.variants[0]!._id,
          title: 'Remera de algodón',
          variantTitle: 'M / Negro',
          before: { price: 1500000, compareAtPrice: null },
          after: { price: 1680000, compareAtPrice: null },
        },
        {
          productId: remera._id,
          variantId: remera.variants[1]!._id,
          title: 'Remera de algodón',
          variantTitle: 'L / Negro',
          // $ 17.920 stays under the compare-at price: allowed.
          before: { price: 1600000, compareAtPrice: 1900000 },
          after: { price: 1792000, compareAtPrice: 1900000 },
        },
        {
          productId: yerba._id,
          variantId: yerba.variants[0]!._id,
          title: 'Yerba mate 1 kg',
          variantTitle: null,
          before: { price: 450000, compareAtPrice: null },
          after: { price: 504000, compareAtPrice: null },
        },
      ],
    })
    expect(await prices(owner, yerba._id)).toEqual([[450000, null]])
    expect(await prices(owner, remera._id)).toEqual([
      [1500000, null],
      [1600000, 1900000],
    ])
    expect((await history(owner.headers)).json().totalDocs).toBe(before)
  })

  test('the filter by tag and search reads like the products list', async () => {
    const { cafe } = await catalogue(other)
    const byTag = await bulk(other.headers, {
      filter: { tags: ['infusiones'], search: 'café' },
      change: { type: 'amount', value: 1000 },
      dryRun: true,
    })
    expect(byTag.json()).toMatchObject({ count: 1, docs: [{ productId: cafe._id }] })
  })
})

describe('apply: arithmetic and rounding', () => {
  test('percent down rounded to $ 10: $ 1.234,56 − 10 % = $ 1.111,10 → $ 1.110', async () => {
    const { cafe } = await catalogue()
    const res = await bulk(owner.headers, {
      filter: { productIds: [cafe._id] },
      change: { type: 'percent', value: -1000 },
      apply: 'price',
      rounding: '10',
      dryRun: false,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ changeId: expect.any(String), count: 1 })
    expect(await prices(owner, cafe._id)).toEqual([[111000, 150000]])
  })

  test('percent up ending in 99: $ 4.500 + 12 % = $ 5.040 → $ 4.999', async () => {
    const { yerba } = await catalogue()
    const res = await bulk(owner.headers, {
      filter: { productIds: [yerba._id] },
      change: { type: 'percent', value: 1200 },
      rounding: 'ends-99',
    })
    expect(res.json().count).toBe(1)
    expect(await prices(owner, yerba._id)).toEqual([[499900, null]])
  })

  test('amount on both prices rounded to $ 100: $ 1.484,56 → $ 1.500 and $ 1.750 → $ 1.800', async () => {
    const { cafe } = await catalogue()
    const res = await bulk(owner.headers, {
      filter: { productIds: [cafe._id] },
      change: { type: 'amount', value: 25000 },
      apply: 'both',
      rounding: '100',
    })
    expect(res.json().count).toBe(1)
    expect(await prices(owner, cafe._id)).toEqual([[150000, 180000]])
  })

  test('compareAtPrice only: variants without one are not counted nor changed', async () => {
    const { remera } = await catalogue()
    const res = await bulk(owner.headers, {
      filter: { productIds: [remera._id] },
      change: { type: 'percent', value: 1000 },
      apply: 'compareAtPrice',
      rounding: 'none',
    })
    expect(res.json().count).toBe(1)
    expect(await prices(owner, remera._id)).toEqual([
      [1500000, null],
      [1600000, 2090000],
    ])
  })

  test('the same amount on the price alone would reach the compare-at price: refused, nothing saved', async () => {
    const { cafe } = await catalogue()
    const res = await bulk(owner.headers, {
      filter: { productIds: [cafe._id] },
      change: { type: 'amount', value: 25000 },
      apply: 'price',
      rounding: '100',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
      errors: [{ name: 'apply', message: expect.stringContaining('precio de lista') }],
    })
    expect(await prices(owner, cafe._id)).toEqual([[123456, 150000]])
  })

  test('a price at $ 0 or less is refused in Spanish for the whole change; nothing is saved', async () => {
    const { yerba, cafe } = await catalogue()
    const before = (await history(owner.headers)).json().totalDocs
    for (const dryRun of [true, false]) {
      const res = await bulk(owner.headers, {
        filter: { productIds: [yerba._id, cafe._id] },
        change: { type: 'amount', value: -200000 },
        dryRun,
      })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        code: 'UNPROCESSABLE_ENTITY',
        errors: [
          {
            name: 'change.value',
            message: expect.stringMatching(/1 variante quedaría en \$ 0 o menos \(Café en grano\)/),
          },
        ],
      })
    }
    expect(await prices(owner, yerba._id)).toEqual([[450000, null]])
    expect(await prices(owner, cafe._id)).toEqual([[123456, 150000]])
    expect((await history(owner.headers)).json().totalDocs).toBe(before)
  })

  test('a percent of 0 or with decimals is a field error in Spanish', async () => {
    const zero = await bulk(owner.headers, { change: { type: 'percent', value: 0 }, dryRun: true })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().errors).toEqual([
      { name: 'change.value', message: 'Ingresá un porcentaje distinto de 0' },
    ])
    const float = await bulk(owner.headers, {
      change: { type: 'percent', value: 12.5 },
      dryRun: true,
    })
    expect(float.json().errors[0]).toMatchObject({ name: 'change.value' })
  })

  test('the change is audited with its rule and count', async () => {
    const { yerba } = await catalogue()
    const { changeId } = (
      await bulk(owner.headers, {
        filter: { productIds: [yerba._id] },
        change: { type: 'percent', value: 500 },
      })
    ).json()
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, changeId), eq(auditLog.action, 'products.bulk_price_changed')),
      )
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorId: owner.user._id,
      actorType: 'seller',
      storeId: owner.store._id,
      after: { change: { type: 'percent', value: 500 }, count: 1 },
    })
  })
})

describe('who and which store', () => {
  test('staff (no `prices` permission) get 403 ROLE_NOT_ALLOWED on every route; a manager may', async () => {
    const { yerba } = await catalogue()
    const staff = await teamMember(app, owner, 'staff')
    const manager = await teamMember(app, owner, 'manager')
    const payload = {
      filter: { productIds: [yerba._id] },
      change: { type: 'percent', value: 1000 },
    }
    for (const dryRun of [true, false]) {
      const res = await bulk(staff.headers, { ...payload, dryRun })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('ROLE_NOT_ALLOWED')
    }
    expect((await history(staff.headers)).statusCode).toBe(403)
    expect(await prices(owner, yerba._id)).toEqual([[450000, null]])
    const applied = await bulk(manager.headers, payload)
    expect(applied.statusCode).toBe(200)
    expect((await undo(staff.headers, applied.json().changeId)).statusCode).toBe(403)
    expect(await prices(owner, yerba._id)).toEqual([[495000, null]])
  })

  test("another store's product ids are not touched; its changes are not listed nor undone", async () => {
    const mine = await catalogue()
    const theirs = await catalogue(other)
    const res = await bulk(owner.headers, {
      filter: { productIds: [mine.yerba._id, theirs.yerba._id, theirs.cafe._id] },
      change: { type: 'percent', value: 1000 },
    })
    expect(res.json().count).toBe(1)
    expect(await prices(owner, mine.yerba._id)).toEqual([[495000, null]])
    expect(await prices(other, theirs.yerba._id)).toEqual([[450000, null]])
    expect(await prices(other, theirs.cafe._id)).toEqual([[123456, 150000]])
    // Only their ids: nothing matches, nothing is saved.
    const none = await bulk(owner.headers, {
      filter: { productIds: [theirs.yerba._id] },
      change: { type: 'percent', value: 1000 },
    })
    expect(none.statusCode).toBe(422)
    expect(none.json().errors[0].name).toBe('filter')
    // The other store neither sees nor undoes this store's change.
    const theirList = (await history(other.headers)).json()
    expect(theirList.docs.map((d: { _id: string }) => d._id)).not.toContain(res.json().changeId)
    expect((await undo(other.headers, res.json().changeId)).statusCode).toBe(404)
    expect(await prices(owner, mine.yerba._id)).toEqual([[495000, null]])
  })
})

describe('history and undo', () => {
  test('undo restores every price the change touched, once', async () => {
    const { yerba, remera } = await catalogue()
    const { changeId, count } = (
      await bulk(owner.headers, {
        filter: { productIds: [yerba._id, remera._id] },
        change: { type: 'percent', value: 2000 },
        apply: 'both',
        rounding: '100',
      })
    ).json()
    expect(count).toBe(3)
    expect(await prices(owner, remera._id)).toEqual([
      [1800000, null],
      [1920000, 2280000],
    ])
    const res = await undo(owner.headers, changeId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ changeId, restored: 3, leftCount: 0, left: [] })
    expect(await prices(owner, yerba._id)).toEqual([[450000, null]])
    expect(await prices(owner, remera._id)).toEqual([
      [1500000, null],
      [1600000, 1900000],
    ])
    const again = await undo(owner.headers, changeId)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('CONFLICT')
  })

  test('a variant changed by hand since is left alone and listed; the history says who and what', async () => {
    const { yerba, cafe } = await catalogue()
    const { changeId } = (
      await bulk(owner.headers, {
        filter: { productIds: [yerba._id, cafe._id] },
        change: { type: 'percent', value: 1000 },
        rounding: 'none',
      })
    ).json()
    expect(await prices(owner, cafe._id)).toEqual([[135802, 150000]])
    // The seller edits the café's price by hand afterwards.
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${cafe._id}`,
      headers: owner.headers,
      payload: {
        title: 'Café en grano',
        status: 'active',
        tags: ['infusiones'],
        variants: [{ _id: cafe.variants[0]!._id, price: 140000, compareAtPrice: 150000, stock: 3 }],
      },
    })
    expect(edited.statusCode).toBe(200)

    const res = await undo(owner.headers, changeId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      changeId,
      restored: 1,
      leftCount: 1,
      left: [
        {
          productId: cafe._id,
          variantId: cafe.variants[0]!._id,
          title: 'Café en grano',
          variantTitle: null,
          expected: { price: 135802, compareAtPrice: 150000 },
          current: { price: 140000, compareAtPrice: 150000 },
        },
      ],
    })
    expect(await prices(owner, yerba._id)).toEqual([[450000, null]])
    expect(await prices(owner, cafe._id)).toEqual([[140000, 150000]])

    const list = (await history(owner.headers)).json()
    expect(list).toMatchObject({ page: 1, limit: 20 })
    const entry = list.docs.find((d: { _id: string }) => d._id === changeId)
    expect(entry).toMatchObject({
      actor: { _id: owner.user._id, name: expect.any(String) },
      filter: { productIds: [yerba._id, cafe._id] },
      change: { type: 'percent', value: 1000 },
      apply: 'price',
      rounding: 'none',
      count: 2,
      undo: { by: { _id: owner.user._id }, restored: 1, left: 1 },
    })
    const undone = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, changeId), eq(auditLog.action, 'products.bulk_price_undone')),
      )
    expect(undone).toHaveLength(1)
  })

  test('the history is newest first and paginated', async () => {
    const seller = await signedInSeller(app)
    const { yerba } = await catalogue(seller)
    const ids: string[] = []
    for (const value of [100, 200, 300]) {
      const res = await bulk(seller.headers, {
        filter: { productIds: [yerba._id] },
        change: { type: 'amount', value },
      })
      ids.push(res.json().changeId)
    }
    const page = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/price-changes?page=2&limit=2',
      headers: seller.headers,
    })
    expect(page.json()).toMatchObject({ totalDocs: 3, totalPages: 2, page: 2, hasPrevPage: true })
    expect(page.json().docs.map((d: { _id: string }) => d._id)).toEqual([ids[0]])
    const first = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/price-changes?limit=2',
        headers: seller.headers,
      })
    ).json()
    expect(first.docs.map((d: { _id: string }) => d._id)).toEqual([ids[2], ids[1]])
    // A later bulk change counts as a change since: undoing the first leaves the yerba.
    const res = await undo(seller.headers, ids[0]!)
    expect(res.json()).toMatchObject({ restored: 0, leftCount: 1 })
    expect(await prices(seller, yerba._id)).toEqual([[450600, null]])
  })
})
