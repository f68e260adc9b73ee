import { describe, expect, test } from 'vitest'

import {
  addCartItem,
  isOtherStore,
  setCartItemQuantity,
  toCartPayload,
  withCartItems,
} from '@/features/cart/utils/cart-items'
import {
  buildCart,
  buildCartItem,
  OTHER_STORE,
  STORE,
  VARIANT_A,
  VARIANT_B,
} from '@/testing/ordering-fixtures'

describe('cart item rules (spec section 5)', () => {
  test('adding a variant that is already in the cart increases its quantity', () => {
    const items = [buildCartItem({ variantId: VARIANT_A, quantity: 2, unitPrice: 1000 })]
    const next = addCartItem(items, VARIANT_A, 3)
    expect(next).toHaveLength(1)
    expect(next[0]).toMatchObject({ variantId: VARIANT_A, quantity: 5, lineTotal: 5000 })
  })

  test('adding another variant appends it, keeping the order', () => {
    const items = [buildCartItem({ variantId: VARIANT_A, quantity: 2 })]
    const next = addCartItem(items, VARIANT_B, 1, { title: 'Medialunas', unitPrice: 90000 })
    expect(next.map((i) => [i.variantId, i.quantity])).toEqual([
      [VARIANT_A, 2],
      [VARIANT_B, 1],
    ])
    expect(next[1]).toMatchObject({ title: 'Medialunas', lineTotal: 90000 })
  })

  test('setting a quantity to 0 or less removes the item', () => {
    const items = [buildCartItem({ variantId: VARIANT_A }), buildCartItem({ variantId: VARIANT_B })]
    expect(setCartItemQuantity(items, VARIANT_A, 0).map((i) => i.variantId)).toEqual([VARIANT_B])
    expect(setCartItemQuantity(items, VARIANT_B, -2).map((i) => i.variantId)).toEqual([VARIANT_A])
    expect(setCartItemQuantity(items, VARIANT_B, 4)[1]?.quantity).toBe(4)
  })

  test('adding a negative amount that reaches zero removes the item too', () => {
    const items = [buildCartItem({ variantId: VARIANT_A, quantity: 2 })]
    expect(addCartItem(items, VARIANT_A, -2)).toEqual([])
    expect(addCartItem(items, VARIANT_B, 0)).toHaveLength(1)
  })

  test('the payload lists every item as variant and quantity', () => {
    const items = [
      buildCartItem({ variantId: VARIANT_A, quantity: 2 }),
      buildCartItem({ variantId: VARIANT_B, quantity: 1 }),
    ]
    expect(toCartPayload(items)).toEqual([
      { variantId: VARIANT_A, quantity: 2 },
      { variantId: VARIANT_B, quantity: 1 },
    ])
  })

  test('totals follow the items, and an empty cart has no shop', () => {
    const cart = buildCart([buildCartItem({ quantity: 1, unitPrice: 1000 })])
    const more = withCartItems(cart, addCartItem(cart.items, VARIANT_B, 2, { unitPrice: 500 }))
    expect(more).toMatchObject({ totalPrice: 2000, itemCount: 3, storeId: STORE._id })
    expect(withCartItems(cart, [])).toMatchObject({ storeId: null, store: null, itemCount: 0 })
  })

  test('only a non-empty cart of another shop counts as another shop', () => {
    const cart = buildCart([buildCartItem()])
    expect(isOtherStore(cart, OTHER_STORE._id)).toBe(true)
    expect(isOtherStore(cart, STORE._id)).toBe(false)
    expect(isOtherStore(buildCart([]), OTHER_STORE._id)).toBe(false)
  })
})
