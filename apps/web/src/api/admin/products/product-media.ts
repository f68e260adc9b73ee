import { adminProductSchema, type AdminProduct } from '@barrio/contracts/admin-products'
import { MAX_IMAGES_PER_UPLOAD } from '@barrio/contracts/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024

/** A Spanish reason a file cannot be uploaded, or null when it looks fine. */
export function checkMediaFile(file: File): string | null {
  if (!MEDIA_TYPES.includes(file.type)) {
    return `${file.name}: no es una imagen JPG, PNG o WebP.`
  }
  if (file.size > MAX_MEDIA_BYTES) return `${file.name}: pesa más de 10 MB.`
  return null
}

/**
 * POST /admin/products/{id}/media (multipart, field `files`) with upload progress (0-100). The API
 * takes MAX_IMAGES_PER_UPLOAD images per request, so a bigger pick goes in consecutive batches.
 */
export async function uploadProductMedia({
  productId,
  files,
  onProgress,
}: {
  productId: string
  files: File[]
  onProgress?: (percent: number) => void
}): Promise<AdminProduct> {
  const batches: File[][] = []
  for (let i = 0; i < files.length; i += MAX_IMAGES_PER_UPLOAD)
    batches.push(files.slice(i, i + MAX_IMAGES_PER_UPLOAD))
  let product: AdminProduct | null = null
  for (const [index, batch] of batches.entries()) {
    const form = new FormData()
    for (const file of batch) form.append('files', file)
    product = adminProductSchema.parse(
      await adminHttp.post(`/products/${encodeURIComponent(productId)}/media`, form, {
        onUploadProgress: (event) => {
          if (!onProgress || !event.total) return
          const done = (index + event.loaded / event.total) / batches.length
          onProgress(Math.round(done * 100))
        },
      }),
    )
  }
  if (!product) throw new Error('uploadProductMedia needs at least one file')
  return product
}

/** DELETE /admin/products/{id}/media/{mediaId} -> 204; then the product as it is now. */
export async function deleteProductMedia({
  productId,
  mediaId,
}: {
  productId: string
  mediaId: string
}): Promise<AdminProduct> {
  const product = `/products/${encodeURIComponent(productId)}`
  await adminHttp.delete(`${product}/media/${encodeURIComponent(mediaId)}`)
  return adminProductSchema.parse(await adminHttp.get(product))
}

/** Images are saved at once (not with the form): the cached product takes the new media list. */
function useMediaCacheUpdate() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return (product: AdminProduct) =>
    queryClient.setQueryData<AdminProduct>(
      adminKeys.products.detail(storeId, product._id),
      (cached) => (cached ? { ...cached, media: product.media } : cached),
    )
}

export function useUploadProductMedia() {
  const updateCache = useMediaCacheUpdate()
  return useMutation({ mutationFn: uploadProductMedia, onSuccess: updateCache })
}

export function useDeleteProductMedia() {
  const updateCache = useMediaCacheUpdate()
  return useMutation({ mutationFn: deleteProductMedia, onSuccess: updateCache })
}
