import { PRODUCT_STATUS_LABELS } from '@barrio/contracts/admin-products'
import {
  bulkPriceInputSchema,
  formatPercentBp,
  PRICE_CHANGE_TARGET_LABELS,
  PRICE_ROUNDING_LABELS,
  type BulkPriceFilter,
  type PriceChangeRule,
  type PriceChangeTarget,
  type PriceChangeType,
  type PriceRounding,
} from '@barrio/contracts/price-changes'

import type { BulkPriceBody } from '@/api/admin/price-changes/price-changes'
import { validateWith, type Validated } from '@/components/form/form-errors'
import { formatMoney, plural } from '@/lib/format'

/** The rule form: the number as typed (12,5 or 1.500), its direction apart. */
export type BulkPriceValues = {
  direction: 'up' | 'down'
  change: { type: PriceChangeType; value: string }
  apply: PriceChangeTarget
  rounding: PriceRounding
}

export const EMPTY_BULK_PRICE_VALUES: BulkPriceValues = {
  direction: 'up',
  change: { type: 'percent', value: '' },
  apply: 'price',
  rounding: 'none',
}

/**
 * A number typed the Argentine way as hundredths (an integer, no float kept): "12,5" → 1250,
 * "1.500" → 150000, "1.500,50" → 150050; a lone dot before 1–2 digits is a decimal point
 * ("12.5"). Null when it is not a number with at most two decimals.
 */
export function parseHundredths(text: string): number | null {
  let t = text.replace(/[\s$%\u00a0]/g, '')
  if (!t) return null
  if (t.includes(',')) t = t.replaceAll('.', '').replace(',', '.')
  else if (!/^\d+\.\d{1,2}$/.test(t)) t = t.replaceAll('.', '')
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t)
  if (!match) return null
  const whole = Number(match[1])
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  const value = whole * 100 + fraction
  return Number.isSafeInteger(value) ? value : null
}

/** The request body from the form, or field errors in Spanish under the form's own paths. */
export function validateBulkPrice(
  values: BulkPriceValues,
  filter: BulkPriceFilter,
): Validated<BulkPriceBody> {
  const hundredths = parseHundredths(values.change.value)
  if (hundredths === null) {
    return {
      success: false,
      errors: {
        'change.value': values.change.value.trim()
          ? values.change.type === 'percent'
            ? 'Escribí un número con hasta dos decimales, por ejemplo 12,5'
            : 'Escribí un importe en pesos, por ejemplo 1.500 o 250,50'
          : values.change.type === 'percent'
            ? 'Ingresá el porcentaje'
            : 'Ingresá el importe',
      },
    }
  }
  const sign = values.direction === 'down' ? -1 : 1
  const body = {
    filter,
    change: { type: values.change.type, value: sign * hundredths },
    apply: values.apply,
    rounding: values.rounding,
  }
  const checked = validateWith(bulkPriceInputSchema, body)
  return checked.success ? { success: true, data: body } : checked
}

/** "Aumento del 12,5 %", "Baja de $ 250". */
export function describeRule(change: PriceChangeRule): string {
  if (change.type === 'percent') {
    const amount = formatPercentBp(Math.abs(change.value)).replace(/^[+−]/, '')
    return change.value > 0 ? `Aumento del ${amount}` : `Baja del ${amount}`
  }
  const amount = formatMoney(Math.abs(change.value))
  return change.value > 0 ? `Aumento de ${amount}` : `Baja de ${amount}`
}

/** "Precio · Terminado en 99 (como $ 1.299)"; the rounding only when there is one. */
export function describeTarget(apply: PriceChangeTarget, rounding: PriceRounding): string {
  const target = PRICE_CHANGE_TARGET_LABELS[apply]
  return rounding === 'none' ? target : `${target} · ${PRICE_ROUNDING_LABELS[rounding]}`
}

/** Which products, in words: "3 productos elegidos", "Búsqueda «yerba» · Activo". */
export function describeFilter(filter: BulkPriceFilter, collectionName?: string): string {
  const parts: string[] = []
  if (filter.productIds?.length)
    parts.push(plural(filter.productIds.length, 'producto elegido', 'productos elegidos'))
  const search = typeof filter.search === 'string' ? filter.search : filter.search?.$contains
  if (search) parts.push(`Búsqueda «${search}»`)
  if (filter.collectionId)
    parts.push(collectionName ? `Colección ${collectionName}` : 'Una colección')
  if (filter.tags?.length) parts.push(`Etiquetas: ${filter.tags.join(', ')}`)
  if (typeof filter.status === 'string') parts.push(PRODUCT_STATUS_LABELS[filter.status])
  if (filter.price) parts.push('Rango de precios')
  if (filter.stock) parts.push('Stock bajo')
  return parts.length ? parts.join(' · ') : 'Todos los productos'
}
