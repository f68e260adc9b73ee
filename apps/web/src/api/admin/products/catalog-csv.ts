import {
  catalogImportDryRunSchema,
  catalogImportSchema,
  catalogImportStartedSchema,
  type CatalogImport,
  type CatalogImportError,
} from '@barrio/contracts/catalog-csv'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'

import { storeScopedKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { saveFile } from '@/lib/save-file'
import { showErrorToast } from '@/lib/toast'

/** How often the import dialog asks for progress while an import runs. */
export const IMPORT_POLL_MS = 1500

/** GET /admin/products/export.csv?separator: the whole catalogue, one row per variant (decision 055). */
export async function downloadCatalogCsv(separator: 'semicolon' | 'comma'): Promise<Blob> {
  const data = await adminHttp.get('/products/export.csv', {
    params: { separator },
    responseType: 'blob',
  })
  return data instanceof Blob ? data : new Blob([String(data)], { type: 'text/csv' })
}

/** "Exportar CSV": saves the catalogue as catalogo.csv (`;` and "1234,50", as Excel in es-AR reads it). */
export function useDownloadCatalogCsv() {
  return useMutation({
    mutationFn: async (separator: 'semicolon' | 'comma' = 'semicolon') =>
      saveFile(await downloadCatalogCsv(separator), 'catalogo.csv'),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}

function csvForm(file: File) {
  const form = new FormData()
  form.append('file', file)
  return form
}

/** POST /admin/products/import?dryRun=true: every row checked, nothing written. */
export async function validateCatalogCsv(
  file: File,
): Promise<{ total: number; errors: CatalogImportError[] }> {
  return catalogImportDryRunSchema.parse(
    await adminHttp.post('/products/import', csvForm(file), { params: { dryRun: 'true' } }),
  )
}

/** POST /admin/products/import: starts the import in the background. */
export async function startCatalogImport(file: File): Promise<{ importId: string }> {
  return catalogImportStartedSchema.parse(await adminHttp.post('/products/import', csvForm(file)))
}

/** GET /admin/imports/{id}: the import's progress. */
export async function getCatalogImport(id: string): Promise<CatalogImport> {
  return catalogImportSchema.parse(await adminHttp.get(`/imports/${encodeURIComponent(id)}`))
}

const finished = (data: CatalogImport | undefined) =>
  data?.status === 'done' || data?.status === 'failed'

export function catalogImportQueryOptions(storeId: string | null, id: string | null) {
  return queryOptions({
    queryKey: storeScopedKey(storeId, 'catalog-imports', id),
    queryFn: () => getCatalogImport(id!),
    enabled: Boolean(storeId && id),
    // Asks again until the import is done or failed.
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  })
}

export function useCatalogImport(id: string | null) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(catalogImportQueryOptions(storeId, id))
}

export const useValidateCatalogCsv = () => useMutation({ mutationFn: validateCatalogCsv })
export const useStartCatalogImport = () => useMutation({ mutationFn: startCatalogImport })
