import { invoiceListSchema, type Invoice } from '@barrio/contracts/invoicing'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { saveFile } from '@/lib/save-file'
import { showErrorToast } from '@/lib/toast'

/** While a document waits for ARCA the card asks again this often (the outbox retries it). */
export const PENDING_INVOICE_POLL_MS = 15_000

export const orderInvoicesKey = (storeId: string | null, orderId: string) =>
  adminKeys.orders.detail(storeId, orderId, 'invoices')

const invoicesPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoices`

/** GET /admin/orders/{id}/invoices: the invoice and credit notes, pending ones included. */
export async function getOrderInvoices(orderId: string): Promise<Invoice[]> {
  return invoiceListSchema.parse(await adminHttp.get(invoicesPath(orderId))).docs
}

export function orderInvoicesQueryOptions(storeId: string | null, orderId: string) {
  return queryOptions({
    queryKey: orderInvoicesKey(storeId, orderId),
    queryFn: () => getOrderInvoices(orderId),
    enabled: Boolean(storeId),
    // Polls only while something waits for ARCA.
    refetchInterval: (query) =>
      query.state.data?.some((doc) => doc.status === 'pending') ? PENDING_INVOICE_POLL_MS : false,
  })
}

export function useOrderInvoices(storeId: string | null, orderId: string) {
  return useQuery(orderInvoicesQueryOptions(storeId, orderId))
}

/**
 * POST /admin/orders/{id}/invoices -> 202: invoices a paid order now, or retries its pending
 * documents. 409 (unpaid order, no fiscal data or certificate) says why in Spanish.
 */
export async function invoiceOrder(orderId: string): Promise<Invoice[]> {
  return invoiceListSchema.parse(await adminHttp.post(invoicesPath(orderId))).docs
}

export function useInvoiceOrder(storeId: string | null, orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => invoiceOrder(orderId),
    onSuccess: (docs) => queryClient.setQueryData(orderInvoicesKey(storeId, orderId), docs),
    onError: (error) =>
      showErrorToast(getErrorMessage(error, 'No pudimos pedir la factura. Probá de nuevo.')),
  })
}

/** "factura-b-00003-00000012.pdf", like the API's attachment name. */
export function invoiceFileName(doc: Pick<Invoice, 'label'>): string {
  const base = doc.label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
  return `${base || 'factura'}.pdf`
}

/**
 * A document's PDF (`pdfUrl`, under /api/v1/admin): fetched with the session and x-store-id
 * headers, which a plain link cannot carry, then saved.
 */
export async function downloadInvoicePdf(pdfUrl: string): Promise<Blob> {
  const path = pdfUrl.replace(/^.*?\/api\/v1\/admin/, '')
  const data = await adminHttp.get(path, { responseType: 'blob' })
  return data instanceof Blob ? data : new Blob([data as BlobPart], { type: 'application/pdf' })
}

export function useDownloadInvoicePdf() {
  return useMutation({
    mutationFn: async (doc: Invoice) => {
      if (!doc.pdfUrl) return
      saveFile(await downloadInvoicePdf(doc.pdfUrl), invoiceFileName(doc))
    },
    onError: (error) =>
      showErrorToast(getErrorMessage(error, 'No pudimos descargar la factura. Probá de nuevo.')),
  })
}
