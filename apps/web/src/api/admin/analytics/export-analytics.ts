import { analyticsCsvFileName, type AnalyticsExportTable } from '@barrio/contracts/analytics'
import { useMutation } from '@tanstack/react-query'

import type { DayRange } from '@/api/admin/analytics/get-analytics'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

/**
 * GET /admin/analytics/export?from&to&table: one table as CSV. Fetched (it needs the store header
 * and the session), then handed to the browser as a download.
 */
export async function downloadAnalyticsCsv(range: DayRange, table: AnalyticsExportTable) {
  const csv = (await adminHttp.get('/analytics/export', {
    params: { ...range, table },
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  })) as Blob
  const url = URL.createObjectURL(csv)
  const link = document.createElement('a')
  link.href = url
  link.download = analyticsCsvFileName(table, range.from, range.to)
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

export function useDownloadAnalyticsCsv() {
  return useMutation({
    mutationFn: ({ range, table }: { range: DayRange; table: AnalyticsExportTable }) =>
      downloadAnalyticsCsv(range, table),
    onError: (error) => showErrorToast(getErrorMessage(error, 'No se pudo descargar el CSV.')),
  })
}
