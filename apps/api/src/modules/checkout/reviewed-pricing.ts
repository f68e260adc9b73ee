import type { CheckoutSummary } from '@barrio/contracts/checkout'
import type { ReviewedPricing } from './checkout.repository.ts'
import { formatArs } from '../../lib/money.ts'

/** The parts of the checkout summary that make up the price. */
type PricedSummary = Pick<
  CheckoutSummary,
  | 'items'
  | 'deliveryType'
  | 'deliveryFee'
  | 'taxLines'
  | 'taxes'
  | 'discount'
  | 'subtotal'
  | 'total'
>

const lineName = (l: { title: string; variantTitle: string | null }) =>
  l.variantTitle ? `${l.title} (${l.variantTitle})` : l.title

/** What the customer is shown and agrees to pay: the part of a summary confirm must honour. */
export function reviewedPricingOf(summary: PricedSummary): ReviewedPricing {
  return {
    lines: summary.items.map((i) => ({
      variantId: i.variantId,
      title: lineName(i),
      unitPrice: i.unitPrice,
      quantity: i.quantity,
    })),
    deliveryType: summary.deliveryType,
    deliveryFee: summary.deliveryFee,
    taxLines: summary.taxLines.map((t) => ({
      name: t.name,
      rate: t.rate,
      amount: t.amount,
      included: t.included,
    })),
    taxes: summary.taxes,
    subtotal: summary.subtotal,
    discount: summary.discount,
    total: summary.total,
  }
}

/**
 * Every difference between the reviewed pricing and the current one, in Spanish, most specific
 * first (a line's price, its quantity, a line added or gone, the delivery fee, the taxes, then the
 * total). Empty when the two are exactly the same.
 */
export function pricingChanges(before: ReviewedPricing, after: ReviewedPricing): string[] {
  const changes: string[] = []
  const was = new Map(before.lines.map((l) => [l.variantId, l]))
  const now = new Map(after.lines.map((l) => [l.variantId, l]))
  for (const l of after.lines) {
    const old = was.get(l.variantId)
    if (!old) changes.push(`Se agregó ${l.title} a tu pedido.`)
    else {
      if (old.unitPrice !== l.unitPrice)
        changes.push(
          `Cambió el precio de ${l.title}: antes ${formatArs(old.unitPrice)}, ahora ${formatArs(l.unitPrice)}.`,
        )
      if (old.quantity !== l.quantity)
        changes.push(
          `Cambió la cantidad de ${l.title}: antes ${old.quantity}, ahora ${l.quantity}.`,
        )
    }
  }
  for (const l of before.lines)
    if (!now.has(l.variantId)) changes.push(`${l.title} ya no está en tu pedido.`)
  if (before.deliveryType !== after.deliveryType)
    changes.push('Cambió la forma de entrega de tu pedido.')
  else if (before.deliveryFee !== after.deliveryFee)
    changes.push(
      `Cambió el costo de entrega: antes ${formatArs(before.deliveryFee)}, ahora ${formatArs(after.deliveryFee)}.`,
    )
  if (
    before.taxes !== after.taxes ||
    JSON.stringify(before.taxLines) !== JSON.stringify(after.taxLines)
  )
    changes.push(
      `Cambiaron los impuestos: antes ${formatArs(before.taxes)}, ahora ${formatArs(after.taxes)}.`,
    )
  if ((before.discount ?? 0) !== (after.discount ?? 0))
    changes.push(
      `Cambió el descuento del cupón: antes ${formatArs(before.discount ?? 0)}, ahora ${formatArs(after.discount ?? 0)}.`,
    )
  if (changes.length === 0 && (before.subtotal !== after.subtotal || before.total !== after.total))
    changes.push(
      `Cambió el total: antes ${formatArs(before.total)}, ahora ${formatArs(after.total)}.`,
    )
  return changes
}

export const CONFIRM_AGAIN = 'Revisá el total y confirmá de nuevo.'

/** The same JSON value, whatever the order of its keys (jsonb keeps its own order). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysOf = (o: object) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
  const keys = keysOf(a)
  if (keys.length !== keysOf(b).length) return false
  return keys.every((k) =>
    sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  )
}

/**
 * Whether the saved review is exactly this pricing (GET review then has nothing to write, decision
 * 068): every field equal, not only those `pricingChanges` compares.
 */
export const sameReviewedPricing = (saved: ReviewedPricing | null, now: ReviewedPricing) =>
  saved !== null && sameJson(saved, now)
