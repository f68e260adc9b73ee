import { adminHttp } from '@/lib/http/admin-client'

/**
 * GET /admin/orders/{id}/transfer-receipt: the customer's receipt file of one of the selected
 * store's orders (x-store-id rides the request; decision 037).
 */
export async function getAdminTransferReceipt(orderId: string): Promise<Blob> {
  return adminHttp.get<Blob>(`/orders/${encodeURIComponent(orderId)}/transfer-receipt`, {
    responseType: 'blob',
  })
}
