import { orderSchema } from '@barrio/contracts/orders'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { getOrderQueryOptions } from '@/api/customer/orders/get-order'
import { getOwnerKey } from '@/lib/owner'
import { API_BASE_URL } from '@/config/env'
import { useAppStore } from '@/lib/app-store'

/** How often the order page asks when it cannot listen (no EventSource, or the stream failed). */
export const ORDER_POLL_INTERVAL_MS = 15_000

export type OrderLiveMode = 'off' | 'stream' | 'polling'

/** GET /orders/{id}/stream. EventSource cannot send headers: anonymous customers pass ?deviceId=. */
export function orderStreamUrl(orderId: string, deviceId: string | null): string {
  const url = `${API_BASE_URL}/orders/${encodeURIComponent(orderId)}/stream`
  return deviceId ? `${url}?deviceId=${encodeURIComponent(deviceId)}` : url
}

function hasEventSource(): boolean {
  return typeof window !== 'undefined' && typeof window.EventSource === 'function'
}

/**
 * Keeps the order's cache entry up to date: each `order` event of the server-sent stream replaces
 * it. Without EventSource, or once the stream fails, the page polls every 15 s instead. A stream
 * the server ends after it worked (a process stopping) reconnects instead.
 * Returns the mode; the caller passes the polling interval to its query.
 */
export function useOrderLive(orderId: string, enabled: boolean): OrderLiveMode {
  const queryClient = useQueryClient()
  const owner = useAppStore(getOwnerKey)
  const deviceId = useAppStore((s) => (s.isLoggedIn ? null : s.deviceId))
  const [failedFor, setFailedFor] = useState<string | null>(null)
  const supported = hasEventSource()
  const streamKey = `${orderId}|${owner ?? ''}`
  const failed = failedFor === streamKey

  useEffect(() => {
    if (!enabled || !supported || failed) return
    const source = new window.EventSource(orderStreamUrl(orderId, deviceId), {
      withCredentials: true,
    })
    // Whether the stream delivered since the last error: a working stream that the server ends
    // (that API process is shutting down) is left to the browser's own reconnection, which the
    // balancer sends to another process; a stream that fails again before delivering falls back
    // to polling.
    let delivered = false
    const onOrder = (event: MessageEvent) => {
      delivered = true
      let data: unknown
      try {
        data = JSON.parse(String(event.data))
      } catch {
        return
      }
      const parsed = orderSchema.safeParse(data)
      if (!parsed.success || parsed.data._id !== orderId) return
      queryClient.setQueryData(getOrderQueryOptions(orderId, owner).queryKey, parsed.data)
    }
    const onError = () => {
      if (delivered && source.readyState === window.EventSource.CONNECTING) {
        delivered = false
        return
      }
      source.close()
      setFailedFor(streamKey)
    }
    source.addEventListener('order', onOrder as EventListener)
    source.addEventListener('error', onError)
    return () => {
      source.removeEventListener('order', onOrder as EventListener)
      source.removeEventListener('error', onError)
      source.close()
    }
  }, [enabled, supported, failed, orderId, owner, deviceId, queryClient, streamKey])

  if (!enabled) return 'off'
  return supported && !failed ? 'stream' : 'polling'
}
