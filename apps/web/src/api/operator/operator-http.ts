import type { AxiosRequestConfig } from 'axios'

import { appStore } from '@/lib/app-store'
import { ApiError } from '@/lib/http/api-error'
import { http } from '@/lib/http/client'

export const NOT_OPERATOR_MESSAGE = 'Esta sección es solo para el equipo de Barrio.'

/** Like the seller's calls: refused on the client unless the user is an operator (issue 24). */
export function assertOperator(): void {
  if (appStore.getState().user?.userType !== 'operator') {
    throw new ApiError({ statusCode: 403, code: 'FORBIDDEN', message: NOT_OPERATOR_MESSAGE })
  }
}

/** Operator calls, under /api/v1/operator; each answer is parsed by its caller (decision 034). */
export const operatorHttp = {
  async get(url: string, config?: AxiosRequestConfig): Promise<unknown> {
    assertOperator()
    return (await http.get<unknown>(`/operator${url}`, config)).data
  },
  async post(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<unknown> {
    assertOperator()
    return (await http.post<unknown>(`/operator${url}`, body, config)).data
  },
  async put(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<unknown> {
    assertOperator()
    return (await http.put<unknown>(`/operator${url}`, body, config)).data
  },
}
