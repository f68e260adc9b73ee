import { and, asc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  productCollections,
  productMedia,
  products,
  productVariants,
} from '../../db/schema/catalog.ts'
import { cartItems, carts } from '../../db/schema/ordering.ts'
import { storeTaxes } from '../../db/schema/store-settings.ts'
import { stores } from '../../db/schema/stores.ts'

export type CartRow = typeof carts.$inferSelect
export type CartOwner = { userId: string } | { deviceId: string }

/** Carts and their items; the variant/product/store details come along in one join. */
export function createCartRepository(db: Db) {
  /**
   * Empties a cart inside the caller's transaction (checkout confirm) or alone, in one statement:
   * the items' delete as a CTE of the cart's update (decision 064).
   */
  async function clear(executor: Pick<Db, '$with' | 'with' | 'delete'>, cartId: string) {
    const emptied = executor
      .$with('emptied')
      .as(executor.delete(cartItems).where(eq(cartItems.cartId, cartId)))
    await executor
      .with(emptied)
      .update(carts)
      .set({ storeId: null, note: '', updatedAt: new Date() })
      .where(eq(carts.id, cartId))
  }
  // Read on every cart and checkout call: built once, not per call (decision 067).
  const cartById = db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .prepare('cart_by_id')
  return {
    clear,
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
     * Items with what the cart shows: title, variant, unit price, stock, main image, store. In the
     * caller's transaction when given one (checkout confirm prices inside it).
     */
    async items(cartId: string, q: Pick<Db, 'select'> = db) {
      return q
        .select({
          id: cartItems.id,
          variantId: cartItems.variantId,
          quantity: cartItems.quantity,
          productId: products.id,
          title: products.title,
          productStatus: products.status,
          /** Hidden by the operator or its store suspended (issue 24): not for sale. */
          withdrawn: sql<boolean>`(${products.hiddenAt} is not null or ${stores.suspendedAt} is not null)`,
          storeSuspended: sql<boolean>`(${stores.suspendedAt} is not null)`,
          variantTitle: productVariants.title,
          priceCents: productVariants.priceCents,
          unitMeasure: productVariants.unitMeasure,
          /** For the store taxes that apply to it (decision 050). */
          collectionIds: sql<
            string[]
          >`array(select pc.collection_id from ${productCollections} pc where pc.product_id = ${products.id})`,
          stockQuantity: productVariants.stockQuantity,
          trackStock: productVariants.trackStock,
          storeId: products.storeId,
          imageUrl: sql<
            string | null
          >`(select coalesce(m.thumb_url, m.url) from ${productMedia} m where m.product_id = ${products.id} order by m.position limit 1)`,
        })
        .from(cartItems)
        .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .innerJoin(stores, eq(stores.id, products.storeId))
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.position), asc(cartItems.createdAt))
    },
    async variants(variantIds: string[]) {
      if (!variantIds.length) return []
      return db
        .select({
          id: productVariants.id,
          title: productVariants.title,
          stockQuantity: productVariants.stockQuantity,
          trackStock: productVariants.trackStock,
          productTitle: products.title,
          productStatus: products.status,
          storeId: products.storeId,
          storeStatus: stores.status,
          withdrawn: sql<boolean>`(${products.hiddenAt} is not null or ${stores.suspendedAt} is not null)`,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .innerJoin(stores, eq(stores.id, products.storeId))
        .where(inArray(productVariants.id, variantIds))
    },
    /** The store's taxes, for the price without national taxes beside each line (decision 050). */
    async taxRules(storeId: string) {
      return db
        .select({
          rateBasisPoints: storeTaxes.rateBasisPoints,
          appliesTo: storeTaxes.appliesTo,
          collectionIds: storeTaxes.collectionIds,
          included: storeTaxes.included,
        })
        .from(storeTaxes)
        .where(eq(storeTaxes.storeId, storeId))
        .orderBy(asc(storeTaxes.createdAt))
    },
    async store(storeId: string) {
      const [row] = await db
        .select({ id: stores.id, name: stores.name, handle: stores.handle, isOpen: stores.isOpen })
        .from(stores)
        .where(eq(stores.id, storeId))
      return row ?? null
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
    clearNow: (cartId: string) => clear(db, cartId),
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
