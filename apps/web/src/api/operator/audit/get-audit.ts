import { auditPageSchema, type AuditAction, type AuditEntry } from '@barrio/contracts/audit'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { operatorHttp } from '@/api/operator/operator-http'

export type OperatorAuditParams = {
  action?: AuditAction
  /** The store's name or handle (contains). */
  store?: string
  /** Who acted, by e-mail (contains). */
  actorEmail?: string
  /** Buenos Aires days, YYYY-MM-DD, both included. */
  from?: string
  to?: string
  page?: number
  limit: number
}

/** The audit log's query keys (decision 047), beside the operator's others. */
export const auditKeys = {
  all: () => ['operator', 'audit'] as const,
  list: (params: object) => ['operator', 'audit', 'list', params] as const,
}

/** GET /operator/audit?action&store&actorEmail&from&to&page&limit: newest first. */
export async function getOperatorAudit(params: OperatorAuditParams): Promise<Page<AuditEntry>> {
  // Empty filters are left out of the URL rather than sent blank.
  const sent = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  )
  return auditPageSchema.parse(await operatorHttp.get('/audit', { params: sent }))
}

export function operatorAuditQueryOptions(params: OperatorAuditParams) {
  return queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: () => getOperatorAudit(params),
    placeholderData: keepPreviousData,
  })
}

/** Who did what and when, filtered, a page at a time. */
export function useOperatorAudit(params: OperatorAuditParams) {
  return useQuery(operatorAuditQueryOptions(params))
}
