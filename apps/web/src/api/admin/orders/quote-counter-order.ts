import {
  counterOrderQuoteSchema,
  type CounterOrderQuote,
  type CounterOrderQuoteInput,
} from '@barrio/contracts/admin-counter-orders'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/quote: an order the shop takes itself, priced by the server. */
export async function quoteCounterOrder(input: CounterOrderQuoteInput): Promise<CounterOrderQuote> {
  return counterOrderQuoteSchema.parse(await adminHttp.post('/orders/quote', input))
}

export function counterOrderQuoteQueryOptions(
  storeId: string | null,
  input: CounterOrderQuoteInput,
) {
  return queryOptions({
    queryKey: adminKeys.counterOrderQuote.one(storeId, input),
    queryFn: () => quoteCounterOrder(input),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The new order's running total; the previous total stays on screen while the next is asked. */
export function useOrderQuote(input: CounterOrderQuoteInput) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(counterOrderQuoteQueryOptions(storeId, input))
}
