import { checkoutSlotsSchema, type CheckoutSlots } from '@barrio/contracts/checkout'
import { useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

export type SlotsQuery = { date: string; deliveryType: 'pickup' | 'delivery' }

/** GET /checkout/{id}/slots: the day's slots with room, and the days that may be asked (issue 26). */
export async function getSlots(checkoutId: string, query: SlotsQuery): Promise<CheckoutSlots> {
  const response = await http.get<unknown>(`/checkout/${encodeURIComponent(checkoutId)}/slots`, {
    params: query,
  })
  return checkoutSlotsSchema.parse(response.data)
}

export function useSlots(checkoutId: string, query: SlotsQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['checkout', checkoutId, 'slots', query.deliveryType, query.date] as const,
    queryFn: () => getSlots(checkoutId, query),
    enabled,
    // Slots fill up: always the server's latest count.
    staleTime: 0,
  })
}
