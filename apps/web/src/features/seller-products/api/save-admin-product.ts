import {
  adminProductSchema,
  type AdminProduct,
  type AdminProductInput,
} from '@barrio/contracts/admin-products'
import { z } from 'zod'

import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/products (with the id from GET /products/id) -> 201 with the product. */
export async function createAdminProduct(input: AdminProductInput): Promise<AdminProduct> {
  return adminProductSchema.parse(await adminHttp.post('/products', input))
}

/** PUT /admin/products/{id} (mediaOrder sets the images' order; the first is the main one). */
export async function updateAdminProduct(
  productId: string,
  input: AdminProductInput,
): Promise<AdminProduct> {
  return adminProductSchema.parse(
    await adminHttp.put(`/products/${encodeURIComponent(productId)}`, input),
  )
}

/** DELETE /admin/products/{id}: archives the product. */
export async function archiveAdminProduct(productId: string): Promise<void> {
  z.unknown().parse(await adminHttp.delete(`/products/${encodeURIComponent(productId)}`))
}
