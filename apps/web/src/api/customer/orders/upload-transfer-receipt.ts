import { orderSchema, type Order } from '@barrio/contracts/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { getOrderQueryOptions } from '@/api/customer/orders/get-order'
import { http } from '@/lib/http/client'

/** POST /orders/{id}/transfer-receipt (multipart, field `file`: an image or a PDF, 5 MB). */
export async function uploadTransferReceipt(orderId: string, file: File): Promise<Order> {
  const form = new FormData()
  form.append('file', file)
  const response = await http.post<unknown>(
    `/orders/${encodeURIComponent(orderId)}/transfer-receipt`,
    form,
  )
  return orderSchema.parse(response.data)
}

export function useUploadTransferReceipt(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadTransferReceipt(orderId, file),
    onSuccess: (order) => queryClient.setQueryData(getOrderQueryOptions(orderId).queryKey, order),
  })
}
