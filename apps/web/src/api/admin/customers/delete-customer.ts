import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

/** DELETE /admin/customers/{id}: the customer leaves the list; their orders stay. */
export async function deleteAdminCustomer(id: string): Promise<void> {
  await adminHttp.delete(`/customers/${encodeURIComponent(id)}`)
}

/** Deletes one customer (variables: id and name, for the toast) and refreshes the list. */
export function useDeleteCustomer(storeId: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deleteAdminCustomer(id),
    onSuccess: (_result, { id, name }) => {
      queryClient.removeQueries({ queryKey: adminKeys.customers.detail(storeId, id) })
      showToast({ message: `Eliminaste a ${name} de tus clientes.`, type: 'success' })
    },
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: adminKeys.customers.lists(storeId) }),
  })
}
