import { mercadoPagoConnectSchema } from '@barrio/contracts/mercado-pago-connection'
import { useMutation } from '@tanstack/react-query'

import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { redirectTo } from '@/lib/redirect'
import { showErrorToast } from '@/lib/toast'

/** GET /admin/payments/mercadopago/connect: Mercado Pago's authorization URL for this store. */
export async function getMercadoPagoAuthorizationUrl(): Promise<string> {
  return mercadoPagoConnectSchema.parse(await adminHttp.get('/payments/mercadopago/connect'))
    .authorizationUrl
}

/** Asks for the authorization URL and leaves for Mercado Pago; it comes back to the callback. */
export function useConnectMercadoPago() {
  return useMutation({
    mutationFn: getMercadoPagoAuthorizationUrl,
    onSuccess: (url) => redirectTo(url),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
