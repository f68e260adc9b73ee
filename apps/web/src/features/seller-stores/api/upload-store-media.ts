import { adminStoreSchema, type AdminStore } from '@barrio/contracts/admin-stores'

import { storeHeaders } from '@/features/seller-stores/api/get-admin-stores'
import { adminHttp } from '@/lib/http/admin-client'

export type StoreMediaKind = 'logo' | 'cover'

/** POST /admin/stores/{id}/media?kind=logo|cover (multipart, field `files`, one image). */
export async function uploadStoreMedia(
  storeId: string,
  kind: StoreMediaKind,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<AdminStore> {
  const form = new FormData()
  form.append('files', file)
  return adminStoreSchema.parse(
    await adminHttp.post(`/stores/${encodeURIComponent(storeId)}/media`, form, {
      ...storeHeaders(storeId),
      params: { kind },
      onUploadProgress: (event) => {
        if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100))
      },
    }),
  )
}
