import type { CheckoutCoupon, CouponStatus } from '@barrio/contracts/coupons'
import { formatArs } from '../../lib/money.ts'

export type CouponRow = {
  id: string
  code: string
  type: 'percent' | 'amount' | 'free_delivery'
  value: number
  minSubtotal: number
  startsAt: Date | null
  endsAt: Date | null
  maxUses: number | null
  maxUsesPerCustomer: number | null
  firstOrderOnly: boolean
  collectionIds: string[]
  uses: number
}

/** What checkout knows when it prices a code: the coupon (null: no such code) and the customer's past. */
export type CouponContext = {
  code: string
  coupon: CouponRow | null
  /** Orders this customer placed with this coupon. */
  customerUses: number
  /** Whether this customer already ordered from the store. */
  hasOrdered: boolean
}

export type CouponLine = { lineTotal: number; collectionIds: string[] }

export type CouponResult = {
  coupon: CheckoutCoupon
  /** Centavos off the total, 0 when it does not apply. */
  discount: number
  /** The part of the discount on the items (not the delivery), for the commission's base. */
  itemsDiscount: number
}

export function couponStatus(c: CouponRow, now: Date): CouponStatus {
  if (c.endsAt && c.endsAt.getTime() <= now.getTime()) return 'expired'
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'exhausted'
  if (c.startsAt && c.startsAt.getTime() > now.getTime()) return 'scheduled'
  return 'active'
}

const refuse = (code: string, message: string): CouponResult => ({
  coupon: { code, applied: false, message },
  discount: 0,
  itemsDiscount: 0,
})

/**
 * Whether a coupon applies to a cart, and its discount (decision 056): a percent of the eligible
 * items (all, or those of its collections) rounded half up, a fixed amount up to what they cost,
 * or the delivery fee. Never more than the items plus delivery; why not, in Spanish.
 */
export function applyCoupon(
  ctx: CouponContext,
  cart: { lines: CouponLine[]; subtotal: number; deliveryFee: number; now: Date },
): CouponResult {
  const c = ctx.coupon
  if (!c) return refuse(ctx.code, 'Este cupón no existe en este comercio.')
  const status = couponStatus(c, cart.now)
  if (status === 'expired') return refuse(c.code, 'Este cupón está vencido.')
  if (status === 'scheduled') return refuse(c.code, 'Este cupón todavía no está vigente.')
  if (status === 'exhausted') return refuse(c.code, 'Este cupón ya se agotó.')
  if (c.maxUsesPerCustomer !== null && ctx.customerUses >= c.maxUsesPerCustomer)
    return refuse(c.code, 'Ya usaste este cupón.')
  if (c.firstOrderOnly && ctx.hasOrdered)
    return refuse(c.code, 'Este cupón es solo para tu primera compra en este comercio.')
  if (cart.subtotal < c.minSubtotal)
    return refuse(c.code, `Mínimo de compra ${formatArs(c.minSubtotal)}.`)
  const eligible =
    c.collectionIds.length === 0
      ? cart.subtotal
      : cart.lines
          .filter((l) => l.collectionIds.some((id) => c.collectionIds.includes(id)))
          .reduce((sum, l) => sum + l.lineTotal, 0)
  if (c.type === 'free_delivery') {
    if (cart.deliveryFee === 0) return refuse(c.code, 'Tu pedido no tiene costo de envío.')
    return {
      coupon: { code: c.code, applied: true, message: null },
      discount: cart.deliveryFee,
      itemsDiscount: 0,
    }
  }
  if (eligible === 0) return refuse(c.code, 'Ningún producto de tu carrito entra en este cupón.')
  const discount =
    c.type === 'percent'
      ? Math.min(eligible, Math.floor((2 * eligible * c.value + 10_000) / 20_000))
      : Math.min(eligible, c.value)
  return {
    coupon: { code: c.code, applied: true, message: null },
    discount,
    itemsDiscount: discount,
  }
}
