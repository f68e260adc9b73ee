import { describe, expect, test } from 'vitest'
import { counterOrderQuoteSchema } from './admin-counter-orders.ts'
import { inventoryRowSchema } from './admin-products.ts'

// Money is integer centavos ≥ 0 (moneySchema, decision 015) in every answer, so the API's response
// check refuses a negative amount rather than sending it, and /api/docs says minimum 0.
const quote = {
  lines: [
    {
      variantId: 'v',
      title: 'Yerba',
      variantTitle: '',
      unitPrice: 1000,
      quantity: 2,
      lineTotal: 2000,
      stock: null,
    },
  ],
  subtotal: 2000,
  deliveryOptions: [{ type: 'delivery', label: 'Envío', available: true, reason: null, fee: 500 }],
  paymentMethods: [],
  deliveryFee: 500,
  taxes: 0,
  total: 2500,
}
const inventoryRow = {
  variantId: 'v',
  productId: 'p',
  productTitle: 'Yerba',
  variantTitle: '',
  sku: null,
  price: 1000,
  stock: 3,
  trackInventory: true,
  status: 'active',
}

describe('money in the seller answers', () => {
  test('a counter-order quote refuses a negative or fractional amount anywhere', () => {
    expect(counterOrderQuoteSchema.safeParse(quote).success).toBe(true)
    const broken = [
      { ...quote, subtotal: -1 },
      { ...quote, total: -2500 },
      { ...quote, taxes: -1 },
      { ...quote, deliveryFee: 0.5 },
      { ...quote, lines: [{ ...quote.lines[0], unitPrice: -1000 }] },
      { ...quote, lines: [{ ...quote.lines[0], lineTotal: -2000 }] },
      { ...quote, deliveryOptions: [{ ...quote.deliveryOptions[0], fee: -500 }] },
    ]
    for (const answer of broken)
      expect(counterOrderQuoteSchema.safeParse(answer).success).toBe(false)
  })

  test('an inventory row refuses a negative price', () => {
    expect(inventoryRowSchema.safeParse(inventoryRow).success).toBe(true)
    expect(inventoryRowSchema.safeParse({ ...inventoryRow, price: -1 }).success).toBe(false)
  })
})
