import { http } from '@/lib/http/client'

/**
 * GET /orders/{id}/transfer-receipt: the receipt file of one of my orders. Fetched with the
 * session and device headers (receipts are not public files: decision 037). Typed, not parsed:
 * a file, no JSON to check (decision 034).
 */
export async function getTransferReceipt(orderId: string): Promise<Blob> {
  const response = await http.get<Blob>(`/orders/${encodeURIComponent(orderId)}/transfer-receipt`, {
    responseType: 'blob',
  })
  return response.data
}
