import type { Cart, CartUpdateInput } from '@barrio/contracts/cart'

import { http } from '@/lib/http/client'

/** POST /cart/update: replaces the items (the server merges repeats and drops quantities <= 0). */
export async function updateCart(input: CartUpdateInput): Promise<Cart> {
  const response = await http.post<Cart>('/cart/update', input)
  return response.data
}
