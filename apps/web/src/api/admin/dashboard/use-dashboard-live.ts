import { dashboardStoreEventSchema } from '@barrio/contracts/admin-dashboard'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

import { API_BASE_URL } from '@/config/env'
import { adminKeys } from '@/api/query-keys'

/** GET /admin/dashboard/stores/{id}/events (EventSource cannot send x-store-id: it is in the path). */
export function dashboardStreamUrl(storeId: string): string {
  return `${API_BASE_URL}/admin/dashboard/stores/${encodeURIComponent(storeId)}/events`
}

/**
 * Listens to the store's new orders: each one refreshes the dashboard, the store lines and the
 * store's order lists, then calls `onNewOrder` (sound, notification). Without EventSource the
 * dashboard simply shows what it loaded; the stream reconnects by itself after a network drop.
 */
export function useDashboardLive(storeId: string | null, onNewOrder: (orderId: string) => void) {
  const queryClient = useQueryClient()
  // The latest callback, without reopening the stream when it changes.
  const callback = useRef(onNewOrder)
  useEffect(() => {
    callback.current = onNewOrder
  }, [onNewOrder])

  useEffect(() => {
    if (!storeId || typeof window === 'undefined' || typeof window.EventSource !== 'function')
      return
    const source = new window.EventSource(dashboardStreamUrl(storeId), { withCredentials: true })
    const onOrder = (event: MessageEvent) => {
      let data: unknown
      try {
        data = JSON.parse(String(event.data))
      } catch {
        return
      }
      const parsed = dashboardStoreEventSchema.safeParse(data)
      if (!parsed.success) return
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard.all(storeId) })
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard.stores() })
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders.all(storeId) })
      callback.current(parsed.data.orderId)
    }
    source.addEventListener('order', onOrder as EventListener)
    return () => {
      source.removeEventListener('order', onOrder as EventListener)
      source.close()
    }
  }, [storeId, queryClient])
}
