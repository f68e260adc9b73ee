import {
  adminCustomerDetailSchema,
  type AdminCustomerDetail,
  type AdminCustomerInput,
} from '@barrio/contracts/admin-customers'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
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

/** The saved customer becomes the cached detail; every list of the store's customers refreshes. */
function useCustomerSaved() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return (saved: AdminCustomerDetail) => {
    queryClient.setQueryData(adminKeys.customers.detail(storeId, saved._id), saved)
    void queryClient.invalidateQueries({ queryKey: adminKeys.customers.lists(storeId) })
  }
}

export function useSaveAdminCustomer() {
  return useMutation({ mutationFn: saveAdminCustomer, onSuccess: useCustomerSaved() })
}

/** The quick create of a phone or WhatsApp customer: the same call, with the input alone. */
export function useCreateCustomer() {
  return useMutation({
    mutationFn: (input: AdminCustomerInput) => saveAdminCustomer({ input }),
    onSuccess: useCustomerSaved(),
  })
}
