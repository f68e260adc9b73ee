import type { VariantRow } from './products.repository.ts'

/**
 * A variant as every answer describes it: the customer's (`catalog.dto.ts`, plus `isAvailable`)
 * and the seller's (`products.service.ts`, plus the weight). `stock` is the count the store holds,
 * as stored: every write refuses a negative count (the product form, inventory adjustments, the
 * orders' conditional reservations), and an untracked variant keeps the count the seller typed,
 * which `trackInventory: false` says does not limit sales (clients read `stock` only when it is
 * true). `unitMeasure`: what the price buys, for the price per unit (decision 050).
 */
export function variantFields(v: VariantRow) {
  return {
    _id: v.id,
    title: v.title,
    sku: v.sku,
    options: v.optionValues,
    price: v.priceCents,
    compareAtPrice: v.compareAtPriceCents,
    stock: v.stockQuantity,
    trackInventory: v.trackStock,
    unitMeasure: v.unitMeasure ?? null,
  }
}
