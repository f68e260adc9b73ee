import type { Product } from '@barrio/contracts/products'
import type { Store } from '@barrio/contracts/stores'
import type { QueryClient } from '@tanstack/react-query'

import { getProduct, getProductQueryOptions } from '@/api/customer/catalog/get-product'
import { getStore, getStoreQueryOptions } from '@/api/customer/catalog/get-store'
import { apiErrorFromResponse } from '@/lib/http/api-error'
import { isRetriedStatus } from '@/lib/http/retry'

/**
 * What index.html's inline script asked for on a shop's page (`GET /stores/{shop}`) or a product's
 * page (`GET /products/{product}?shopId={shop}`) before the JavaScript loaded: the route's
 * parameters as the router decodes them, and the API's JSON (null when the request failed).
 */
export type EarlyPage = {
  shop: string
  product: string | null
  answer: Promise<unknown>
  /** Set before `answer` resolves to null when the API answered with an error status. */
  failure?: { status: number; body: unknown }
}

declare global {
  interface Window {
    __barrioPage?: EarlyPage
  }
}

/** The shop and product parameters of a catalogue page's path (paths.ts), or null elsewhere. */
export function catalogPageParams(
  pathname: string,
): { shop: string; product: string | null } | null {
  const match = /^\/shops\/([^/]+)(?:\/products\/([^/]+))?\/?$/.exec(pathname)
  if (!match?.[1]) return null
  try {
    return {
      shop: decodeURIComponent(match[1]),
      product: match[2] ? decodeURIComponent(match[2]) : null,
    }
  } catch {
    return null
  }
}

/**
 * The early answer, or what asking again gives. An error the spec does not retry (section 9: only
 * 1xx, 429 and 5xx are), such as the 404 of an unknown shop, is the page's answer as it is.
 */
async function earlyOr<T>(early: EarlyPage, ask: () => Promise<T>): Promise<T> {
  const answer = (await early.answer) as T | null
  if (answer !== null) return answer
  const failure = early.failure
  if (failure && !isRetriedStatus(failure.status)) {
    throw apiErrorFromResponse(failure.status, failure.body)
  }
  return ask()
}

/**
 * Takes index.html's early answer once and puts it where the page looks for it (the same query the
 * shop or product page runs), when it was asked for this very page; a request that got no answer,
 * or an answer the spec retries, falls back to asking here.
 */
export function prefetchEarlyPage(queryClient: QueryClient, pathname: string): void {
  const early = window.__barrioPage
  delete window.__barrioPage
  const params = catalogPageParams(pathname)
  if (!early || !params || early.shop !== params.shop || early.product !== params.product) return
  const { shop, product } = params
  if (product === null) {
    void queryClient.prefetchQuery({
      ...getStoreQueryOptions(shop),
      queryFn: () => earlyOr<Store>(early, () => getStore(shop)),
    })
  } else {
    void queryClient.prefetchQuery({
      ...getProductQueryOptions(product, shop),
      queryFn: () => earlyOr<Product>(early, () => getProduct(product, shop)),
    })
  }
}
