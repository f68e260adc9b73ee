import { adminProductSchema, type AdminProduct } from '@barrio/contracts/admin-products'

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

/** POST /admin/products/{id}/media (multipart, field `files`) with upload progress (0-100). */
export async function uploadProductMedia(
  productId: string,
  files: File[],
  onProgress?: (percent: number) => void,
): Promise<AdminProduct> {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  return adminProductSchema.parse(
    await adminHttp.post(`/products/${encodeURIComponent(productId)}/media`, form, {
      onUploadProgress: (event) => {
        if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100))
      },
    }),
  )
}

/** DELETE /admin/products/{id}/media/{mediaId} -> the product. */
export async function deleteProductMedia(
  productId: string,
  mediaId: string,
): Promise<AdminProduct> {
  return adminProductSchema.parse(
    await adminHttp.delete(
      `/products/${encodeURIComponent(productId)}/media/${encodeURIComponent(mediaId)}`,
    ),
  )
}
