import { finalPrice, priceWithoutNationalTaxes, unitPrice } from '@barrio/contracts/legal-prices'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  signedInSeller,
} from '../../../test/factories.ts'

// Issue 27 part 2 (Res. 4/2025 SICyC), decision 050: variants carry their unit of measure, and
// every customer answer with a price carries what the per-unit price and the price without
// national taxes are computed from.
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

describe("the seller's unit of measure", () => {
  test('is saved per variant, answered back, changed and cleared', async () => {
    const seller = await signedInSeller(app)
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: {
        title: 'Queso cremoso',
        status: 'active',
        options: ['Peso'],
        variants: [
          { options: { Peso: '500 g' }, price: 225000, unitMeasure: { unit: 'g', quantity: 500 } },
          { options: { Peso: '1 kg' }, price: 430000 },
        ],
      },
    })
    expect(created.statusCode).toBe(201)
    const product = created.json()
    expect(product.variants.map((v: { unitMeasure: unknown }) => v.unitMeasure)).toEqual([
      { unit: 'g', quantity: 500 },
      null,
    ])
    const [half, kilo] = product.variants
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product._id}`,
      headers: seller.headers,
      payload: {
        title: 'Queso cremoso',
        status: 'active',
        options: ['Peso'],
        variants: [
          { _id: half._id, options: { Peso: '500 g' }, price: 225000, unitMeasure: null },
          {
            _id: kilo._id,
            options: { Peso: '1 kg' },
            price: 430000,
            unitMeasure: { unit: 'kg', quantity: 1.25 },
          },
        ],
      },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().variants.map((v: { unitMeasure: unknown }) => v.unitMeasure)).toEqual([
      null,
      { unit: 'kg', quantity: 1.25 },
    ])
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${product._id}`,
      headers: seller.headers,
    })
    expect(read.json().variants[1].unitMeasure).toEqual({ unit: 'kg', quantity: 1.25 })
  })

  test('an invalid measure is a Spanish error on its field, and nothing is saved', async () => {
    const seller = await signedInSeller(app)
    const save = (unitMeasure: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: seller.headers,
        payload: { title: 'Aceite', variants: [{ price: 500000, unitMeasure }] },
      })
    const zero = await save({ unit: 'l', quantity: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json()).toMatchObject({
      code: 'INVALID',
      errors: [
        {
          name: 'variants.0.unitMeasure.quantity',
          message: 'La cantidad tiene que ser mayor que cero',
        },
      ],
    })
    const unit = await save({ unit: 'oz', quantity: 16 })
    expect(unit.statusCode).toBe(400)
    expect(unit.json().errors).toEqual([
      { name: 'variants.0.unitMeasure.unit', message: 'Elegí la unidad de medida' },
    ])
    const halfUnit = await save({ unit: 'unit', quantity: 2.5 })
    expect(halfUnit.json().errors).toEqual([
      { name: 'variants.0.unitMeasure.quantity', message: 'Las unidades van sin decimales' },
    ])
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/products',
      headers: seller.headers,
    })
    expect(list.json().docs).toEqual([])
  })
})

describe("the customer's answers", () => {
  test('the product, the cart and the checkout review carry the measure and the taxes', async () => {
    const shop = await shopForCheckout(app, {
      taxes: [{ name: 'IVA', rate: 21, appliesTo: 'all', collectionIds: [], included: true }],
    })
    const collection = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/collections',
        headers: shop.seller.headers,
        payload: { title: 'Importados' },
      })
    ).json() as { _id: string }
    // A tax added on top, only for the collection's products.
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_taxes',
      headers: shop.seller.headers,
      payload: {
        name: 'Impuesto interno',
        rate: 10.5,
        appliesTo: 'collections',
        collectionIds: [collection._id],
        included: false,
      },
    })
    expect(added.statusCode).toBe(201)
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
      payload: {
        title: 'Medialunas x 12',
        status: 'active',
        options: ['Tipo'],
        collectionIds: [collection._id],
        variants: [
          {
            _id: shop.manteca._id,
            options: { Tipo: 'Manteca' },
            price: 600000,
            stock: 10,
            unitMeasure: { unit: 'unit', quantity: 12 },
          },
          { _id: shop.grasa._id, options: { Tipo: 'Grasa' }, price: 500000, stock: 10 },
        ],
      },
    })
    expect(edited.statusCode).toBe(200)
    const taxes = [
      { rate: 21, included: true },
      { rate: 10.5, included: false },
    ]

    const c = await customerWithAddress(app)
    const page = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${shop.product._id}?latitude=-34.5818&longitude=-58.4306`,
      headers: { cookie: c.cookie },
    })
    expect(page.statusCode).toBe(200)
    const product = page.json()
    expect(product.taxes).toEqual(taxes)
    expect(product.variants.map((v: { unitMeasure: unknown }) => v.unitMeasure)).toEqual([
      { unit: 'unit', quantity: 12 },
      null,
    ])
    // What the web shows beside $ 6.000 from it, by hand: the final price adds 10,5 % on top
    // ($ 6.630); 12 units of it are $ 552,50 each; without the 21 % inside, $ 4.958,68.
    const final = finalPrice(600000, product.taxes)
    expect(final).toBe(663000)
    expect(unitPrice(final, product.variants[0].unitMeasure)?.perCents).toBe(55250)
    expect(priceWithoutNationalTaxes(600000, product.taxes)).toBe(495868)

    const checkoutId = await readyToConfirm(
      app,
      c,
      [
        { variantId: shop.manteca._id, quantity: 2 },
        { variantId: shop.grasa._id, quantity: 1 },
      ],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    const cart = await app.inject({ method: 'GET', url: '/api/v1/cart', headers: c.headers })
    // The confirm empties the cart; before it, the review left the cart as it was.
    expect(cart.json().items).toEqual([
      expect.objectContaining({ unitMeasure: { unit: 'unit', quantity: 12 }, taxes }),
      expect.objectContaining({ unitMeasure: null, taxes }),
    ])
    const review = await app.inject({
      method: 'GET',
      url: `/api/v1/checkout/${checkoutId}/review`,
      headers: c.headers,
    })
    expect(review.statusCode).toBe(200)
    expect(review.json().items).toEqual([
      expect.objectContaining({ unitMeasure: { unit: 'unit', quantity: 12 }, taxes }),
      expect.objectContaining({ unitMeasure: null, taxes }),
    ])
  })

  test('a store without taxes answers none; a tax saved later is in the next answer', async () => {
    const shop = await shopForCheckout(app)
    const read = () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/products/${shop.product._id}?latitude=-34.5818&longitude=-58.4306`,
      })
    expect((await read()).json()).toMatchObject({
      taxes: [],
      variants: [{ unitMeasure: null }, {}],
    })
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_taxes',
      headers: shop.seller.headers,
      payload: { name: 'IVA', rate: 10.5, appliesTo: 'all', collectionIds: [], included: true },
    })
    expect(saved.statusCode).toBe(201)
    // The catalogue's cached answer is dropped by the seller's write (decision 024).
    expect((await read()).json().taxes).toEqual([{ rate: 10.5, included: true }])
  })
})
