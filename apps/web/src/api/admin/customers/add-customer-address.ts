import {
  customerAddressSchema,
  type CustomerAddress,
  type CustomerAddressInput,
} from '@barrio/contracts/admin-customers'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/customers/{id}/addresses: one more delivery address of a store customer. */
export async function addCustomerAddress(
  customerId: string,
  input: CustomerAddressInput,
): Promise<CustomerAddress> {
  return customerAddressSchema.parse(
    await adminHttp.post(`/customers/${encodeURIComponent(customerId)}/addresses`, input),
  )
}

/** Adds the address and refreshes the customer's detail (where their addresses are listed). */
export function useAddCustomerAddress(customerId: string | null) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CustomerAddressInput) => addCustomerAddress(customerId ?? '', input),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: adminKeys.customers.detail(storeId, customerId ?? ''),
      }),
  })
}
