/**
 * Prices as Argentine law asks a shop to show them (Res. 4/2025 SICyC; issue 27 part 2, decision
 * 050): beside every final price, the price per unit of measure ("$ 4.500 x kg") and the price
 * without national taxes ("Precio sin impuestos nacionales: $ 3.719"). The one home of that
 * arithmetic: the API and the web both call these functions. Zod-free (product cards on the first
 * page use it, decision 020); the schemas live in `products.ts`.
 *
 * Money is integer centavos; every division rounds half up to the centavo, in integers only.
 */

/** How a seller measures a variant: 500 g, 1.5 l, 6 units… */
export const MEASURE_UNITS = ['kg', 'g', 'l', 'ml', 'm', 'unit'] as const
export type MeasureUnit = (typeof MEASURE_UNITS)[number]
export type UnitMeasure = { unit: MeasureUnit; quantity: number }

/** The seller's select. */
export const MEASURE_UNIT_LABELS: Record<MeasureUnit, string> = {
  kg: 'Kilogramos (kg)',
  g: 'Gramos (g)',
  l: 'Litros (l)',
  ml: 'Mililitros (ml)',
  m: 'Metros (m)',
  unit: 'Unidades',
}

/** Largest quantity a variant can measure (100 t, 100.000 l, 100 km, 100.000 units). */
export const MAX_UNIT_MEASURE_QUANTITY = 100_000
/** Quantities carry at most this many decimals (0,125 kg; 1,5 l). */
export const UNIT_MEASURE_DECIMALS = 3

/** What a unit price is per: grams and millilitres are shown per kilo and per litre. */
export type UnitPricePer = 'kg' | 'litro' | 'unidad' | 'metro'

const BASE: Record<MeasureUnit, { per: UnitPricePer; thousandthsPerBase: number }> = {
  // thousandthsPerBase: how many thousandths of the seller's unit make one base unit.
  kg: { per: 'kg', thousandthsPerBase: 1_000 },
  g: { per: 'kg', thousandthsPerBase: 1_000_000 },
  l: { per: 'litro', thousandthsPerBase: 1_000 },
  ml: { per: 'litro', thousandthsPerBase: 1_000_000 },
  m: { per: 'metro', thousandthsPerBase: 1_000 },
  unit: { per: 'unidad', thousandthsPerBase: 1_000 },
}

/** `a / b` rounded half up, for non-negative integers (b > 0). */
function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b))
}

/**
 * Pesos in es-AR from integer centavos, cents only when not whole ("$ 4.500", "$ 1.234,50"; a
 * no-break space after the sign). The same text as the web's `formatMoney`, which callers may
 * pass instead.
 */
export function formatPesos(centavos: number): string {
  const abs = Math.abs(Math.round(centavos))
  const cents = abs % 100
  const pesos = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  const sign = centavos < 0 && abs !== 0 ? '-' : ''
  return `${sign}$\u00a0${pesos}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`}`
}

export type UnitPrice = {
  /** Price of one kilo, litre, metre or unit, in centavos (half up). */
  perCents: number
  per: UnitPricePer
  /** "$ 4.500 x kg". */
  label: string
}

/**
 * The price per unit of measure of a variant that costs `priceCents` and holds `unitMeasure`:
 * grams normalised to kilos and millilitres to litres (500 g at $ 2.250 → "$ 4.500 x kg"; 6 units
 * at $ 210 → "$ 35 x unidad"). Null without a measure (or one that measures nothing). The quantity
 * is taken to its thousandths (the contract allows no more decimals), and the result is rounded
 * half up to the centavo: priceCents × thousandthsPerBase / thousandths, in integers (below 2^53
 * for any price up to MAX_PRICE_CENTS).
 */
export function unitPrice(
  priceCents: number,
  unitMeasure: UnitMeasure | null | undefined,
  format: (centavos: number) => string = formatPesos,
): UnitPrice | null {
  if (!unitMeasure) return null
  const base = BASE[unitMeasure.unit]
  const thousandths = Math.round(unitMeasure.quantity * 1000)
  if (!base || !(thousandths > 0) || !(priceCents >= 0)) return null
  const perCents = divideHalfUp(Math.round(priceCents) * base.thousandthsPerBase, thousandths)
  return { perCents, per: base.per, label: `${format(perCents)} x ${base.per}` }
}

/** A national tax that applies to a product: a rate in percent (21, 10.5) and whether the price holds it. */
export type ProductTax = { rate: number; included: boolean }

/** A store tax setting as `store_settings_taxes` keeps it (`TaxSetting`). */
export type StoreTaxRule = {
  rate: number
  appliesTo: 'all' | 'collections'
  collectionIds: readonly string[]
  included: boolean
}

/**
 * The store's taxes that apply to a product in these collections, as checkout applies them
 * (`checkout/pricing.ts` `taxLines`): every rule for all products, and collection rules when the
 * product is in one of their collections. Every store tax is taken as national (decision 050).
 */
export function taxesForProduct(
  rules: readonly StoreTaxRule[],
  collectionIds: readonly string[],
): ProductTax[] {
  return rules
    .filter((r) => r.appliesTo === 'all' || r.collectionIds.some((c) => collectionIds.includes(c)))
    .map((r) => ({ rate: r.rate, included: r.included }))
}

const basisPoints = (taxes: readonly ProductTax[], included: boolean) =>
  taxes.filter((t) => t.included === included).reduce((sum, t) => sum + Math.round(t.rate * 100), 0)

/**
 * What the customer pays for something the store prices at `priceCents`: the price itself when
 * its taxes are included (or it has none), plus each tax the store adds on top, each rounded half
 * up as checkout rounds it.
 */
export function finalPrice(priceCents: number, taxes: readonly ProductTax[]): number {
  return taxes
    .filter((t) => !t.included)
    .reduce(
      (sum, t) => sum + divideHalfUp(priceCents * Math.round(t.rate * 100), 10_000),
      priceCents,
    )
}

/**
 * The price without national taxes (Res. 4/2025): the store's price with the included taxes taken
 * out, priceCents × 10000 / (10000 + Σ included basis points), half up (IVA 21 % included: $ 4.500
 * → $ 3.719). Taxes the store adds on top are not in its price, so its price is already without
 * them; a product no tax applies to (or at 0 %) is without national taxes at its own price.
 */
export function priceWithoutNationalTaxes(
  priceCents: number,
  taxes: readonly ProductTax[],
): number {
  const bp = basisPoints(taxes, true)
  return bp === 0 ? priceCents : divideHalfUp(priceCents * 10_000, 10_000 + bp)
}
