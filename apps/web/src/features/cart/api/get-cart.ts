import type { Cart } from '@barrio/contracts/cart'
import { queryOptions } from '@tanstack/react-query'

import { writeCartToken } from '@/features/cart/utils/cart-token'
import { http } from '@/lib/http/client'

export const CART_QUERY_KEY = ['cart'] as const

/**
 * GET /cart: the cart named by x-cart-id (sent by the client from the cart token), or a new empty
 * one when the token is missing or unknown. Its id becomes the cart token.
 * Typed, not parsed: the cart is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function getCart(): Promise<Cart> {
  const response = await http.get<Cart>('/cart')
  const cart = response.data
  writeCartToken(cart._id)
  return cart
}

/**
 * The cart lives under one key. Screens only read it (their observers are disabled): the cart
 * controller decides when to ask the server, so mounting a header never creates a cart.
 */
export function getCartQueryOptions() {
  return queryOptions({ queryKey: CART_QUERY_KEY, queryFn: getCart, staleTime: Infinity })
}
