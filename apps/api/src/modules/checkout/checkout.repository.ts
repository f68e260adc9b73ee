import { and, eq, sql, type WithSubquery } from 'drizzle-orm'
import { customerAtStoreLock, openUnpaidOrdersCount } from '../../db/advisory-locks.ts'
import {
  cartLinesFromJson,
  cartLinesJson,
  outer,
  storeRulesFromJson,
  storeRulesJson,
} from '../../db/checkout-reads.ts'
import type { Db } from '../../db/client.ts'
import { effectiveCommissionRate } from '../../db/commission-rate.ts'
import { rowFromJson } from '../../db/json-rows.ts'
import { addresses } from '../../db/schema/addresses.ts'
import { carts, checkouts, type ReviewedPricing } from '../../db/schema/ordering.ts'
import { stores } from '../../db/schema/stores.ts'

export type CheckoutRow = typeof checkouts.$inferSelect
export type { ReviewedPricing }
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function createCheckoutRepository(db: Db) {
  /** The checkout named by the `id` placeholder, when it is the `userId` placeholder's. */
  const theirCheckout = and(
    eq(checkouts.id, sql.placeholder('id')),
    eq(checkouts.userId, sql.placeholder('userId')),
  )
  // Read by every step of the checkout: built once, not per call (decision 067).
  const checkoutOfUser = db
    .select()
    .from(checkouts)
    .where(theirCheckout)
    .prepare('checkout_of_user')
  /**
   * The customer's checkout with everything its summary is priced from, in one statement
   * (decision 068): its cart row, the cart's lines, the store's rules and the customer's own
   * address it ships to (null when none, or no longer theirs). Built once (decision 067).
   */
  const checkoutWithInputs = db
    .select({
      checkout: checkouts,
      cart: sql<Record<
        string,
        unknown
      > | null>`(select row_to_json(c) from ${carts} c where c.id = ${outer(checkouts, checkouts.cartId)})`,
      lines: cartLinesJson(outer(checkouts, checkouts.cartId)),
      rules: storeRulesJson(outer(checkouts, checkouts.storeId)),
      address: sql<Record<string, unknown> | null>`(select row_to_json(a) from ${addresses} a
        where a.id = ${outer(checkouts, checkouts.shippingAddressId)}
          and a.user_id = ${outer(checkouts, checkouts.userId)})`,
    })
    .from(checkouts)
    .where(theirCheckout)
    .prepare('checkout_with_inputs')
  /**
   * What starting a checkout checks, in one statement (decision 068): the cart row, its lines,
   * whether the address is the customer's own, and the customer's open checkout of that cart.
   */
  const checkoutStart = db
    .select({
      cart: carts,
      lines: cartLinesJson(sql.placeholder('cartId')),
      addressIsTheirs: sql<boolean>`exists(select 1 from ${addresses} a
        where a.id = ${sql.placeholder('addressId')} and a.user_id = ${sql.placeholder('userId')})`,
      open: sql<Record<string, unknown> | null>`(select row_to_json(k) from ${checkouts} k
        where k.cart_id = ${sql.placeholder('cartId')} and k.user_id = ${sql.placeholder('userId')}
          and k.order_id is null
        order by k.created_at desc limit 1)`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(carts, eq(carts.id, sql.placeholder('cartId')))
    .prepare('checkout_start')
  return {
    /** `checkoutStart`: the cart (null: no row), its lines, the address's check, the open checkout. */
    async start(userId: string, cartId: string, addressId: string | null) {
      const [found] = await checkoutStart.execute({ userId, cartId, addressId })
      return {
        cart: found?.cart ?? null,
        lines: cartLinesFromJson(found?.lines),
        addressIsTheirs: found?.addressIsTheirs ?? false,
        open: found?.open ? rowFromJson(checkouts, found.open) : null,
      }
    },
    /** `checkoutWithInputs`; null: no such checkout of theirs. */
    async findWithInputs(userId: string, id: string) {
      const [found] = await checkoutWithInputs.execute({ id, userId })
      if (!found) return null
      return {
        row: found.checkout,
        cart: found.cart ? rowFromJson(carts, found.cart) : null,
        lines: cartLinesFromJson(found.lines),
        rules: storeRulesFromJson(found.rules),
        address: found.address ? rowFromJson(addresses, found.address) : null,
      }
    },
    /**
     * Confirm's pricing read in its transaction, after the checkout's lock, in one statement
     * (decision 068): the cart's lines, the store's rules, the customer's open unpaid orders at
     * the store (counted under the lock `lockForConfirm` took) and the platform's commission rate
     * the order records (decision 045).
     */
    async pricingIn(tx: Tx, row: Pick<CheckoutRow, 'cartId' | 'storeId' | 'userId'>) {
      const [found] = await tx
        .select({
          lines: cartLinesJson(row.cartId),
          rules: storeRulesJson(row.storeId),
          unpaid: openUnpaidOrdersCount(row.userId, row.storeId).mapWith(Number),
          commissionRateBp: sql`(select ${effectiveCommissionRate} from ${stores} s
             where s.id = ${row.storeId})`.mapWith(Number),
        })
        .from(sql`(select 1) as one`)
      return {
        lines: cartLinesFromJson(found?.lines),
        rules: storeRulesFromJson(found?.rules),
        unpaid: found?.unpaid ?? 0,
        commissionRateBp: found?.commissionRateBp ?? 0,
      }
    },
    async find(userId: string, id: string) {
      const [row] = await checkoutOfUser.execute({ id, userId })
      return row ?? null
    },
    async insert(values: typeof checkouts.$inferInsert) {
      const [row] = await db.insert(checkouts).values(values).returning()
      return row!
    },
    async update(id: string, values: Partial<typeof checkouts.$inferInsert>) {
      const [row] = await db
        .update(checkouts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(checkouts.id, id))
        .returning()
      return row!
    },
    /** What the customer last reviewed (GET review); updatedAt stays the choices' last change. */
    async setReviewedPricing(id: string, reviewedPricing: CheckoutRow['reviewedPricing']) {
      await db.update(checkouts).set({ reviewedPricing }).where(eq(checkouts.id, id))
    },
    /**
     * Confirm's first statement (decision 064): the customer's checkout, locked for the rest of the
     * transaction (concurrent confirms of it queue here), with the customer's own address it
     * ships to (null when none, or no longer theirs), and the (customer, store) lock under which
     * the unpaid orders are counted and the customer's bookkeeping done later
     * (`customerAtStoreLock`). Null: no such checkout of theirs.
     */
    async lockForConfirm(tx: Tx, userId: string, id: string) {
      const [found] = await tx
        .select({
          checkout: checkouts,
          address: addresses,
          customerLock: customerAtStoreLock(checkouts.userId, checkouts.storeId),
        })
        .from(checkouts)
        .leftJoin(
          addresses,
          and(eq(addresses.id, checkouts.shippingAddressId), eq(addresses.userId, userId)),
        )
        .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)))
        .for('update', { of: checkouts })
      return found ? { row: found.checkout, address: found.address } : null
    },
    /** Marks the checkout completed; `also` are other writes of the same statement (the cart's). */
    async complete(tx: Tx, id: string, orderId: string, also: WithSubquery[] = []) {
      await tx
        .with(...also)
        .update(checkouts)
        .set({ step: 'completed', orderId, updatedAt: new Date() })
        .where(eq(checkouts.id, id))
    },
  }
}
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>
