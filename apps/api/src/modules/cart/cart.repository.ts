import { and, eq, isNull, lt, notInArray, sql } from 'drizzle-orm'
import { cartLinesFromJson, cartLinesJson, outer, type CartLine } from '../../db/checkout-reads.ts'
import type { Db } from '../../db/client.ts'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { cartItems, carts } from '../../db/schema/ordering.ts'
import { storeTaxes } from '../../db/schema/store-settings.ts'
import { stores } from '../../db/schema/stores.ts'

export type CartRow = typeof carts.$inferSelect
export type { CartLine }
/** A variant as a cart update checks it. */
type VariantRow = {
  id: string
  title: string
  stockQuantity: number
  trackStock: boolean
  productTitle: string
  productStatus: string
  storeId: string
  storeStatus: string
  withdrawn: boolean
}
type TaxRule = {
  rateBasisPoints: number
  appliesTo: 'all' | 'collections'
  collectionIds: string[]
  included: boolean
}
type CartStore = { id: string; name: string; handle: string; isOpen: boolean }
export type CartOwner = { userId: string } | { deviceId: string }

/** The cart's lines deleted, as a `with` clause of the statement that resets the cart. */
const emptiedItems = (executor: Pick<Db, '$with' | 'delete'>, cartId: string) =>
  executor.$with('emptied').as(executor.delete(cartItems).where(eq(cartItems.cartId, cartId)))

/** What an emptied cart is reset to: no store, no note. */
const clearedCart = () => ({ storeId: null, note: '', updatedAt: new Date() })

/** Carts and their items; the variant/product/store details come along in one join. */
export function createCartRepository(db: Db) {
  /**
   * A cart emptied as part of another statement: its lines deleted and the cart reset, as `with`
   * clauses of the caller's own write. Checkout's completion carries them in its update of the
   * checkout, one statement instead of two (decision 064's round trips).
   */
  function clearing(executor: Pick<Db, '$with' | 'update' | 'delete'>, cartId: string) {
    const reset = executor
      .$with('reset')
      .as(executor.update(carts).set(clearedCart()).where(eq(carts.id, cartId)))
    return [emptiedItems(executor, cartId), reset]
  }
  // Read on every cart and checkout call: built once, not per call (decision 067).
  const cartById = db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .prepare('cart_by_id')
  const cartWithVariants = db
    .select({
      cart: carts,
      variants: sql<VariantRow[]>`(select coalesce(json_agg(json_build_object(
          'id', v.id, 'title', v.title, 'stockQuantity', v.stock_quantity,
          'trackStock', v.track_stock, 'productTitle', p.title, 'productStatus', p.status,
          'storeId', p.store_id, 'storeStatus', s.status,
          'withdrawn', (p.hidden_at is not null or s.suspended_at is not null))), '[]'::json)
        from ${productVariants} v
        join ${products} p on p.id = v.product_id
        join ${stores} s on s.id = p.store_id
        where v.id = any(string_to_array(${sql.placeholder('variantIds')}, ',')::uuid[]))`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(carts, eq(carts.id, sql.placeholder('id')))
    .prepare('cart_with_variants')
  const cartView = db
    .select({
      lines: cartLinesJson(outer(carts, carts.id)),
      taxes: sql`(select coalesce(json_agg(json_build_object(
          'rateBasisPoints', t.rate_basis_points, 'appliesTo', t.applies_to,
          'collectionIds', t.collection_ids, 'included', t.included) order by t.created_at), '[]'::json)
        from ${storeTaxes} t where t.store_id = ${outer(carts, carts.storeId)})`,
      store: sql`(select json_build_object('id', s.id, 'name', s.name, 'handle', s.handle, 'isOpen', s.is_open)
        from ${stores} s where s.id = ${outer(carts, carts.storeId)})`,
    })
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .prepare('cart_view')
  return {
    clearing,
    async find(id: string): Promise<CartRow | null> {
      const [row] = await cartById.execute({ id })
      return row ?? null
    },
    /**
     * Creates the cart under the id the client was given by GET /cart; null when that id was
     * taken meanwhile (the caller then judges the existing cart).
     */
    async createWithId(id: string, owner: CartOwner): Promise<CartRow | null> {
      const [row] = await db
        .insert(carts)
        .values({ id, ...owner })
        .onConflictDoNothing({ target: carts.id })
        .returning()
      return row ?? null
    },
    /** Deletes anonymous carts without items not changed since `before`; returns how many. */
    async deleteStaleAnonymous(before: Date): Promise<number> {
      const rows = await db
        .delete(carts)
        .where(
          and(
            isNull(carts.userId),
            lt(carts.updatedAt, before),
            sql`not exists (select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id})`,
          ),
        )
        .returning({ id: carts.id })
      return rows.length
    },
    /**
     * The cart (null: no row yet) and the given variants with what an update checks, in one
     * statement (decision 068).
     */
    async findWithVariants(id: string, variantIds: string[]) {
      const [row] = await cartWithVariants.execute({ id, variantIds: variantIds.join(',') })
      return {
        cart: row?.cart ?? null,
        variants: (row?.variants ?? []) as VariantRow[],
      }
    },
    /** What the cart's answer shows besides the cart row: its lines, the store's taxes, the store. */
    async view(cartId: string) {
      const [row] = await cartView.execute({ id: cartId })
      return {
        lines: cartLinesFromJson(row?.lines),
        taxes: (row?.taxes ?? []) as TaxRule[],
        store: (row?.store ?? null) as CartStore | null,
      }
    },
    /**
     * Replaces the items and the cart's fields in one statement, atomic without a transaction
     * (decision 064): the lines no longer in the cart are deleted and the others inserted or given
     * their new quantity and place (a line kept keeps its id), as CTEs of the cart's update, whose
     * row is the answer.
     */
    async replace(
      cartId: string,
      values: { storeId: string | null; note?: string; attributes?: Record<string, string> },
      items: Array<{ variantId: string; quantity: number }>,
    ): Promise<CartRow | null> {
      const kept = items.map((i) => i.variantId)
      const dropped = db
        .$with('dropped')
        .as(
          db
            .delete(cartItems)
            .where(
              and(
                eq(cartItems.cartId, cartId),
                kept.length ? notInArray(cartItems.variantId, kept) : undefined,
              ),
            ),
        )
      // Disjoint from the delete's rows: the unique (cart, variant) index never sees both.
      const saved = items.length
        ? [
            db.$with('saved').as(
              db
                .insert(cartItems)
                .values(items.map((item, position) => ({ ...item, cartId, position })))
                .onConflictDoUpdate({
                  target: [cartItems.cartId, cartItems.variantId],
                  set: { quantity: sql`excluded.quantity`, position: sql`excluded.position` },
                }),
            ),
          ]
        : []
      const [row] = await db
        .with(dropped, ...saved)
        .update(carts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(carts.id, cartId))
        .returning()
      return row ?? null
    },
    /**
     * Empties a cart in one statement: the items' delete as a CTE of the cart's update (decision
     * 064). Checkout's confirm empties it with `clearing`, inside its own update.
     */
    async clearNow(cartId: string) {
      await db
        .with(emptiedItems(db, cartId))
        .update(carts)
        .set(clearedCart())
        .where(eq(carts.id, cartId))
    },
    /** On sign-in an anonymous device's carts become the account's. */
    async moveDeviceToUser(deviceId: string, userId: string) {
      await db
        .update(carts)
        .set({ userId })
        .where(and(eq(carts.deviceId, deviceId), isNull(carts.userId)))
    },
    async claim(cartId: string, userId: string) {
      await db
        .update(carts)
        .set({ userId })
        .where(and(eq(carts.id, cartId), isNull(carts.userId)))
    },
  }
}
export type CartRepository = ReturnType<typeof createCartRepository>
