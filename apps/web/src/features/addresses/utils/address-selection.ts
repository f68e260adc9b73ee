import type { Address } from '@barrio/contracts/addresses'

import { appStore, setSelectedAddressId } from '@/lib/app-store'
import { STORAGE_KEYS, writeStorage } from '@/lib/storage'

/** Spec section 4: a loaded address list selects the default address, else the first. */
export function pickAddressToSelect(addresses: readonly Address[]): Address | null {
  return addresses.find((address) => address.isDefault) ?? addresses[0] ?? null
}

/**
 * Applies the rule above to the app store (and so to the barrio.selectedAddress key and the
 * x-address-id header). An empty list clears the selection. Returns the selected address.
 */
export function applyLoadedAddresses(addresses: readonly Address[]): Address | null {
  const picked = pickAddressToSelect(addresses)
  const id = picked?._id ?? null
  if (appStore.getState().selectedAddressId !== id) setSelectedAddressId(id)
  return picked
}

/**
 * Spec section 4: selecting a different address clears the cart. There is no cart yet, so this
 * forgets the cart token (barrio.cartToken, sent as x-cart-id).
 * TODO(cart issue): also POST /cart/clear {cartId} and reset the cart query once the cart exists.
 */
export function clearCart(): void {
  writeStorage(STORAGE_KEYS.cartToken, null)
}

/**
 * Asks the user before a different address is selected, since that empties the cart (spec
 * section 4). app/ builds it from the cart; resolves true to go ahead.
 */
export type ConfirmAddressChange = () => Promise<boolean>

/** The text of an address for headers and lists: "Gurruchaga 1723, Palermo". */
export function shortAddress(address: Pick<Address, 'street' | 'number' | 'city'>): string {
  return `${address.street} ${address.number}, ${address.city}`
}
