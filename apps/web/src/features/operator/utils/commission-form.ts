import {
  commissionSettingsInputSchema,
  percentToRateBp,
  rateBpToPercent,
  type CommissionSettings,
  type CommissionSettingsInput,
} from '@barrio/contracts/commissions'
import { STORE_CATEGORIES, type StoreCategory } from '@barrio/contracts/common'

import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'
import { validateWith, type FieldErrors, type Validated } from '@/components/form/form-errors'

/**
 * The commission form (decision 045): rates typed in percent with es-AR decimals (12,5 %), sent
 * as basis points (1250). An empty category rate means "the default".
 */
export type CommissionFormValues = {
  defaultRate: NumberFieldValue
  byCategory: Record<StoreCategory, NumberFieldValue>
  byStore: Array<{ storeId: string; storeName: string; rate: NumberFieldValue }>
}

export function commissionToValues(saved: CommissionSettings): CommissionFormValues {
  const byCategory = Object.fromEntries(
    STORE_CATEGORIES.map((c) => {
      const rate = saved.byCategory[c]
      return [c, rate === undefined ? '' : rateBpToPercent(rate)]
    }),
  ) as Record<StoreCategory, NumberFieldValue>
  return {
    defaultRate: rateBpToPercent(saved.defaultRateBp),
    byCategory,
    byStore: saved.byStore.map((s) => ({
      storeId: s.storeId,
      storeName: s.storeName,
      rate: rateBpToPercent(s.rateBp),
    })),
  }
}

/** A percent field as basis points; undefined (empty or unreadable) stays undefined. */
function toRateBp(value: NumberFieldValue): number | undefined {
  const percent = toNumber(value)
  return percent === undefined ? undefined : percentToRateBp(percent)
}

/**
 * Where an error of the wire (`defaultRateBp`, `byCategory.kiosco`, `byStore.2.rateBp`,
 * `byStore.2.storeId`) shows in the form: under the field holding that rate.
 */
export function commissionErrorPath(name: string): string {
  if (name === 'defaultRateBp') return 'defaultRate'
  const store = /^byStore\.(\d+)\.(rateBp|storeId)$/.exec(name)
  if (store) return `byStore.${store[1]}.rate`
  return name
}

function remap(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  for (const [name, message] of Object.entries(errors)) {
    const key = commissionErrorPath(name)
    if (!(key in out)) out[key] = message
  }
  return out
}

export function validateCommissions(
  values: CommissionFormValues,
): Validated<CommissionSettingsInput> {
  const byCategory: Partial<Record<StoreCategory, number | undefined>> = {}
  for (const c of STORE_CATEGORIES) {
    const typed = values.byCategory[c]
    if (typed !== '' && typed !== undefined) byCategory[c] = toRateBp(typed)
  }
  const result = validateWith(commissionSettingsInputSchema, {
    defaultRateBp: toRateBp(values.defaultRate),
    byCategory,
    byStore: values.byStore.map((s) => ({ storeId: s.storeId, rateBp: toRateBp(s.rate) })),
  })
  return result.success ? result : { success: false, errors: remap(result.errors) }
}
