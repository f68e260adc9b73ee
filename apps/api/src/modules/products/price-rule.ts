import type { PriceChangeRule, PriceRounding } from '@barrio/contracts/price-changes'

/**
 * The arithmetic of a bulk price change (decision 053), in integer centavos only: a percent is
 * basis points, so a new price is `price × (10000 + bp) / 10000` rounded half up with integer
 * division (no float ever holds money). Prices fit int4 and bp ≤ 100000, so every product stays
 * far below 2^53.
 */

/** ⌊a / b⌋ for a ≥ 0, b > 0, exact. */
const floorDiv = (a: number, b: number) => (a - (a % b)) / b

/** The nearest multiple of `step` (centavos), halves upwards; `value` ≥ 0. */
const nearestMultiple = (value: number, step: number) => floorDiv(value + step / 2, step) * step

const PESO = 100

/**
 * The nearest whole-peso price ending in 99 ($ 99, $ 199, … $ 1.299), halves upwards; $ 99 is
 * the smallest. Argentine shops' "terminado en 99".
 */
function endsIn99(value: number): number {
  const hundredPesos = 100 * PESO
  // Candidates k·$100 + $99 for k ≥ 0: shift by $1 so they become multiples of $100.
  const shifted = value + PESO
  const k = Math.max(1, floorDiv(shifted + hundredPesos / 2, hundredPesos))
  return k * hundredPesos - PESO
}

export function roundPrice(value: number, rounding: PriceRounding): number {
  if (value <= 0) return value // refused by the caller, never rounded up into a price
  switch (rounding) {
    case 'none':
      return value
    case '10':
      return nearestMultiple(value, 10 * PESO)
    case '100':
      return nearestMultiple(value, 100 * PESO)
    case 'ends-99':
      return endsIn99(value)
  }
}

/** The rule applied to one price, before rounding; may be ≤ 0 (the caller refuses it). */
export function changedPrice(price: number, rule: PriceChangeRule): number {
  if (rule.type === 'amount') return price + rule.value
  // bp ≥ −9999, so the factor and the product are ≥ 0 and floorDiv is exact.
  return floorDiv(price * (10_000 + rule.value) + 5_000, 10_000)
}

export function newPrice(price: number, rule: PriceChangeRule, rounding: PriceRounding): number {
  return roundPrice(changedPrice(price, rule), rounding)
}
