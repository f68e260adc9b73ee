import {
  adminCollectionSchema,
  type AdminCollection,
  type AdminCollectionInput,
} from '@barrio/contracts/admin-collections'

import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/collections -> 201 with the collection. */
export async function createAdminCollection(input: AdminCollectionInput): Promise<AdminCollection> {
  return adminCollectionSchema.parse(await adminHttp.post('/collections', input))
}

/** PUT /admin/collections/{id}. */
export async function updateAdminCollection(
  id: string,
  input: AdminCollectionInput,
): Promise<AdminCollection> {
  return adminCollectionSchema.parse(
    await adminHttp.put(`/collections/${encodeURIComponent(id)}`, input),
  )
}

/** DELETE /admin/collections/{id}. */
export async function deleteAdminCollection(id: string): Promise<void> {
  await adminHttp.delete(`/collections/${encodeURIComponent(id)}`)
}
