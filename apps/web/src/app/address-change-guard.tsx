import { useCallback } from 'react'

import { confirm } from '@/components/confirm/confirm'
import { AddressPickerButton } from '@/features/addresses/components/address-picker'
import type { ConfirmAddressChange } from '@/features/addresses/utils/address-selection'
import { useCart } from '@/features/cart/api/use-cart'
import { countLabel } from '@/features/cart/utils/cart-items'

export const ADDRESS_CHANGE_MESSAGE =
  '¿Cambiás la dirección? Confirmar la cambia y vacía tu carrito: los comercios que te atienden dependen de la dirección.'

/**
 * Spec section 4: selecting another address clears the cart, so with products in it the
 * confirmation popup asks first. app/ composes it because it joins two features.
 */
export function useConfirmAddressChange(): ConfirmAddressChange {
  const { cart } = useCart()
  const count = cart?.itemCount ?? 0
  const storeName = cart?.store?.name
  return useCallback(() => {
    if (count === 0) return Promise.resolve(true)
    return confirm({
      message: ADDRESS_CHANGE_MESSAGE,
      smallText: `Tenés ${countLabel(count)}${storeName ? ` de ${storeName}` : ''} en el carrito.`,
    })
  }, [count, storeName])
}

/** The header's address button, asking before a change empties the cart. */
export function GuardedAddressPickerButton() {
  return <AddressPickerButton confirmChange={useConfirmAddressChange()} />
}
