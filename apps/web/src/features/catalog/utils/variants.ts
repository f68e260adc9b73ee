import type { Product, Variant } from '@barrio/contracts/products'

export type SelectedOptions = Record<string, string>

/** Below this many units a tracked variant says "Últimas N unidades". */
export const LOW_STOCK_THRESHOLD = 5
export const MAX_QUANTITY = 99

/** The values of one option, in the order the variants list them. */
export function optionValues(product: Product, option: string): string[] {
  const values: string[] = []
  for (const variant of product.variants) {
    const value = variant.options[option]
    if (value !== undefined && !values.includes(value)) values.push(value)
  }
  return values
}

function matches(variant: Variant, selected: SelectedOptions): boolean {
  return Object.entries(selected).every(([option, value]) => variant.options[option] === value)
}

export function isVariantInStock(variant: Variant): boolean {
  return variant.isAvailable && (!variant.trackInventory || variant.stock > 0)
}

/** The first variant that can be bought, else the first one. */
export function defaultVariant(product: Product): Variant | undefined {
  return product.variants.find(isVariantInStock) ?? product.variants[0]
}

/** The variant whose options equal the selection. */
export function findVariant(product: Product, selected: SelectedOptions): Variant | undefined {
  return product.variants.find(
    (variant) =>
      matches(variant, selected) &&
      product.options.every((option) => selected[option] === variant.options[option]),
  )
}

/**
 * Picks `value` for `option`. Shops do not sell every combination ("L / Celeste" may exist and
 * "M / Celeste" not): when the other choices no longer fit, the closest existing variant with the
 * new value wins, preferring one in stock.
 */
export function selectOption(
  product: Product,
  selected: SelectedOptions,
  option: string,
  value: string,
): SelectedOptions {
  const next = { ...selected, [option]: value }
  if (findVariant(product, next)) return next
  const withValue = product.variants.filter((v) => v.options[option] === value)
  const score = (v: Variant) =>
    product.options.filter((o) => o !== option && v.options[o] === selected[o]).length * 2 +
    (isVariantInStock(v) ? 1 : 0)
  const best = [...withValue].sort((a, b) => score(b) - score(a))[0]
  return best ? { ...best.options } : next
}

/** Whether choosing `value` (the selection then moves as selectOption says) ends in stock. */
export function isOptionValueInStock(
  product: Product,
  selected: SelectedOptions,
  option: string,
  value: string,
): boolean {
  const variant = findVariant(product, selectOption(product, selected, option, value))
  return variant ? isVariantInStock(variant) : false
}

export type StockStatus =
  | { kind: 'out'; label: 'Sin stock' }
  | { kind: 'low'; label: string; units: number }
  | { kind: 'in'; label: 'En stock' }

/** 'Sin stock', 'Últimas N unidades' (or 'Última unidad'), else 'En stock'. */
export function stockStatus(variant: Variant): StockStatus {
  if (!isVariantInStock(variant)) return { kind: 'out', label: 'Sin stock' }
  if (variant.trackInventory && variant.stock <= LOW_STOCK_THRESHOLD) {
    const units = variant.stock
    return {
      kind: 'low',
      units,
      label: units === 1 ? 'Última unidad' : `Últimas ${units} unidades`,
    }
  }
  return { kind: 'in', label: 'En stock' }
}

/** The most a customer may pick: the stock when it is tracked, capped at 99. */
export function maxQuantity(variant: Variant): number {
  if (!isVariantInStock(variant)) return 0
  return variant.trackInventory ? Math.min(variant.stock, MAX_QUANTITY) : MAX_QUANTITY
}
