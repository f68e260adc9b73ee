import type { OperatorStore, OperatorStoreListQuery } from '@barrio/contracts/operator'
import type { StoreCategory } from '@barrio/contracts/common'
import type { AuditAction } from '@barrio/contracts/audit'
import { buildPage, type PaginationQuery } from '@barrio/contracts/pagination'
import type { Db, Tx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type {
  ModerationRepository,
  OperatorStoreRow,
  ProductModeration,
  StoreModeration,
} from './moderation.repository.ts'

/** What the operator did (issue 24). */
export type ModerationAction =
  | { kind: 'store.suspend'; storeId: string; reason: string }
  | { kind: 'store.unsuspend'; storeId: string }
  | { kind: 'product.hide'; productId: string; reason: string }
  | { kind: 'product.unhide'; productId: string }

type Applied<K extends ModerationAction['kind'], Row> = {
  kind: K
  operatorId: string
  before: Row
  after: Row
}
/** One action as applied: who, and the moderated row before and after it. */
export type ModerationOutcome =
  | Applied<'store.suspend', StoreModeration>
  | Applied<'store.unsuspend', StoreModeration>
  | Applied<'product.hide', ProductModeration>
  | Applied<'product.unhide', ProductModeration>
export type OutcomeOf<A extends ModerationAction> = Extract<ModerationOutcome, { kind: A['kind'] }>

/** The audit log's name of each action (decision 047). */
const AUDITED = {
  'store.suspend': 'store.suspended',
  'store.unsuspend': 'store.unsuspended',
  'product.hide': 'products.hidden',
  'product.unhide': 'products.unhidden',
} as const satisfies Record<ModerationAction['kind'], AuditAction>

const storeNotFound = () => new AppError('NOT_FOUND', 'No encontramos ese comercio.')
const productNotFound = () => new AppError('NOT_FOUND', 'No encontramos ese producto.')

function toOperatorStore(row: OperatorStoreRow): OperatorStore {
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    category: row.category as StoreCategory,
    city: row.city,
    provinceCode: row.provinceCode,
    owner: { _id: row.ownerId, email: row.ownerEmail },
    status: row.suspendedAt ? 'suspended' : row.status,
    suspension:
      row.suspendedAt && row.suspensionReason !== null
        ? { reason: row.suspensionReason, since: row.suspendedAt.toISOString() }
        : null,
    ordersCount: row.ordersCount,
    salesCents: row.salesCents,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toProductModerationDto(row: ProductModeration) {
  return {
    _id: row.id,
    title: row.title,
    storeId: row.storeId,
    hidden:
      row.hiddenAt && row.hiddenReason !== null
        ? { reason: row.hiddenReason, since: row.hiddenAt.toISOString() }
        : null,
  }
}

/**
 * The operator's moderation of stores and products (issue 24, decision 044): suspending a store
 * or hiding a product takes it out of everything customers see and buy; its data stays.
 */
export function createModerationService(deps: {
  db: Db
  repository: ModerationRepository
  catalogEvents: CatalogEvents
  audit: Pick<AuditService, 'record'>
}) {
  const { db, repository, catalogEvents, audit } = deps

  /**
   * The outcome's audit entry, in the action's transaction (decision 047); a no-op (showing a
   * product already visible) changed nothing and records nothing.
   */
  async function recordOutcome(tx: Tx, outcome: ModerationOutcome) {
    if (JSON.stringify(outcome.before) === JSON.stringify(outcome.after)) return
    const onStore = outcome.kind === 'store.suspend' || outcome.kind === 'store.unsuspend'
    await audit.record(tx, {
      actorId: outcome.operatorId,
      actorType: 'operator',
      storeId: onStore ? outcome.after.id : (outcome.after as ProductModeration).storeId,
      action: AUDITED[outcome.kind],
      target: { type: onStore ? 'store' : 'product', id: outcome.after.id },
      before: outcome.before,
      after: outcome.after,
    })
  }

  return {
    async listStores(query: OperatorStoreListQuery & PaginationQuery) {
      const { rows, total } = await repository.storeRows(query)
      return buildPage(rows.map(toOperatorStore), total, query)
    },

    /** A store's products, hidden ones too, for the operator to hide or show (404: no store). */
    async storeProducts(storeId: string, query: { q?: string | undefined } & PaginationQuery) {
      await this.store(storeId)
      const { rows, total } = await repository.storeProductRows(storeId, query)
      return buildPage(
        rows.map((r) => ({
          _id: r.id,
          title: r.title,
          handle: r.handle,
          status: r.status,
          priceCents: r.priceCents,
          hidden:
            r.hiddenAt && r.hiddenReason !== null
              ? { reason: r.hiddenReason, since: r.hiddenAt.toISOString() }
              : null,
        })),
        total,
        query,
      )
    },

    async store(id: string): Promise<OperatorStore> {
      const { rows } = await repository.storeRows({ id, page: 1, limit: 1 })
      if (!rows[0]) throw storeNotFound()
      return toOperatorStore(rows[0])
    },

    /**
     * Applies one action in one transaction (the row locked, read before and written after: what
     * an audit entry records, in the same transaction), then tells every process's catalogue
     * caches (decision 024): a store's suspension changes where it serves (geometry), a product's
     * visibility its store's products.
     */
    async moderate<A extends ModerationAction>(
      operatorId: string,
      action: A,
    ): Promise<OutcomeOf<A>> {
      const at = new Date()
      const applied: ModerationAction = action
      const outcome = await db.transaction(async (tx): Promise<ModerationOutcome> => {
        const outcome = await apply(tx)
        await recordOutcome(tx, outcome)
        return outcome
      })
      async function apply(tx: Tx): Promise<ModerationOutcome> {
        if (applied.kind === 'store.suspend' || applied.kind === 'store.unsuspend') {
          const before = await repository.lockStore(tx, applied.storeId)
          if (!before) throw storeNotFound()
          if (applied.kind === 'store.suspend') {
            const suspension = { reason: applied.reason, by: operatorId, at }
            const after = await repository.setStoreSuspension(tx, applied.storeId, suspension)
            return { kind: applied.kind, operatorId, before, after }
          }
          const after = await repository.setStoreSuspension(tx, applied.storeId, null)
          return { kind: applied.kind, operatorId, before, after }
        }
        const before = await repository.lockProduct(tx, applied.productId)
        if (!before) throw productNotFound()
        if (applied.kind === 'product.hide') {
          const hidden = { reason: applied.reason, by: operatorId, at }
          const after = await repository.setProductHidden(tx, applied.productId, hidden)
          return { kind: applied.kind, operatorId, before, after }
        }
        const after = await repository.setProductHidden(tx, applied.productId, null)
        return { kind: applied.kind, operatorId, before, after }
      }
      if (outcome.kind === 'store.suspend' || outcome.kind === 'store.unsuspend')
        catalogEvents.publish({ kind: 'store', storeId: outcome.after.id, geometry: true })
      else catalogEvents.publish({ kind: 'products', storeId: outcome.after.storeId })
      return outcome as OutcomeOf<A>
    },
  }
}
export type ModerationService = ReturnType<typeof createModerationService>
