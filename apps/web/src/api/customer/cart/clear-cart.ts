import type { Cart } from '@barrio/contracts/cart'

import { http } from '@/lib/http/client'

/** POST /cart/clear {cartId}. */
export async function clearCartRequest(cartId: string): Promise<Cart> {
  const response = await http.post<Cart>('/cart/clear', { cartId })
  return response.data
}
