import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  type AdminWithdrawal,
  type WithdrawalStatus,
} from '@barrio/contracts/withdrawals'
import type { Page } from '@barrio/contracts/pagination'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { adminHttp } from '@/lib/http/admin-client'
import { showErrorToast, showToast } from '@/lib/toast'

export type WithdrawalListParams = { status?: WithdrawalStatus; page: number; limit: number }

/** GET /admin/withdrawals?status&page&limit: the store's botón de arrepentimiento requests. */
export async function getAdminWithdrawals(
  params: WithdrawalListParams,
): Promise<Page<AdminWithdrawal>> {
  return adminWithdrawalPageSchema.parse(await adminHttp.get('/withdrawals', { params }))
}

export function adminWithdrawalsQueryOptions(storeId: string | null, params: WithdrawalListParams) {
  return queryOptions({
    queryKey: adminKeys.withdrawals.list(storeId, params),
    queryFn: () => getAdminWithdrawals(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

export function useAdminWithdrawals(params: WithdrawalListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminWithdrawalsQueryOptions(storeId, params))
}

/** How many requests wait for an answer: one row asked for, the page's `totalDocs` read. */
export function usePendingWithdrawalsCount(enabled = true) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useQuery({
    ...adminWithdrawalsQueryOptions(storeId, { status: 'requested', page: 1, limit: 1 }),
    enabled: Boolean(storeId) && enabled,
    placeholderData: undefined,
  })
  return query.data?.totalDocs ?? 0
}

const withdrawalPath = (id: string) => `/withdrawals/${encodeURIComponent(id)}`

/** POST /admin/withdrawals/{id}/accept: refunds the whole order; `restock` puts its units back. */
export async function acceptWithdrawal(id: string, restock: boolean): Promise<AdminWithdrawal> {
  return adminWithdrawalSchema.parse(
    await adminHttp.post(`${withdrawalPath(id)}/accept`, { restock }),
  )
}

/** POST /admin/withdrawals/{id}/reject: the reason goes to the customer. */
export async function rejectWithdrawal(id: string, reason: string): Promise<AdminWithdrawal> {
  return adminWithdrawalSchema.parse(
    await adminHttp.post(`${withdrawalPath(id)}/reject`, { reason }),
  )
}

/**
 * A resolution refreshes the requests (list and badge) and the orders (the refund changed one);
 * a toast says how it went.
 */
function useResolution<V>(
  mutationFn: (variables: V) => Promise<AdminWithdrawal>,
  success: (withdrawal: AdminWithdrawal) => string,
) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.withdrawals.all(storeId) })
    void queryClient.invalidateQueries({ queryKey: adminKeys.orders.all(storeId) })
  }
  return useMutation({
    mutationFn,
    onSuccess: (withdrawal) => {
      refresh()
      showToast({ type: 'success', message: success(withdrawal) })
    },
    onError: (error) => {
      showErrorToast(getErrorMessage(error))
      refresh()
    },
  })
}

export function useAcceptWithdrawal() {
  return useResolution(
    ({ id, restock }: { id: string; restock: boolean }) => acceptWithdrawal(id, restock),
    (w) =>
      `Aceptaste el arrepentimiento del pedido #${w.orderNumber}: lo reembolsamos por completo.`,
  )
}

export function useRejectWithdrawal() {
  return useResolution(
    ({ id, reason }: { id: string; reason: string }) => rejectWithdrawal(id, reason),
    (w) => `Rechazaste el arrepentimiento del pedido #${w.orderNumber}. Le avisamos al cliente.`,
  )
}
