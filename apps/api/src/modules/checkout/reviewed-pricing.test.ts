import { describe, expect, test } from 'vitest'
import { pricingChanges, sameReviewedPricing } from './reviewed-pricing.ts'
import type { ReviewedPricing } from './checkout.repository.ts'

const pricing: ReviewedPricing = {
  lines: [{ variantId: 'v1', title: 'Medialunas x 12 (Grasa)', unitPrice: 500000, quantity: 2 }],
  deliveryType: 'delivery',
  deliveryFee: 50000,
  taxLines: [{ name: 'IVA', rate: 21, amount: 173554, included: true }],
  taxes: 0,
  subtotal: 1000000,
  discount: 0,
  total: 1050000,
}

describe('sameReviewedPricing: GET review writes only a review that differs from the saved one', () => {
  test('the saved review as jsonb answers it (its own key order) is the same', () => {
    const saved = JSON.parse(
      '{"taxes":0,"total":1050000,"discount":0,"subtotal":1000000,"deliveryFee":50000,"deliveryType":"delivery",' +
        '"lines":[{"title":"Medialunas x 12 (Grasa)","quantity":2,"unitPrice":500000,"variantId":"v1"}],' +
        '"taxLines":[{"name":"IVA","rate":21,"amount":173554,"included":true}]}',
    ) as ReviewedPricing
    expect(sameReviewedPricing(saved, pricing)).toBe(true)
  })

  test('any field differing is written, also one confirm does not compare (a title)', () => {
    const renamed = { ...pricing, lines: [{ ...pricing.lines[0]!, title: 'Medialunas x 6' }] }
    expect(pricingChanges(renamed, pricing)).toEqual([])
    expect(sameReviewedPricing(renamed, pricing)).toBe(false)
    expect(sameReviewedPricing({ ...pricing, deliveryFee: 0 }, pricing)).toBe(false)
    expect(sameReviewedPricing({ ...pricing, lines: [] }, pricing)).toBe(false)
    // A review saved before coupons has no discount: it is written again with one.
    const { discount: _discount, ...beforeCoupons } = pricing
    expect(sameReviewedPricing(beforeCoupons, pricing)).toBe(false)
  })

  test('no saved review: written', () => {
    expect(sameReviewedPricing(null, pricing)).toBe(false)
  })
})
