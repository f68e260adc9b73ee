import {
  mercadoPagoConnectionSchema,
  type MercadoPagoConnection,
} from '@barrio/contracts/mercado-pago-connection'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const mercadoPagoConnectionKey = (storeId: string | null) =>
  storeSettingsKey(storeId, 'mercado-pago-connection')

/** GET /admin/payments/mercadopago/connection: the store's Mercado Pago account (OAuth). */
export async function getMercadoPagoConnection(): Promise<MercadoPagoConnection> {
  return mercadoPagoConnectionSchema.parse(await adminHttp.get('/payments/mercadopago/connection'))
}

export function mercadoPagoConnectionQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: mercadoPagoConnectionKey(storeId),
    queryFn: getMercadoPagoConnection,
    enabled: Boolean(storeId),
  })
}

export function useMercadoPagoConnection() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(mercadoPagoConnectionQueryOptions(storeId))
}
