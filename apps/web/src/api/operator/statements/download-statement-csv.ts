import type { OperatorStatementQuery } from '@barrio/contracts/commissions'
import { useMutation } from '@tanstack/react-query'

import { operatorHttp } from '@/api/operator/operator-http'
import { getErrorMessage } from '@/lib/http/api-error'
import { saveFile } from '@/lib/save-file'
import { showErrorToast } from '@/lib/toast'

/** GET /operator/statements.csv?storeId&month: the statement as CSV for Excel. */
export async function downloadOperatorStatementCsv(query: OperatorStatementQuery): Promise<Blob> {
  const data = await operatorHttp.get('/statements.csv', { params: query, responseType: 'blob' })
  return data instanceof Blob ? data : new Blob([String(data)], { type: 'text/csv' })
}

/** "Descargar CSV": saves resumen-<tienda>-<mes>.csv. */
export function useDownloadOperatorStatementCsv() {
  return useMutation({
    mutationFn: async ({ query, filename }: { query: OperatorStatementQuery; filename: string }) =>
      saveFile(await downloadOperatorStatementCsv(query), filename),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
