import { z } from 'zod'
import { moneySchema } from './common.ts'
import { MAX_PRICE_CENTS } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * A store's coupons (issue 28, decision 056): "10 % los martes", "$ 2.000 en tu primera compra",
 * "envío gratis". The code is typed at checkout's review; the discount is on the order.
 */
export const COUPON_TYPES = ['percent', 'amount', 'free_delivery'] as const
export type CouponType = (typeof COUPON_TYPES)[number]
export const COUPON_TYPE_LABELS: Record<CouponType, string> = {
  percent: 'Porcentaje',
  amount: 'Importe fijo',
  free_delivery: 'Envío gratis',
}

/** Codes are kept upper case: customers type "martes10" or "MARTES10" alike. */
export const couponCodeSchema = z
  .string({ error: 'Ingresá el código' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,30}$/, 'El código tiene de 3 a 30 letras, números, guiones o guiones bajos')

const optionalLimit = z
  .number({ error: 'Ingresá un número entero' })
  .int('Ingresá un número entero')
  .min(1, 'Tiene que ser 1 o más')
  .max(1_000_000, 'Es demasiado grande')
  .nullish()

/** POST / PUT /admin/coupons. `value`: basis points for a percent (1000 = 10 %), centavos for an amount. */
export const couponInputSchema = z.object({
  code: couponCodeSchema,
  type: z.enum(COUPON_TYPES, { error: 'Elegí el tipo de descuento' }),
  value: z
    .number({ error: 'Ingresá el descuento' })
    .int('El descuento va sin decimales')
    .min(0, 'El descuento no puede ser negativo')
    .max(MAX_PRICE_CENTS, 'El descuento es demasiado grande')
    .default(0),
  minSubtotal: z
    .number({ error: 'Ingresá el mínimo de compra' })
    .int()
    .min(0, 'El mínimo no puede ser negativo')
    .max(MAX_PRICE_CENTS, 'El mínimo es demasiado grande')
    .default(0),
  startsAt: z.iso.datetime({ offset: true, error: 'Ingresá una fecha válida' }).nullish(),
  endsAt: z.iso.datetime({ offset: true, error: 'Ingresá una fecha válida' }).nullish(),
  maxUses: optionalLimit,
  maxUsesPerCustomer: optionalLimit,
  firstOrderOnly: z.boolean().default(false),
  collectionIds: z.array(z.uuid()).max(50, 'Hasta 50 colecciones').default([]),
})

/**
 * What a coupon's fields say of each other, as field errors: a percent between 0,01 % and 100 %,
 * an amount above zero, an end after the start. The API checks them once it knows the coupon is
 * the store's (a stranger's id is 404 first); the seller's form checks them as typed.
 */
export function couponProblems(c: {
  type: CouponType
  value: number
  startsAt?: string | null
  endsAt?: string | null
}): Array<{ name: string; message: string }> {
  const problems: Array<{ name: string; message: string }> = []
  if (c.type === 'percent' && (c.value < 1 || c.value > 10_000))
    problems.push({ name: 'value', message: 'El porcentaje va de 0,01 % a 100 %' })
  if (c.type === 'amount' && c.value < 1)
    problems.push({ name: 'value', message: 'Ingresá el importe del descuento' })
  if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
    problems.push({ name: 'endsAt', message: 'El fin tiene que ser posterior al inicio' })
  return problems
}

export type CouponInput = z.infer<typeof couponInputSchema>

export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'exhausted'] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Vigente',
  scheduled: 'Programado',
  expired: 'Vencido',
  exhausted: 'Agotado',
}

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  minSubtotal: moneySchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  firstOrderOnly: z.boolean(),
  collectionIds: z.array(z.string()),
  /** Orders placed with it. */
  uses: z.number(),
  status: z.enum(COUPON_STATUSES),
  createdAt: z.string(),
})
export type Coupon = z.infer<typeof couponSchema>

export const couponListQuerySchema = paginationQuery(20).extend({
  q: z.string().trim().max(30).optional(),
})
export const couponPageSchema = pageOf(couponSchema)

/** What checkout says of the code the customer typed. */
export const checkoutCouponSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  /** Why it does not apply ("Mínimo de compra $ 10.000", "Ya usaste este cupón", "Vencido"). */
  message: z.string().nullable(),
})
export type CheckoutCoupon = z.infer<typeof checkoutCouponSchema>

/** "10 %", "$ 2.000" or "Envío gratis": a coupon's discount in words. */
export function describeCouponValue(type: CouponType, value: number): string {
  if (type === 'free_delivery') return 'Envío gratis'
  if (type === 'percent') {
    const whole = Math.trunc(value / 100)
    const rest = value % 100
    return `${whole}${rest ? `,${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''} %`
  }
  const pesos = Math.trunc(value / 100)
  const cents = value % 100
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `$ ${grouped}${cents ? `,${String(cents).padStart(2, '0')}` : ''}`
}
