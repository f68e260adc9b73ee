import {
  csrResponseSchema,
  fiscalSettingsSchema,
  type FiscalSettings,
} from '@barrio/contracts/invoicing'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { fiscalKey } from '@/api/admin/settings/get-fiscal-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { saveFile } from '@/lib/save-file'
import { showErrorToast } from '@/lib/toast'

/** The name the CSR is saved under (the API's attachment names it the same). */
export const CSR_FILE_NAME = 'barrio-arca.csr'

/**
 * POST /admin/store_settings_fiscal/csr: a new key pair (the private key stays sealed on the
 * server) and its CSR; a certificate uploaded before stops matching the new key.
 */
export async function createCsr(): Promise<string> {
  return csrResponseSchema.parse(await adminHttp.post('/store_settings_fiscal/csr', {})).csrPem
}

export function useCreateCsr() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCsr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fiscalKey(storeId) }),
    onError: (error) =>
      showErrorToast(getErrorMessage(error, 'No pudimos generar la solicitud. Probá de nuevo.')),
  })
}

/** GET /admin/store_settings_fiscal/csr: the .csr file (x-store-id rides the request). */
export async function downloadCsr(): Promise<Blob> {
  const data = await adminHttp.get('/store_settings_fiscal/csr', { responseType: 'blob' })
  return data instanceof Blob ? data : new Blob([String(data)], { type: 'application/pkcs10' })
}

export function useDownloadCsr() {
  return useMutation({
    mutationFn: async () => saveFile(await downloadCsr(), CSR_FILE_NAME),
    onError: (error) =>
      showErrorToast(getErrorMessage(error, 'No pudimos descargar la solicitud. Probá de nuevo.')),
  })
}

/**
 * POST /admin/store_settings_fiscal/certificate with the text of the file ARCA gave; a 400
 * names `certificatePem` with the reason in Spanish.
 */
export async function uploadCertificate(certificatePem: string): Promise<FiscalSettings> {
  return fiscalSettingsSchema.parse(
    await adminHttp.post('/store_settings_fiscal/certificate', { certificatePem }),
  )
}

export function useUploadCertificate() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadCertificate,
    onSuccess: (saved) => queryClient.setQueryData(fiscalKey(storeId), saved),
  })
}
