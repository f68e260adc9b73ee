/**
 * The commission's arithmetic (decision 045), in integer centavos and basis points: no floats.
 * Pure functions, shared by the order placement, the demo's history and the tests; the part
 * refunds take back is also a generated column of `orders` (`commission_refunded`) with the same
 * formula, so every refund path keeps it right without knowing of commissions.
 */

export type CommissionRates = {
  defaultRateBp: number
  byCategory: Partial<Record<string, number>>
  byStore: ReadonlyMap<string, number>
}

/** A store's rate: its own, else its category's, else the default. */
export function resolveRateBp(
  rates: CommissionRates,
  store: { id: string; category: string },
): number {
  return rates.byStore.get(store.id) ?? rates.byCategory[store.category] ?? rates.defaultRateBp
}

/**
 * The commission on a basis (centavos) at a rate (bp), rounded half up to the centavo:
 * floor((basis × rate + 5000) / 10000). 100 bp of $10,50 (1050) is 10,5 centavos → 11.
 * basis × rate stays below 2^53 for any int4 amount.
 */
export function commissionOf(basis: number, rateBp: number): number {
  if (basis <= 0 || rateBp <= 0) return 0
  return Math.floor((basis * rateBp + 5000) / 10000)
}

/**
 * What refunds take back of a commission, pro rata of the amount refunded over the order's total,
 * rounded half up: round(commission × refunded / total). Never below 0, never above the
 * commission, and the whole commission once the whole total was refunded. Computed from the
 * refunds' running sum (not refund by refund), so several partial refunds never drift from one
 * refund of the same sum. BigInt: commission × refunded may pass 2^53.
 */
export function commissionRefundedOf(commission: number, refunded: number, total: number): number {
  if (refunded <= 0 || total <= 0 || commission <= 0) return 0
  if (refunded >= total) return commission
  const c = BigInt(commission)
  const r = BigInt(refunded)
  const t = BigInt(total)
  return Number((2n * c * r + t) / (2n * t))
}
