import type { Cart } from '@barrio/contracts/cart'

import { http } from '@/lib/http/client'

/**
 * POST /cart/clear {cartId}.
 * Typed, not parsed: the cart is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function clearCartRequest(cartId: string): Promise<Cart> {
  const response = await http.post<Cart>('/cart/clear', { cartId })
  return response.data
}
