import type { Cart, CartUpdateInput } from '@barrio/contracts/cart'

import { http } from '@/lib/http/client'

/**
 * POST /cart/update: replaces the items (the server merges repeats and drops quantities <= 0).
 * Typed, not parsed: the cart is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function updateCart(input: CartUpdateInput): Promise<Cart> {
  const response = await http.post<Cart>('/cart/update', input)
  return response.data
}
