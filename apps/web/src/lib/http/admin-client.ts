import type { AxiosRequestConfig } from 'axios'

import { appStore } from '@/lib/app-store'
import { ApiError } from '@/lib/http/api-error'
import { http } from '@/lib/http/client'

export const NOT_ADMIN_MESSAGE =
  'Esta acción es solo para vendedores. Iniciá sesión con una cuenta de vendedor.'

/** Spec section 5: every admin call is refused on the client unless the user type is admin. */
export function assertAdmin(): void {
  if (appStore.getState().user?.userType !== 'admin') {
    throw new ApiError({ statusCode: 403, code: 'USER_NOT_ADMIN', message: NOT_ADMIN_MESSAGE })
  }
}

/**
 * Seller calls, under /api/v1/admin. Each one checks the user type first and resolves to the body,
 * typed by the caller (our API's answers are not re-parsed: decision 020).
 */
export const adminHttp = {
  async get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<T> {
    assertAdmin()
    return (await http.get<T>(`/admin${url}`, config)).data
  },
  async post<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
    assertAdmin()
    return (await http.post<T>(`/admin${url}`, body, config)).data
  },
  async put<T = unknown>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
    assertAdmin()
    return (await http.put<T>(`/admin${url}`, body, config)).data
  },
  async delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<T> {
    assertAdmin()
    return (await http.delete<T>(`/admin${url}`, config)).data
  },
}
