import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { productInput, signedInSeller, teamMember } from '../../../test/factories.ts'
import { multipart, pngImage } from '../../../test/images.ts'

let app: TestApp
let seller: Awaited<ReturnType<typeof signedInSeller>>
let other: Awaited<ReturnType<typeof signedInSeller>>
beforeAll(async () => {
  app = await buildTestApp()
  seller = await signedInSeller(app)
  other = await signedInSeller(app)
})
afterAll(async () => {
  await app.close()
})

const as = (s: typeof seller) => s.headers
const create = (s: typeof seller, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/admin/products', headers: as(s), payload })

describe('create then edit', () => {
  test('an issued id is used by the first save; variants keep their ids on edit', async () => {
    const { _id } = (
      await app.inject({ method: 'GET', url: '/api/v1/admin/products/id', headers: as(seller) })
    ).json()
    const created = await create(seller, productInput({ _id }))
    expect(created.statusCode).toBe(201)
    const product = created.json()
    expect(product).toMatchObject({
      _id,
      handle: 'remera-de-algodon',
      status: 'active',
      totalStock: 6,
    })
    expect(product.variants.map((v: { title: string }) => v.title)).toEqual([
      'M / Negro',
      'L / Negro',
    ])
    const [m] = product.variants
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${_id}`,
      headers: as(seller),
      payload: productInput({
        variants: [
          { _id: m._id, options: { Talle: 'M', Color: 'Negro' }, price: 1550000, stock: 4 },
          { options: { Talle: 'S', Color: 'Blanco' }, price: 1400000, stock: 2 },
        ],
      }),
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().variants[0]).toMatchObject({ _id: m._id, price: 1550000 })
    expect(edited.json().variants).toHaveLength(2)
    expect((await create(seller, productInput({ _id }))).statusCode).toBe(409)
  })

  test('a product with no options has one default variant; the same title gets a fresh handle', async () => {
    const a = (
      await create(seller, { title: 'Yerba Mate 1 kg', variants: [{ price: 450000, stock: 3 }] })
    ).json()
    const b = (
      await create(seller, { title: 'Yerba Mate 1 kg', variants: [{ price: 460000 }] })
    ).json()
    expect(a.variants).toEqual([expect.objectContaining({ title: 'Predeterminado', options: {} })])
    expect([a.handle, b.handle]).toEqual(['yerba-mate-1-kg', 'yerba-mate-1-kg-2'])
    const two = await create(seller, {
      title: 'Sin opciones',
      variants: [{ price: 1 }, { price: 2 }],
    })
    expect(two.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'variants' }] })
  })

  test('variants must value every option, uniquely, with a compare-at price above the price', async () => {
    const res = await create(
      seller,
      productInput({
        variants: [
          { options: { Talle: 'M' }, price: 100, compareAtPrice: 50 },
          { options: { Talle: 'M', Color: 'Rojo' }, price: 100 },
          { options: { Talle: 'M', Color: 'Rojo' }, price: 100 },
        ],
      }),
    )
    expect(res.statusCode).toBe(400)
    const names = res.json().errors.map((e: { name: string }) => e.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'variants.0.options.Color',
        'variants.0.compareAtPrice',
        'variants.2.options',
      ]),
    )
  })

  test('prices are integer centavos: decimals are refused on the field', async () => {
    const res = await create(seller, { title: 'Café', variants: [{ price: 1234.5 }] })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([expect.objectContaining({ name: 'variants.0.price' })])
  })

  test('a negative price is a 400 INVALID under its field', async () => {
    const res = await create(seller, { title: 'Café', variants: [{ price: -100 }] })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'INVALID',
      errors: [{ name: 'variants.0.price', message: 'No puede ser negativo' }],
    })
  })
})

describe('the JSON filter', () => {
  let ids: Record<string, string>
  beforeAll(async () => {
    const s = await signedInSeller(app)
    seller = s
    const col = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/collections',
        headers: as(s),
        payload: { title: 'Ofertas' },
      })
    ).json()
    const mk = async (
      title: string,
      status: string,
      price: number,
      stock: number,
      collectionIds: string[] = [],
    ) =>
      (
        await create(s, {
          title,
          status,
          collectionIds,
          variants: [{ price, stock, sku: `SKU-${title.toUpperCase()}` }],
        })
      ).json()._id
    ids = {
      collection: col._id,
      yerba: await mk('Yerba', 'active', 450000, 20, [col._id]),
      cafe: await mk('Cafe', 'draft', 900000, 2),
      te: await mk('Te', 'archived', 150000, 0, [col._id]),
    }
  })
  const list = (query: object | string, extra = '') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/admin/products?query=${encodeURIComponent(typeof query === 'string' ? query : JSON.stringify(query))}${extra}`,
      headers: as(seller),
    })
  const titles = async (query: object, extra = '') =>
    (await list(query, extra)).json().docs.map((p: { title: string }) => p.title)

  test('search (title or SKU), status, collection, price range, low stock and updated-since', async () => {
    expect(await titles({ search: 'caf' })).toEqual(['Cafe'])
    expect(await titles({ search: { $contains: 'sku-te' } })).toEqual(['Te'])
    expect(await titles({ status: { $in: ['active', 'draft'] } }, '&sort=title')).toEqual([
      'Cafe',
      'Yerba',
    ])
    expect(await titles({ collectionId: ids.collection }, '&sort=title')).toEqual(['Te', 'Yerba'])
    expect(await titles({ price: { $gte: 400000, $lte: 500000 } })).toEqual(['Yerba'])
    expect(await titles({ stock: { $lt: 3 } }, '&sort=stock')).toEqual(['Te', 'Cafe'])
    expect(await titles({ updatedAt: { $gte: '2000-01-01' } })).toHaveLength(3)
    expect(await titles({ updatedAt: { $gte: '2999-01-01' } })).toHaveLength(0)
    expect(await titles({}, '&sort=-price')).toEqual(['Cafe', 'Yerba', 'Te'])
  })

  test('unknown fields, operators and bad JSON are 400 INVALID; injection is just a value', async () => {
    for (const bad of [
      { password: 'x' },
      { price: { $ne: 1 } },
      { status: { $regex: '.*' } },
      '{"title":',
    ]) {
      const res = await list(bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(res.json().code).toBe('INVALID')
    }
    const sneaky = await list({ search: "'; drop table products; --" })
    expect(sneaky.statusCode).toBe(200)
    expect(sneaky.json().totalDocs).toBe(0)
    expect((await list({})).json().totalDocs).toBe(3)
  })

  test('pages 10 by default', async () => {
    expect((await list({})).json()).toMatchObject({ limit: 10, page: 1 })
  })
})

describe('isolation between stores', () => {
  test('another seller cannot read, edit, archive or upload to a product, whatever ids they send', async () => {
    const mine = (await create(seller, productInput())).json()
    const url = `/api/v1/admin/products/${mine._id}`
    const upload = multipart([{ filename: 'a.png', data: await pngImage() }])
    for (const [method, path, opts] of [
      ['GET', url, {}],
      ['PUT', url, { payload: productInput({ title: 'Robada' }) }],
      ['DELETE', url, {}],
      ['POST', `${url}/media`, upload],
    ] as const) {
      const res = await app.inject({
        method,
        url: path,
        headers: { ...as(other), ...('headers' in opts ? opts.headers : {}) },
        ...('payload' in opts ? { payload: opts.payload } : {}),
      })
      expect(res.statusCode, `${method} ${path}`).toBe(404)
    }
    const asOther = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: other.cookie, 'x-store-id': seller.store._id },
    })
    expect(asOther.statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url, headers: as(seller) })).json().title).toBe(
      'Remera de algodón',
    )
  })

  test('a collection of another store cannot be attached', async () => {
    const theirs = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/collections',
        headers: as(other),
        payload: { title: 'Ajena' },
      })
    ).json()
    const res = await create(seller, productInput({ collectionIds: [theirs._id] }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([expect.objectContaining({ name: 'collectionIds' })])
  })
})

describe('media', () => {
  test('several images upload as WebP renditions, in order, served with long cache headers', async () => {
    const product = (await create(seller, productInput())).json()
    const body = multipart([
      { filename: 'frente.png', data: await pngImage(2000, 1500) },
      {
        filename: 'espalda.jpg',
        data: await pngImage(300, 300, '#ff0000'),
        contentType: 'image/jpeg',
      },
    ])
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product._id}/media`,
      headers: { ...as(seller), ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(200)
    const media = res.json().media
    expect(media).toHaveLength(2)
    expect(media[0]).toMatchObject({ position: 0, isMain: true, width: 1600, height: 1200 })
    expect(media[0].url).toMatch(/^\/uploads\/products\/.+\.webp$/)
    const file = await app.inject({ method: 'GET', url: media[0].url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/webp')
    expect(file.headers['cache-control']).toContain('immutable')
    expect(file.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP')

    const reordered = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product._id}`,
      headers: as(seller),
      payload: productInput({
        variants: res.json().variants,
        mediaOrder: [media[1].mediaId, media[0].mediaId],
      }),
    })
    expect(
      reordered
        .json()
        .media.map((m: { mediaId: string; isMain: boolean }) => [m.mediaId, m.isMain]),
    ).toEqual([
      [media[1].mediaId, true],
      [media[0].mediaId, false],
    ])

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${product._id}/media/${media[1].mediaId}`,
      headers: as(seller),
    })
    expect(del.statusCode).toBe(204)
    const after = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${product._id}`,
      headers: as(seller),
    })
    expect(after.json().media).toEqual([
      expect.objectContaining({ mediaId: media[0].mediaId, position: 0, isMain: true }),
    ])
    expect((await app.inject({ method: 'GET', url: media[1].url })).statusCode).toBe(404)
  })

  test('customers get the 400 px square rendition of an uploaded photo for srcset', async () => {
    const product = (await create(seller, productInput())).json()
    const body = multipart([{ filename: 'frente.png', data: await pngImage(2000, 1500) }])
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product._id}/media`,
      headers: { ...as(seller), ...body.headers },
      payload: body.payload,
    })
    expect(upload.statusCode).toBe(200)
    const res = await app.inject({ method: 'GET', url: `/api/v1/products/${product._id}` })
    expect(res.statusCode).toBe(200)
    const [media] = res.json().media
    expect(media).toMatchObject({ width: 1600, height: 1200 })
    expect(media.thumbUrl).toMatch(/^\/uploads\/products\/.+-400\.webp$/)
    const thumb = await app.inject({ method: 'GET', url: media.thumbUrl })
    expect(thumb.statusCode).toBe(200)
    const size = await sharp(thumb.rawPayload).metadata()
    expect([size.format, size.width, size.height]).toEqual(['webp', 400, 400])
  })

  test('a renamed non-image, a file over 10 MB and an empty upload are refused and nothing is saved', async () => {
    const product = (await create(seller, productInput())).json()
    const url = `/api/v1/admin/products/${product._id}/media`
    const fake = multipart([
      { filename: 'ok.png', data: await pngImage() },
      {
        filename: 'virus.jpg',
        data: Buffer.from('MZ this is not an image at all'),
        contentType: 'image/jpeg',
      },
    ])
    const r1 = await app.inject({
      method: 'POST',
      url,
      headers: { ...as(seller), ...fake.headers },
      payload: fake.payload,
    })
    expect(r1.statusCode).toBe(400)
    expect(r1.json()).toMatchObject({
      code: 'INVALID',
      message: expect.stringContaining('virus.jpg'),
    })
    const big = multipart([
      {
        filename: 'enorme.png',
        data: Buffer.concat([await pngImage(), Buffer.alloc(10 * 1024 * 1024 + 1)]),
      },
    ])
    const r2 = await app.inject({
      method: 'POST',
      url,
      headers: { ...as(seller), ...big.headers },
      payload: big.payload,
    })
    expect(r2.statusCode).toBe(422)
    expect(r2.json().message).toContain('enorme.png')
    const none = multipart([])
    const r3 = await app.inject({
      method: 'POST',
      url,
      headers: { ...as(seller), ...none.headers },
      payload: none.payload,
    })
    expect(r3.statusCode).toBe(400)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/admin/products/${product._id}`,
          headers: as(seller),
        })
      ).json().media,
    ).toEqual([])
    // The valid file of the refused batch left nothing on disk either.
    expect(existsSync(path.join(app.dataDir, 'uploads', 'products', product._id))).toBe(false)
  })
})

describe('inventory', () => {
  test('low-stock list, set and shift stock atomically, never below zero', async () => {
    const s = await signedInSeller(app)
    const p = (await create(s, productInput())).json()
    const low = (
      await app.inject({ method: 'GET', url: '/api/v1/admin/inventory?lowStock=2', headers: as(s) })
    ).json()
    expect(low.docs.map((r: { sku: string }) => r.sku)).toEqual(['REM-L-N'])
    const variantId = p.variants[0]._id
    const set = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/inventory/adjust',
      headers: as(s),
      payload: { variantId, quantity: 10 },
    })
    expect(set.json()).toMatchObject({ stock: 10 })
    const shift = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/inventory/adjust',
      headers: as(s),
      payload: { variantId, delta: -3 },
    })
    expect(shift.json().stock).toBe(7)
    const tooMuch = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/inventory/adjust',
      headers: as(s),
      payload: { variantId, delta: -8 },
    })
    expect(tooMuch.statusCode).toBe(409)
    const concurrent = await Promise.all(
      Array.from({ length: 7 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/admin/inventory/adjust',
          headers: as(s),
          payload: { variantId, delta: -1 },
        }),
      ),
    )
    expect(concurrent.every((r) => r.statusCode === 200)).toBe(true)
    const after = (
      await app.inject({ method: 'GET', url: `/api/v1/admin/products/${p._id}`, headers: as(s) })
    ).json()
    expect(after.variants[0].stock).toBe(0)
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/inventory/adjust',
      headers: as(other),
      payload: { variantId, delta: 1 },
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('the prices permission (decision 029): what an option costs stays with owner and manager', () => {
  type Variant = { _id: string; title: string; options: Record<string, string>; price: number }
  let owner: Awaited<ReturnType<typeof signedInSeller>>
  let staff: Awaited<ReturnType<typeof teamMember>>
  let manager: Awaited<ReturnType<typeof teamMember>>
  beforeAll(async () => {
    owner = await signedInSeller(app)
    staff = await teamMember(app, owner, 'staff')
    manager = await teamMember(app, owner, 'manager')
  })
  /** The probe's product: option "A" at $10 and option "B" at $90. */
  async function twoPrices() {
    const res = await create(owner, {
      title: 'Vela aromática',
      status: 'active',
      options: ['Aroma'],
      variants: [
        { options: { Aroma: 'A' }, price: 1000, stock: 5 },
        { options: { Aroma: 'B' }, price: 9000, stock: 5 },
      ],
    })
    expect(res.statusCode, res.body).toBe(201)
    const product = res.json() as { _id: string; variants: Variant[] }
    return { id: product._id, a: product.variants[0]!, b: product.variants[1]! }
  }
  const put = (headers: Record<string, string>, id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/admin/products/${id}`, headers, payload })
  /** Keeps only variant A ($10), renamed to option "B" (which was $90). */
  const renamedToB = (a: Variant) => ({
    title: 'Vela aromática',
    status: 'active',
    options: ['Aroma'],
    variants: [{ _id: a._id, options: { Aroma: 'B' }, price: 1000, stock: 5 }],
  })

  test("staff cannot keep only the $10 variant renamed to the $90 one's option; nothing changes", async () => {
    const { id, a } = await twoPrices()
    const res = await put(staff.headers, id, renamedToB(a))
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
      errors: [{ name: 'variants.0.options' }],
    })
    const after = (
      await app.inject({ method: 'GET', url: `/api/v1/admin/products/${id}`, headers: as(owner) })
    ).json() as { variants: Variant[] }
    expect(after.variants.map((v) => [v.options.Aroma, v.price])).toEqual([
      ['A', 1000],
      ['B', 9000],
    ])
  })

  test('a role with prices (manager, owner) may rename options and drop variants', async () => {
    const { id, a } = await twoPrices()
    const res = await put(manager.headers, id, renamedToB(a))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().variants).toEqual([
      expect.objectContaining({ _id: a._id, options: { Aroma: 'B' }, price: 1000 }),
    ])
    const other = await twoPrices()
    expect((await put(owner.headers, other.id, renamedToB(other.a))).statusCode).toBe(200)
  })

  test('staff may still edit the texts, stock and SKU of every variant', async () => {
    const { id, a, b } = await twoPrices()
    const res = await put(staff.headers, id, {
      title: 'Vela de soja',
      description: 'Hecha a mano',
      status: 'active',
      options: ['Aroma'],
      variants: [
        { _id: a._id, title: a.title, options: { Aroma: 'A' }, price: 1000, stock: 9, sku: 'V-A' },
        { _id: b._id, options: { Aroma: 'B' }, price: 9000, stock: 2 },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ title: 'Vela de soja', description: 'Hecha a mano' })
    expect(res.json().variants.map((v: Variant & { stock: number }) => v.stock)).toEqual([9, 2])
  })

  test('staff cannot remove a variant, nor rename one by its title', async () => {
    const { id, a, b } = await twoPrices()
    const removed = await put(staff.headers, id, {
      title: 'Vela aromática',
      status: 'active',
      options: ['Aroma'],
      variants: [{ _id: a._id, options: { Aroma: 'A' }, price: 1000, stock: 5 }],
    })
    expect(removed.statusCode).toBe(403)
    expect(removed.json()).toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
      errors: [{ name: 'variants' }],
    })
    const retitled = await put(staff.headers, id, {
      title: 'Vela aromática',
      status: 'active',
      options: ['Aroma'],
      variants: [
        { _id: a._id, title: 'B', options: { Aroma: 'A' }, price: 1000, stock: 5 },
        { _id: b._id, options: { Aroma: 'B' }, price: 9000, stock: 5 },
      ],
    })
    expect(retitled.statusCode).toBe(403)
    expect(retitled.json()).toMatchObject({ errors: [{ name: 'variants.0.title' }] })
  })
})
