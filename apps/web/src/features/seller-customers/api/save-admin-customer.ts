import {
  adminCustomerDetailSchema,
  type AdminCustomerDetail,
  type AdminCustomerInput,
} from '@barrio/contracts/admin-customers'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { sellerCustomerKeys } from '@/features/seller-customers/api/keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type SaveAdminCustomerVariables = {
  /** Absent for a new customer. */
  id?: string
  input: AdminCustomerInput
}

/** POST /admin/customers -> 201, or PUT /admin/customers/{id}; both answer the customer. */
export async function saveAdminCustomer({
  id,
  input,
}: SaveAdminCustomerVariables): Promise<AdminCustomerDetail> {
  const body = id
    ? await adminHttp.put(`/customers/${encodeURIComponent(id)}`, input)
    : await adminHttp.post('/customers', input)
  return adminCustomerDetailSchema.parse(body)
}

export function useSaveAdminCustomer() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAdminCustomer,
    onSuccess: (saved) => {
      queryClient.setQueryData(sellerCustomerKeys.detail(storeId, saved._id), saved)
      void queryClient.invalidateQueries({ queryKey: sellerCustomerKeys.lists(storeId) })
    },
  })
}
