import {
  logisticsSettingsSchema,
  SCHEDULABLE_DELIVERY_TYPES,
  schedulingSettingsSchema,
  type LogisticsSettings,
  type SchedulingSettings,
} from '@barrio/contracts/admin-settings'
import type { ProvinceCode } from '@barrio/contracts/provinces'

import { validateWith, type FieldErrors, type Validated } from '@/components/form/form-errors'
import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'

export type FeeBandDraft = { key: string; upToKm: NumberFieldValue; amount: number | null }
export type ProvinceFeeDraft = { key: string; code: ProvinceCode | null; fee: number | null }

/** The delivery types whose orders can be scheduled into slots (issue 26). */
export type SchedulableType = (typeof SCHEDULABLE_DELIVERY_TYPES)[number]

/** One delivery type's "Pedidos programados", numbers possibly empty while typed. */
export type SchedulingDraft = {
  enabled: boolean
  slotMinutes: number | ''
  slotCapacity: number | ''
  prepMinutes: number | ''
  maxDaysAhead: number | ''
  cutoffMinutes: number | ''
}
const SCHEDULING_NUMBERS = [
  'slotMinutes',
  'slotCapacity',
  'prepMinutes',
  'maxDaysAhead',
  'cutoffMinutes',
] as const

/** Money in centavos, empty numbers as ''. */
export type LogisticsFormValues = {
  pickup: {
    enabled: boolean
    address: string
    preparationMinutes: number | ''
    instructions: string
  }
  delivery: {
    enabled: boolean
    radiusKm: NumberFieldValue
    feeType: 'flat' | 'bands'
    flatAmount: number | null
    bands: FeeBandDraft[]
    freeFrom: number | null
    minOrder: number | null
    estimatedMinutes: number | ''
  }
  shipping: {
    enabled: boolean
    provinces: ProvinceFeeDraft[]
    estimatedDays: number | ''
  }
  ordersWhenClosed: boolean
  /** Same paths as the contract's, so the server's field errors land under their fields. */
  scheduling: Record<SchedulableType, SchedulingDraft>
}

let seq = 0
export const draftKey = () => {
  seq += 1
  return `k${seq}`
}

export function defaultLogisticsValues(): LogisticsFormValues {
  return {
    pickup: { enabled: true, address: '', preparationMinutes: 30, instructions: '' },
    delivery: {
      enabled: false,
      radiusKm: 3,
      feeType: 'flat',
      flatAmount: 0,
      bands: [],
      freeFrom: null,
      minOrder: null,
      estimatedMinutes: 45,
    },
    shipping: { enabled: false, provinces: [], estimatedDays: 5 },
    ordersWhenClosed: false,
    scheduling: { pickup: schedulingDraft(), delivery: schedulingDraft() },
  }
}

/** The contract's defaults (off, 30-minute slots…) when the store never set them. */
function schedulingDraft(settings?: SchedulingSettings): SchedulingDraft {
  return { ...(settings ?? schedulingSettingsSchema.parse({})) }
}

export function logisticsToValues(settings: LogisticsSettings | null): LogisticsFormValues {
  if (!settings) return defaultLogisticsValues()
  const { pickup, delivery, shipping } = settings
  return {
    pickup: {
      enabled: pickup.enabled,
      address: pickup.address ?? '',
      preparationMinutes: pickup.preparationMinutes,
      instructions: pickup.instructions ?? '',
    },
    delivery: {
      enabled: delivery.enabled,
      radiusKm: delivery.radiusKm,
      feeType: delivery.fee.type,
      flatAmount: delivery.fee.type === 'flat' ? delivery.fee.amount : 0,
      bands:
        delivery.fee.type === 'bands'
          ? delivery.fee.bands.map((b) => ({ key: draftKey(), upToKm: b.upToKm, amount: b.amount }))
          : [],
      freeFrom: delivery.freeFrom ?? null,
      minOrder: delivery.minOrder ?? null,
      estimatedMinutes: delivery.estimatedMinutes,
    },
    shipping: {
      enabled: shipping.enabled,
      provinces: shipping.provinces.map((p) => ({ key: draftKey(), code: p.code, fee: p.fee })),
      estimatedDays: shipping.estimatedDays,
    },
    ordersWhenClosed: settings.ordersWhenClosed,
    scheduling: {
      pickup: schedulingDraft(settings.scheduling.pickup),
      delivery: schedulingDraft(settings.scheduling.delivery),
    },
  }
}

const num = (value: NumberFieldValue | null) => (value === null ? undefined : toNumber(value))
const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The request body, bands in the order typed (sorted after validation). */
export function valuesToLogisticsInput(values: LogisticsFormValues): Record<string, unknown> {
  const { pickup, delivery, shipping } = values
  return {
    pickup: {
      enabled: pickup.enabled,
      address: orNull(pickup.address),
      preparationMinutes: num(pickup.preparationMinutes),
      instructions: orNull(pickup.instructions),
    },
    delivery: {
      enabled: delivery.enabled,
      radiusKm: num(delivery.radiusKm),
      fee:
        delivery.feeType === 'flat'
          ? { type: 'flat', amount: num(delivery.flatAmount) }
          : {
              type: 'bands',
              bands: delivery.bands.map((b) => ({ upToKm: num(b.upToKm), amount: num(b.amount) })),
            },
      freeFrom: delivery.freeFrom,
      minOrder: delivery.minOrder,
      estimatedMinutes: num(delivery.estimatedMinutes),
    },
    shipping: {
      enabled: shipping.enabled,
      provinces: shipping.provinces.map((p) => ({ code: p.code ?? undefined, fee: num(p.fee) })),
      estimatedDays: num(shipping.estimatedDays),
    },
    ordersWhenClosed: values.ordersWhenClosed,
    scheduling: Object.fromEntries(
      SCHEDULABLE_DELIVERY_TYPES.map((type) => {
        const draft = values.scheduling[type]
        return [
          type,
          {
            enabled: draft.enabled,
            ...Object.fromEntries(SCHEDULING_NUMBERS.map((key) => [key, num(draft[key])])),
          },
        ]
      }),
    ),
  }
}

/** Contract validation plus the form's own rules; bands come out sorted by distance. */
export function validateLogistics(values: LogisticsFormValues): Validated<LogisticsSettings> {
  const extra: FieldErrors = {}
  const { delivery, shipping } = values
  if (delivery.feeType === 'bands') {
    const seen = new Set<number>()
    delivery.bands.forEach((band, index) => {
      const km = toNumber(band.upToKm)
      if (km === undefined) extra[`delivery.fee.bands.${index}.upToKm`] = 'Ingresá la distancia'
      else if (seen.has(km))
        extra[`delivery.fee.bands.${index}.upToKm`] = 'Ya hay un tramo con esa distancia'
      else seen.add(km)
      if (band.amount === null) extra[`delivery.fee.bands.${index}.amount`] = 'Ingresá el costo'
    })
  } else if (delivery.flatAmount === null) {
    extra['delivery.fee.amount'] = 'Ingresá el costo de entrega'
  }
  const codes = new Set<string>()
  shipping.provinces.forEach((p, index) => {
    if (!p.code) extra[`shipping.provinces.${index}.code`] = 'Elegí la provincia'
    else if (codes.has(p.code))
      extra[`shipping.provinces.${index}.code`] = 'Esa provincia ya está en la lista'
    else codes.add(p.code)
    if (p.fee === null) extra[`shipping.provinces.${index}.fee`] = 'Ingresá el costo'
  })
  if (toNumber(delivery.radiusKm) === undefined)
    extra['delivery.radiusKm'] = 'Ingresá el radio de entrega'
  // Scheduling on: every number counts (an empty one would silently become the default).
  for (const type of SCHEDULABLE_DELIVERY_TYPES) {
    const draft = values.scheduling[type]
    if (!draft.enabled) continue
    for (const key of SCHEDULING_NUMBERS)
      if (draft[key] === '') extra[`scheduling.${type}.${key}`] = 'Completá este número'
  }

  const result = validateWith(logisticsSettingsSchema, valuesToLogisticsInput(values))
  if (!result.success || Object.keys(extra).length > 0) {
    return { success: false, errors: { ...(result.success ? {} : result.errors), ...extra } }
  }
  const data = result.data
  if (data.delivery.fee.type === 'bands') {
    data.delivery.fee.bands = [...data.delivery.fee.bands].sort((a, b) => a.upToKm - b.upToKm)
  }
  return { success: true, data }
}
