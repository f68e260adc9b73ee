import { adminStoreSchema, type AdminStore } from '@barrio/contracts/admin-stores'

import { useMutation, useQueryClient } from '@tanstack/react-query'

import { storeHeaders } from '@/api/admin/stores/get-stores'
import { storeStoreInCaches } from '@/api/admin/stores/save-store'
import { adminHttp } from '@/lib/http/admin-client'

export type StoreMediaKind = 'logo' | 'cover'

/** POST /admin/stores/{id}/media?kind=logo|cover (multipart, field `files`, one image). */
export async function uploadStoreMedia({
  storeId,
  kind,
  file,
  onProgress,
}: {
  storeId: string
  kind: StoreMediaKind
  file: File
  onProgress?: (percent: number) => void
}): Promise<AdminStore> {
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

export function useUploadStoreMedia() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadStoreMedia,
    onSuccess: (store) => storeStoreInCaches(queryClient, store),
  })
}
