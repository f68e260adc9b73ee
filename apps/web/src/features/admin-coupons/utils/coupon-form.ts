import {
  couponInputSchema,
  couponProblems,
  type Coupon,
  type CouponInput,
  type CouponType,
} from '@barrio/contracts/coupons'

import { validateWith, withFieldErrors, type Validated } from '@/components/form/form-errors'

/**
 * The coupon form's values. `value` is what the seller types in the type's unit (12,5 % or
 * $ 2.000,50); both become the wire's integer by ×100 (basis points or centavos).
 */
export type CouponFormValues = {
  code: string
  type: CouponType
  value: number | ''
  /** Centavos, or null when empty. */
  minSubtotal: number | null
  /** `datetime-local` text in Buenos Aires time ("2026-12-01T09:00"), or empty. */
  startsAt: string
  endsAt: string
  maxUses: number | ''
  maxUsesPerCustomer: number | ''
  firstOrderOnly: boolean
  collectionIds: string[]
}

/** Argentina keeps UTC−3 all year (no daylight saving): the shop's wall clock. */
const BUENOS_AIRES_OFFSET = '-03:00'
const OFFSET_MS = 3 * 60 * 60 * 1000

/** "2026-12-01T09:00" (Buenos Aires) to "2026-12-01T09:00:00-03:00"; empty to null. */
export function localInputToIso(text: string): string | null {
  if (!text) return null
  return `${text.length === 16 ? `${text}:00` : text}${BUENOS_AIRES_OFFSET}`
}

/** An instant to the `datetime-local` text of Buenos Aires' wall clock; null to empty. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  return new Date(ms - OFFSET_MS).toISOString().slice(0, 16)
}

export function couponToValues(coupon?: Coupon): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    type: coupon?.type ?? 'percent',
    value: coupon && coupon.type !== 'free_delivery' ? coupon.value / 100 : '',
    minSubtotal: coupon?.minSubtotal ?? null,
    startsAt: isoToLocalInput(coupon?.startsAt),
    endsAt: isoToLocalInput(coupon?.endsAt),
    maxUses: coupon?.maxUses ?? '',
    maxUsesPerCustomer: coupon?.maxUsesPerCustomer ?? '',
    firstOrderOnly: coupon?.firstOrderOnly ?? false,
    collectionIds: [...(coupon?.collectionIds ?? [])],
  }
}

const optionalCount = (value: number | '') => (value === '' ? null : value)

/** The typed value as the wire's integer: basis points for a percent, centavos for an amount. */
export function valueToWire(type: CouponType, value: number | ''): number | undefined {
  if (type === 'free_delivery') return 0
  if (value === '') return undefined
  return Math.round(value * 100)
}

/** The request body through the contract, plus the checks between fields (`couponProblems`). */
export function validateCoupon(values: CouponFormValues): Validated<CouponInput> {
  const body = {
    code: values.code,
    type: values.type,
    value: valueToWire(values.type, values.value),
    minSubtotal: values.minSubtotal ?? 0,
    startsAt: localInputToIso(values.startsAt),
    endsAt: localInputToIso(values.endsAt),
    maxUses: optionalCount(values.maxUses),
    maxUsesPerCustomer: optionalCount(values.maxUsesPerCustomer),
    firstOrderOnly: values.firstOrderOnly,
    collectionIds: values.collectionIds,
  }
  const result = validateWith(couponInputSchema, body)
  // An empty value counts as 0: the contract's default would let it through.
  const problems = couponProblems({
    type: values.type,
    value: body.value ?? 0,
    startsAt: body.startsAt,
    endsAt: body.endsAt,
  })
  return withFieldErrors(
    result,
    Object.fromEntries(problems.map((problem) => [problem.name, problem.message])),
  )
}
