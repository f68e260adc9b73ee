import type { Product } from '@barrio/contracts/products'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/**
 * GET /products/{idOrHandle}?shopId: by id, or by handle within a shop (id or handle).
 * Typed, not parsed: a catalogue page's answer (decision 034: no zod on the first page).
 */
export async function getProduct(idOrHandle: string, shopId?: string): Promise<Product> {
  const response = await http.get<Product>(`/products/${encodeURIComponent(idOrHandle)}`, {
    params: shopId ? { shopId } : {},
  })
  return response.data
}

export function getProductQueryOptions(idOrHandle: string, shopId?: string) {
  return queryOptions({
    queryKey: ['products', 'detail', idOrHandle, shopId ?? null],
    queryFn: () => getProduct(idOrHandle, shopId),
    // The HTTP client has already retried what spec section 9 retries; a failed answer (e.g. the
    // 404 of an early-page prefetch) is not asked again because the page mounts.
    retryOnMount: false,
  })
}

export function useProduct(idOrHandle: string, shopId?: string) {
  return useQuery(getProductQueryOptions(idOrHandle, shopId))
}
