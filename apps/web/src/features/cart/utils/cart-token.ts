import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage'

/** The cart token (spec section 3) is the cart's id, kept under barrio.cartToken. */
export function readCartToken(): string | null {
  return readStorage(STORAGE_KEYS.cartToken)
}

export function writeCartToken(token: string | null): void {
  writeStorage(STORAGE_KEYS.cartToken, token)
}
