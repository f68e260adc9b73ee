import type { Address } from '@barrio/contracts/addresses'

import { assertOwner } from '@/lib/owner'
import { http } from '@/lib/http/client'

/**
 * PUT /addresses/{id}/default: the server keeps exactly one default.
 * Typed, not parsed: the address bar is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function setDefaultAddress(id: string): Promise<Address> {
  assertOwner()
  const response = await http.put<Address>(`/addresses/${encodeURIComponent(id)}/default`)
  return response.data
}
