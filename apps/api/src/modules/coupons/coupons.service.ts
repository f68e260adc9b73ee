import { couponProblems, type Coupon, type CouponInput } from '@barrio/contracts/coupons'
import { buildPage } from '@barrio/contracts/pagination'
import type { Tx } from '../../db/client.ts'
import type { Clock } from '../../lib/clock.ts'
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors.ts'
import { applyCoupon, couponStatus, type CouponContext, type CouponLine } from './coupon-rules.ts'
import type { CouponRecord, CouponsRepository } from './coupons.repository.ts'

type Reader = Parameters<CouponsRepository['forCheckout']>[0]

/**
 * A store's coupons (issue 28, decision 056): the seller's list and form, and what checkout asks
 * of a code (its discount on a cart; one use counted in the confirm's transaction).
 */
export function createCouponsService(deps: { repository: CouponsRepository; clock: Clock }) {
  const { repository } = deps

  function toDto(row: CouponRecord): Coupon {
    return {
      _id: row.id,
      code: row.code,
      type: row.type,
      value: row.value,
      minSubtotal: row.minSubtotal,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      maxUses: row.maxUses,
      maxUsesPerCustomer: row.maxUsesPerCustomer,
      firstOrderOnly: row.firstOrderOnly,
      collectionIds: row.collectionIds,
      uses: row.uses,
      status: couponStatus(row, deps.clock.now()),
      createdAt: row.createdAt.toISOString(),
    }
  }

  function values(input: CouponInput) {
    return {
      code: input.code,
      type: input.type,
      value: input.type === 'free_delivery' ? 0 : input.value,
      minSubtotal: input.minSubtotal,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      maxUses: input.maxUses ?? null,
      maxUsesPerCustomer: input.maxUsesPerCustomer ?? null,
      firstOrderOnly: input.firstOrderOnly,
      collectionIds: input.collectionIds,
    }
  }

  function assertCoherent(input: CouponInput) {
    const errors = couponProblems(input)
    if (errors.length > 0)
      throw new AppError(
        'INVALID',
        `Revisá los datos: ${errors.map((e) => e.message).join('; ')}`,
        {
          errors,
        },
      )
  }
  const duplicate = () =>
    fieldError('CONFLICT', 'code', 'Ya tenés un cupón con ese código en este comercio.')
  const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese cupón en este comercio.')

  return {
    async list(storeId: string, query: { q?: string; page: number; limit: number }) {
      const { rows, total } = await repository.list(storeId, query)
      return buildPage(rows.map(toDto), total, query)
    },
    async get(storeId: string, id: string) {
      const row = await repository.get(storeId, id)
      if (!row) throw notFound()
      return toDto(row)
    },
    async create(storeId: string, input: CouponInput) {
      assertCoherent(input)
      try {
        return toDto(await repository.insert(storeId, values(input)))
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate()
        throw err
      }
    },
    async update(storeId: string, id: string, input: CouponInput) {
      if (!(await repository.get(storeId, id))) throw notFound()
      assertCoherent(input)
      try {
        const row = await repository.update(storeId, id, values(input))
        if (!row) throw notFound()
        return toDto(row)
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate()
        throw err
      }
    },
    async remove(storeId: string, id: string) {
      if (!(await repository.remove(storeId, id))) throw notFound()
    },

    /** What checkout prices a typed code with (in `q`, the confirm's transaction when given). */
    async context(
      q: Reader,
      storeId: string,
      code: string,
      userId: string,
    ): Promise<CouponContext> {
      return { code, ...(await repository.forCheckout(q, storeId, code, userId)) }
    },
    apply(
      ctx: CouponContext,
      cart: { lines: CouponLine[]; subtotal: number; deliveryFee: number },
    ) {
      return applyCoupon(ctx, { ...cart, now: deps.clock.now() })
    },
    /** One use for this order, unless the coupon ran out meanwhile (false: nothing written). */
    async redeem(tx: Tx, couponId: string, orderId: string, userId: string): Promise<boolean> {
      if (!(await repository.claimUse(tx, couponId))) return false
      await repository.redeem(tx, couponId, orderId, userId)
      return true
    },
  }
}
export type CouponsService = ReturnType<typeof createCouponsService>
