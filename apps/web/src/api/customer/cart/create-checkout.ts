import { checkoutRefSchema, type CheckoutRef } from '@barrio/contracts/checkout'

import { http } from '@/lib/http/client'

/** POST /checkout {cartId, shippingAddressId}: starts (or resumes) the checkout of this cart. */
export async function createCheckout(input: {
  cartId: string
  shippingAddressId: string | null
}): Promise<CheckoutRef> {
  const response = await http.post<unknown>('/checkout', input)
  return checkoutRefSchema.parse(response.data)
}
