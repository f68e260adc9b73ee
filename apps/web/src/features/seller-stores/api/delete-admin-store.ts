import { z } from 'zod'

import { storeHeaders } from '@/features/seller-stores/api/get-admin-stores'
import { adminHttp } from '@/lib/http/admin-client'

const deleteStoreResultSchema = z.object({ message: z.string(), archived: z.boolean() })
export type DeleteStoreResult = z.infer<typeof deleteStoreResultSchema>

/** DELETE /admin/stores/{id}: a store with orders is archived instead (archived: true). */
export async function deleteAdminStore(storeId: string): Promise<DeleteStoreResult> {
  return deleteStoreResultSchema.parse(
    await adminHttp.delete(`/stores/${encodeURIComponent(storeId)}`, storeHeaders(storeId)),
  )
}
