import {
  auditFilterSchema,
  type AuditAction,
  type AuditActorType,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
} from '@barrio/contracts/audit'
import { buildPage, type PaginationQuery } from '@barrio/contracts/pagination'
import type { Tx } from '../../db/client.ts'
import { addDays, buenosAiresDayRange } from '../../lib/buenos-aires-day.ts'
import { parseJsonFilter } from '../../lib/json-filter.ts'
import { currentAuditContext } from './audit-context.ts'
import type { AuditListRow, AuditRepository } from './audit.repository.ts'
import { maskSecrets } from './mask-secrets.ts'

/** One entry to record: who, on which store, what, to what, the state before and after. */
export type AuditRecord = {
  actorId: string | null
  /**
   * `operator` for the platform's staff, `system` for a command without a person. Absent for a
   * store's team: the entry says `seller` when the actor owns the store, `staff` otherwise.
   */
  actorType?: AuditActorType
  storeId?: string | null
  action: AuditAction
  target: { type: string; id: string }
  before?: unknown
  after?: unknown
}

function toEntry(row: AuditListRow): AuditEntry {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: { _id: row.actorId, email: row.actorEmail, type: row.actorType },
    store: row.storeId ? { _id: row.storeId, name: row.storeName } : null,
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
    ip: row.ip,
  }
}

/**
 * The audit log (issue 24, decision 047). `record` writes in the caller's transaction, so an
 * action that rolls back leaves no entry and an entry never describes what did not happen.
 * Secrets in before/after are masked here, whoever calls.
 */
export function createAuditService(deps: { repository: AuditRepository }) {
  const { repository } = deps
  return {
    async record(tx: Tx, entry: AuditRecord): Promise<void> {
      const { requestId, ip } = currentAuditContext()
      await repository.insert(tx, {
        actorId: entry.actorId,
        ...(entry.actorType ? { actorType: entry.actorType } : {}),
        storeId: entry.storeId ?? null,
        action: entry.action,
        targetType: entry.target.type,
        targetId: entry.target.id,
        before: maskSecrets(entry.before),
        after: maskSecrets(entry.after),
        requestId,
        ip,
      })
    },

    /** Newest first; plain filters win over the same ones in `query` (JSON). */
    async list(query: Omit<AuditListQuery, 'page' | 'limit'> & PaginationQuery) {
      const { page, limit, query: json, ...plain } = query
      const fromJson = parseJsonFilter(auditFilterSchema, json) as AuditFilter
      const defined = Object.fromEntries(
        Object.entries(plain).filter(([, v]) => v !== undefined && v !== ''),
      ) as AuditFilter
      const filter: AuditFilter = { ...fromJson, ...defined }
      const { rows, total } = await repository.list(
        {
          action: filter.action,
          storeId: filter.storeId,
          store: filter.store,
          actorEmail: filter.actorEmail,
          from: filter.from ? buenosAiresDayRange(filter.from).start : undefined,
          // `to` is a whole day, included.
          to: filter.to ? buenosAiresDayRange(addDays(filter.to, 1)).start : undefined,
        },
        { page, limit },
      )
      return buildPage(rows.map(toEntry), total, { page, limit })
    },
  }
}
export type AuditService = ReturnType<typeof createAuditService>
