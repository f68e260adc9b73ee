import {
  couponPageSchema,
  couponSchema,
  type Coupon,
  type CouponInput,
} from '@barrio/contracts/coupons'
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

export const COUPONS_PAGE_SIZE = 20

export type CouponListParams = { page: number; limit: number; q?: string }

export function buildCouponListParams(page: number, search: string): CouponListParams {
  const q = search.trim()
  return { page, limit: COUPONS_PAGE_SIZE, ...(q ? { q: q.slice(0, 30) } : {}) }
}

const couponPath = (id: string) => `/coupons/${encodeURIComponent(id)}`

/** GET /admin/coupons?q&page&limit. */
export async function getAdminCoupons(params: CouponListParams): Promise<Page<Coupon>> {
  return couponPageSchema.parse(await adminHttp.get('/coupons', { params }))
}

export function useAdminCoupons(params: CouponListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(
    queryOptions({
      queryKey: adminKeys.coupons.list(storeId, params),
      queryFn: () => getAdminCoupons(params),
      enabled: Boolean(storeId),
      placeholderData: keepPreviousData,
    }),
  )
}

/** GET /admin/coupons/{id}. */
export async function getAdminCoupon(id: string): Promise<Coupon> {
  return couponSchema.parse(await adminHttp.get(couponPath(id)))
}

export function useAdminCoupon(id: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery({
    queryKey: adminKeys.coupons.detail(storeId, id),
    queryFn: () => getAdminCoupon(id),
    enabled: Boolean(storeId),
  })
}

export type SaveCouponVariables = { id?: string; input: CouponInput }

/** POST /admin/coupons -> 201, or PUT /admin/coupons/{id}; both answer the coupon. */
export async function saveAdminCoupon({ id, input }: SaveCouponVariables): Promise<Coupon> {
  const body = id
    ? await adminHttp.put(couponPath(id), input)
    : await adminHttp.post('/coupons', input)
  return couponSchema.parse(body)
}

export function useSaveAdminCoupon() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAdminCoupon,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.coupons.detail(storeId, saved._id), saved)
      void queryClient.invalidateQueries({ queryKey: adminKeys.coupons.lists(storeId) })
    },
  })
}

/** DELETE /admin/coupons/{id} -> 204. */
export async function deleteAdminCoupon(id: string): Promise<void> {
  await adminHttp.delete(couponPath(id))
}

/** Deletes one coupon (variables: its id and code, for the toast). */
export function useDeleteCoupon() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: string; code: string }) => deleteAdminCoupon(id),
    onSuccess: (_result, { code }) =>
      showToast({ message: `Eliminaste el cupón ${code}.`, type: 'success' }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons.all(storeId) }),
  })
}
