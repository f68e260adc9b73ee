import { useMutation, useQueryClient } from '@tanstack/react-query'

import { mercadoPagoConnectionKey } from '@/api/admin/settings/get-mercado-pago-connection'
import { paymentMethodSettingsKey } from '@/api/admin/settings/get-payment-method-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

/** DELETE /admin/payments/mercadopago/connection: forgets the store's OAuth connection. */
export async function disconnectMercadoPago(): Promise<void> {
  await adminHttp.delete('/payments/mercadopago/connection')
}

/** Disconnecting may also turn Mercado Pago off (no pasted token left): both are read again. */
export function useDisconnectMercadoPago() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: disconnectMercadoPago,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mercadoPagoConnectionKey(storeId) }),
        queryClient.invalidateQueries({ queryKey: paymentMethodSettingsKey(storeId) }),
      ]),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
