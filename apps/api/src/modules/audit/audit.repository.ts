import type { AuditActorType } from '@barrio/contracts/audit'
import { sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog } from '../../db/schema/audit.ts'
import { containsPattern, folded } from '../../lib/search.ts'

export type AuditInsert = {
  actorId: string | null
  /** Absent for a store's team: `seller` when the actor owns the store, else `staff`. */
  actorType?: AuditActorType
  storeId: string | null
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  requestId: string | null
  ip: string | null
}

export type AuditListFilter = {
  action?: string | undefined
  storeId?: string | undefined
  store?: string | undefined
  actorEmail?: string | undefined
  /** Half-open [from, to). */
  from?: Date | undefined
  to?: Date | undefined
}

/** An entry with its actor's e-mail and its store's name, joined in the list's one statement. */
export type AuditListRow = {
  id: string
  createdAt: Date
  actorId: string | null
  actorType: AuditActorType
  actorEmail: string | null
  storeId: string | null
  storeName: string | null
  action: string
  targetType: string
  targetId: string
  before: unknown
  after: unknown
  requestId: string | null
  ip: string | null
}

/**
 * The audit log (decision 047): entries are inserted in the caller's transaction and never
 * changed. The list joins users and stores by their table names (no foreign keys: an entry
 * outlives what it names).
 */
export function createAuditRepository(db: Db) {
  return {
    async insert(tx: Tx, entry: AuditInsert): Promise<void> {
      const { actorId, storeId } = entry
      const actorType: SQL | AuditActorType =
        entry.actorType ??
        sql`case when exists (select 1 from stores s where s.id = ${storeId}::uuid and s.owner_id = ${actorId}::uuid) then 'seller' else 'staff' end`
      await tx.insert(auditLog).values({
        actorId,
        actorType: actorType as AuditActorType,
        storeId,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        before: entry.before,
        after: entry.after,
        requestId: entry.requestId,
        ip: entry.ip,
      })
    },

    /** One statement: the page, newest first, with e-mails and store names, and the count. */
    async list(
      filter: AuditListFilter,
      page: { page: number; limit: number },
    ): Promise<{ rows: AuditListRow[]; total: number }> {
      const conditions: SQL[] = []
      if (filter.action) conditions.push(sql`a.action = ${filter.action}`)
      if (filter.storeId) conditions.push(sql`a.store_id = ${filter.storeId}::uuid`)
      if (filter.from)
        conditions.push(sql`a.created_at >= ${filter.from.toISOString()}::timestamptz`)
      if (filter.to) conditions.push(sql`a.created_at < ${filter.to.toISOString()}::timestamptz`)
      const store = filter.store?.trim()
      if (store) {
        const term = containsPattern(store)
        conditions.push(sql`(${folded(sql`s.name`)} like ${term} or s.handle like ${term})`)
      }
      const email = filter.actorEmail?.trim()
      if (email) conditions.push(sql`lower(u.email) like ${containsPattern(email)}`)
      const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
      const result = await db.execute<Record<string, unknown>>(sql`
        with filtered as (
          select a.id, a.created_at
            from audit_log a
            left join users u on u.id = a.actor_id
            left join stores s on s.id = a.store_id
          ${where}
        ),
        page as (
          select id from filtered order by created_at desc, id desc
          limit ${page.limit} offset ${(page.page - 1) * page.limit}
        )
        select t.total, a.id, a.created_at, a.actor_id, a.actor_type, u.email as actor_email,
               a.store_id, s.name as store_name, a.action, a.target_type, a.target_id,
               a.before, a.after, a.request_id, a.ip
          from (select count(*)::int as total from filtered) t
          left join (page p join audit_log a on a.id = p.id
                     left join users u on u.id = a.actor_id
                     left join stores s on s.id = a.store_id) on true
         order by a.created_at desc, a.id desc`)
      const total = Number(result.rows[0]?.total ?? 0)
      const rows = result.rows
        .filter((r) => r.id != null)
        .map((r): AuditListRow => ({
          id: String(r.id),
          createdAt: new Date(r.created_at as string | Date),
          actorId: r.actor_id == null ? null : String(r.actor_id),
          actorType: r.actor_type as AuditActorType,
          actorEmail: r.actor_email == null ? null : String(r.actor_email),
          storeId: r.store_id == null ? null : String(r.store_id),
          storeName: r.store_name == null ? null : String(r.store_name),
          action: String(r.action),
          targetType: String(r.target_type),
          targetId: String(r.target_id),
          before: parseJson(r.before),
          after: parseJson(r.after),
          requestId: r.request_id == null ? null : String(r.request_id),
          ip: r.ip == null ? null : String(r.ip),
        }))
      return { rows, total }
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>

/** jsonb arrives parsed from node-postgres and PGlite alike; a string is parsed just in case. */
function parseJson(value: unknown): unknown {
  if (value == null) return null
  if (typeof value === 'string') {
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  }
  return value
}
