import { useMutation } from '@tanstack/react-query'

import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'
import { saveFile } from '@/lib/save-file'

/** GET /admin/payments/export?query: the filtered ledger as CSV (x-store-id rides the request). */
export async function downloadPaymentsCsv(query: string): Promise<Blob> {
  const data = await adminHttp.get('/payments/export', { params: { query }, responseType: 'blob' })
  return data instanceof Blob ? data : new Blob([String(data)], { type: 'text/csv' })
}

/** "Descargar CSV": fetches the export for the filter and saves it as pagos-<from>-<to>.csv. */
export function useDownloadPaymentsCsv() {
  return useMutation({
    mutationFn: async ({ query, filename }: { query: string; filename: string }) =>
      saveFile(await downloadPaymentsCsv(query), filename),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
