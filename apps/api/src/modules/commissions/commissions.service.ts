import type {
  CommissionSettings,
  CommissionSettingsInput,
  CommissionStore,
  Statement,
} from '@barrio/contracts/commissions'
import type { StoreCategory } from '@barrio/contracts/common'
import type { FieldError } from '@barrio/contracts/errors'
import type { Db } from '../../db/client.ts'
import { buenosAiresMonthRange } from '../../lib/buenos-aires-day.ts'
import { AppError } from '../../lib/errors.ts'
import type { CommissionsRepository, Tx } from './commissions.repository.ts'
import { statementCsv } from './statement-csv.ts'
import type { AuditService } from '../audit/audit.service.ts'

/** How many stores the picker's search answers. */
const STORE_SEARCH_LIMIT = 20

/**
 * The commission Mercado Pago already kept for the platform on a paid Mercado Pago order
 * (decision 049), net of refunds (Mercado Pago gives the fee back pro rata, as the commission is
 * reduced): capped by what the payment reported as kept for the marketplace (its
 * `application_fee`, `payment_details.marketplaceFeeCollected`) when it reported its fees, else by
 * the `marketplace_fee` the order's preference carried (`payment_details.marketplaceFee`, written
 * with the preference; null or absent: none, e.g. a store with a pasted token). Everything else
 * (cash, transfers, unpaid orders) is still owed by the store.
 */
function collectedThroughMercadoPago(line: {
  paymentMethod: string
  paymentStatus: string
  commission: number
  marketplaceFee: number | null
  marketplaceFeeCollected: number | null
}): number {
  if (line.paymentMethod !== 'mercado_pago') return 0
  if (!['paid', 'partially_refunded', 'refunded'].includes(line.paymentStatus)) return 0
  const kept = line.marketplaceFeeCollected ?? line.marketplaceFee
  if (kept == null) return 0
  return Math.max(Math.min(line.commission, kept), 0)
}

/**
 * The platform's commission (issue 24, decision 045): the operator's rates, the rate an order
 * records when it is placed (`rateFor`, called by `ordersService.place` in its transaction) and
 * the monthly statements of what each store owes.
 */
export function createCommissionsService(deps: {
  db: Db
  repository: CommissionsRepository
  audit: Pick<AuditService, 'record'>
}) {
  const { repository } = deps

  async function settings(q?: Tx): Promise<CommissionSettings> {
    const saved = await repository.rates(q)
    return { ...saved, updatedAt: saved.updatedAt?.toISOString() ?? null }
  }

  async function statement(storeId: string, month: string): Promise<Statement> {
    const store = await repository.store(storeId)
    if (!store) throw new AppError('NOT_FOUND', 'No encontramos la tienda.')
    const { start, end } = buenosAiresMonthRange(month)
    const rows = await repository.statementRows(storeId, start, end)
    const lines = rows.map((r) => {
      const commission = Math.max(r.commission - r.commissionRefunded, 0)
      return {
        _id: r.id,
        number: r.number,
        createdAt: r.createdAt.toISOString(),
        paymentMethod: r.paymentMethod,
        paymentStatus: r.paymentStatus,
        status: r.status,
        subtotal: r.subtotal,
        total: r.total,
        refundedAmount: r.refundedAmount,
        sales: r.sales,
        commissionRateBp: r.commissionRateBp,
        commissionPlaced: r.commission,
        commissionRefunded: r.commissionRefunded,
        commission,
        collected: collectedThroughMercadoPago({
          paymentMethod: r.paymentMethod,
          paymentStatus: r.paymentStatus,
          commission,
          marketplaceFee: r.marketplaceFee,
          marketplaceFeeCollected: r.marketplaceFeeCollected,
        }),
      }
    })
    const sum = (pick: (l: (typeof lines)[number]) => number) =>
      lines.reduce((acc, l) => acc + pick(l), 0)
    const commission = sum((l) => l.commission)
    const collected = sum((l) => l.collected)
    return {
      store: { _id: store.id, name: store.name, handle: store.handle },
      month,
      from: start.toISOString(),
      to: end.toISOString(),
      ordersCount: lines.length,
      sales: sum((l) => l.sales),
      commission,
      collected,
      balance: Math.max(commission - collected, 0),
      lines,
    }
  }

  return {
    settings: () => settings(),

    /**
     * Replaces every rate. A store named twice or unknown is a field error on its row
     * (`byStore.<i>.storeId`), so the form marks it.
     */
    async saveSettings(
      input: Required<Pick<CommissionSettingsInput, 'defaultRateBp'>> & {
        byCategory: Partial<Record<StoreCategory, number>>
        byStore: Array<{ storeId: string; rateBp: number }>
      },
      operatorId: string,
    ): Promise<CommissionSettings> {
      return deps.db.transaction(async (tx) => {
        const known = await repository.existingStores(
          tx,
          input.byStore.map((s) => s.storeId),
        )
        const errors: FieldError[] = []
        const seen = new Set<string>()
        input.byStore.forEach((s, i) => {
          const name = `byStore.${i}.storeId`
          if (seen.has(s.storeId))
            errors.push({ name, message: 'Esta tienda ya tiene su comisión más arriba' })
          else if (!known.has(s.storeId))
            errors.push({ name, message: 'No encontramos esta tienda' })
          seen.add(s.storeId)
        })
        if (errors.length > 0) throw new AppError('INVALID', errors[0]!.message, { errors })
        const before = await settings(tx)
        await repository.replace(tx, input, operatorId)
        const after = await settings(tx)
        const rates = ({ updatedAt: _at, ...r }: CommissionSettings) => r
        await deps.audit.record(tx, {
          actorId: operatorId,
          actorType: 'operator',
          action: 'commissions.updated',
          target: { type: 'commission_settings', id: 'default' },
          before: rates(before),
          after: rates(after),
        })
        return after
      })
    },

    /** The rate an order of this store placed now records, read in the placing transaction. */
    rateFor: (tx: Tx, storeId: string) => repository.rateFor(tx, storeId),

    async searchStores(term: string | undefined): Promise<{ items: CommissionStore[] }> {
      const rows = await repository.searchStores(term || undefined, STORE_SEARCH_LIMIT)
      return {
        items: rows.map((r) => ({
          _id: r.id,
          name: r.name,
          handle: r.handle,
          category: r.category,
          rateBp: r.rateBp,
        })),
      }
    },

    statement,

    async statementCsv(storeId: string, month: string) {
      const answer = await statement(storeId, month)
      return {
        csv: statementCsv(answer),
        filename: `resumen-${answer.store.handle}-${month}.csv`,
      }
    },
  }
}

export type CommissionsService = ReturnType<typeof createCommissionsService>
