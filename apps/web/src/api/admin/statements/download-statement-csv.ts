import { useMutation } from '@tanstack/react-query'

import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { saveFile } from '@/lib/save-file'
import { showErrorToast } from '@/lib/toast'

/** GET /admin/statements.csv?month: the store's statement as CSV (x-store-id rides the request). */
export async function downloadAdminStatementCsv(month: string): Promise<Blob> {
  const data = await adminHttp.get('/statements.csv', {
    params: { month },
    responseType: 'blob',
  })
  return data instanceof Blob ? data : new Blob([String(data)], { type: 'text/csv' })
}

/** "Descargar CSV" of the monthly statement. */
export function useDownloadAdminStatementCsv() {
  return useMutation({
    mutationFn: async ({ month, filename }: { month: string; filename: string }) =>
      saveFile(await downloadAdminStatementCsv(month), filename),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
