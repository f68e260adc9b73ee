import type { Address } from '@barrio/contracts/addresses'

import { assertOwner } from '@/lib/owner'
import { http } from '@/lib/http/client'

/** PUT /addresses/{id}/default: the server keeps exactly one default. */
export async function setDefaultAddress(id: string): Promise<Address> {
  assertOwner()
  const response = await http.put<Address>(`/addresses/${encodeURIComponent(id)}/default`)
  return response.data
}
