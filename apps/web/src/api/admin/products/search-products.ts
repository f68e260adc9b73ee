import type { AdminProduct } from '@barrio/contracts/admin-products'
import { MAX_PAGE_SIZE } from '@barrio/contracts/pagination'
import { queryOptions } from '@tanstack/react-query'

import { getAdminProducts } from '@/api/admin/products/get-products'
import { adminKeys } from '@/api/query-keys'

/** What the membership picker shows of a product. */
export type ProductPick = {
  _id: string
  title: string
  thumbUrl: string | null
  status: AdminProduct['status']
}

function toPick(product: AdminProduct): ProductPick {
  const media = product.media.find((m) => m.isMain) ?? product.media[0]
  return {
    _id: product._id,
    title: product.title,
    thumbUrl: media ? (media.thumbUrl ?? media.url) : null,
    status: product.status,
  }
}

async function listProducts(
  filter: Record<string, unknown>,
  limit: number,
): Promise<ProductPick[]> {
  const page = await getAdminProducts({
    page: 1,
    limit,
    sort: 'title',
    query: JSON.stringify(filter),
  })
  return page.docs.map(toPick)
}

/** Products whose title matches, to add to a collection (GET /admin/products with a search filter). */
export function productSearchQueryOptions(storeId: string | null, search: string) {
  const text = search.trim().slice(0, 100)
  return queryOptions({
    queryKey: adminKeys.products.pick(storeId, text),
    queryFn: () => listProducts(text ? { search: text } : {}, 10),
    enabled: Boolean(storeId),
  })
}

/** The products already in a collection, to show their titles. */
export function collectionMembersQueryOptions(storeId: string | null, collectionId: string) {
  return queryOptions({
    queryKey: adminKeys.products.members(storeId, collectionId),
    queryFn: () => listProducts({ collectionId }, MAX_PAGE_SIZE),
    enabled: Boolean(storeId),
  })
}
