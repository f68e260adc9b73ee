import type { Cart, CartItem } from '@barrio/contracts/cart'

import { plural } from '@/lib/format'

/** What the screens know about a product before the server answers (for the optimistic cart). */
export type CartItemDetails = Partial<
  Pick<
    CartItem,
    | 'productId'
    | 'title'
    | 'variantTitle'
    | 'imageUrl'
    | 'unitPrice'
    | 'stock'
    | 'isAvailable'
    | 'unitMeasure'
    | 'taxes'
  >
>

export type CartStore = NonNullable<Cart['store']>

function newItem(variantId: string, quantity: number, details: CartItemDetails = {}): CartItem {
  const unitPrice = details.unitPrice ?? 0
  return {
    // A local id until the server answers with its own.
    _id: `local-${variantId}`,
    variantId,
    quantity,
    productId: details.productId ?? '',
    title: details.title ?? 'Producto',
    variantTitle: details.variantTitle ?? '',
    imageUrl: details.imageUrl ?? null,
    unitPrice,
    lineTotal: unitPrice * quantity,
    stock: details.stock ?? null,
    isAvailable: details.isAvailable ?? true,
    unitMeasure: details.unitMeasure ?? null,
    taxes: details.taxes ?? [],
  }
}

function withQuantity(item: CartItem, quantity: number): CartItem {
  return { ...item, quantity, lineTotal: item.unitPrice * quantity }
}

/**
 * Spec section 5: adding an item whose variantId is already in the cart increases its quantity;
 * otherwise the item is appended. A resulting quantity of 0 or less removes it.
 */
export function addCartItem(
  items: readonly CartItem[],
  variantId: string,
  quantity: number,
  details?: CartItemDetails,
): CartItem[] {
  const existing = items.find((item) => item.variantId === variantId)
  if (existing) return setCartItemQuantity(items, variantId, existing.quantity + quantity)
  if (quantity <= 0) return [...items]
  return [...items, newItem(variantId, quantity, details)]
}

/** Spec section 5: setting an item quantity to 0 or less removes the item. */
export function setCartItemQuantity(
  items: readonly CartItem[],
  variantId: string,
  quantity: number,
): CartItem[] {
  if (quantity <= 0) return items.filter((item) => item.variantId !== variantId)
  return items.map((item) => (item.variantId === variantId ? withQuantity(item, quantity) : item))
}

/** The body of POST /cart/update: every item, as variant and quantity. */
export function toCartPayload(
  items: readonly CartItem[],
): Array<{ variantId: string; quantity: number }> {
  return items.map(({ variantId, quantity }) => ({ variantId, quantity }))
}

/** The cart with new items: totals recomputed, and the store forgotten when it is empty. */
export function withCartItems(cart: Cart, items: CartItem[], store?: CartStore | null): Cart {
  const nextStore = items.length === 0 ? null : (store ?? cart.store)
  return {
    ...cart,
    items,
    totalPrice: items.reduce((sum, item) => sum + item.lineTotal, 0),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    store: nextStore,
    storeId: items.length === 0 ? null : (nextStore?._id ?? cart.storeId),
  }
}

/** Whether adding a product of `storeId` would mix two shops in one cart. */
export function isOtherStore(cart: Cart, storeId: string | undefined): boolean {
  if (!storeId || cart.items.length === 0) return false
  const current = cart.storeId ?? cart.store?._id ?? null
  return current !== null && current !== storeId
}

export function emptyCart(cart: Cart): Cart {
  return withCartItems({ ...cart, note: '' }, [])
}

/** "1 producto", "3 productos". */
export function countLabel(count: number): string {
  return plural(count, 'producto', 'productos')
}
