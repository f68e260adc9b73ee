import { MAX_PRICE_CENTS } from '@barrio/contracts/constants'
import { buildPage, type PaginationQuery } from '@barrio/contracts/pagination'
import {
  BULK_PRICE_PREVIEW_ROWS,
  type BulkPricePreview,
  type BulkPricePreviewRow,
  type BulkPriceRequest,
  type BulkPriceResult,
  type PriceChange,
  type PriceChangeLeftRow,
  type PriceChangeUndoResult,
} from '@barrio/contracts/price-changes'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { AuditService } from '../audit/audit.service.ts'
import type {
  MatchedVariant,
  NewPriceChangeItem,
  PriceChangesRepository,
} from './price-changes.repository.ts'
import { newPrice } from './price-rule.ts'

/** How many variants an undo answer names among those it left (the count has them all). */
export const UNDO_LEFT_ROWS = 200

type Seller = { storeId: string; userId: string }

const label = (v: { title: string; variantTitle: string | null }) =>
  v.variantTitle ? `${v.title} — ${v.variantTitle}` : v.title

const some = (rows: MatchedVariant[]) =>
  rows.slice(0, 3).map(label).join(', ') + (rows.length > 3 ? '…' : '')

/** "1 variante quedaría" / "3 variantes quedarían". */
const variantsWould = (n: number, verb: string) =>
  n === 1 ? `1 variante ${verb}ía` : `${n} variantes ${verb}ían`

/**
 * A refusal of the whole change (decision 053): nothing is saved, and the message names how many
 * variants and which, under the field the seller can change.
 */
function refuse(field: string, message: string): never {
  throw new AppError('UNPROCESSABLE_ENTITY', message, { errors: [{ name: field, message }] })
}

/**
 * Each matching variant's new prices. Refuses the change when a price would end at $ 0 or less,
 * above the largest price, or when a compare-at price that was above the price would no longer be.
 * Variants whose prices do not move are left out.
 */
export function planChange(rows: MatchedVariant[], input: BulkPriceRequest): NewPriceChangeItem[] {
  const { change, apply, rounding } = input
  const priceMoves = apply !== 'compareAtPrice'
  const compareMoves = apply !== 'price'
  const planned = rows.map((row) => ({
    row,
    price: priceMoves ? newPrice(row.price, change, rounding) : row.price,
    compareAt:
      compareMoves && row.compareAtPrice !== null
        ? newPrice(row.compareAtPrice, change, rounding)
        : row.compareAtPrice,
  }))
  const notPositive = planned.filter(
    (p) => p.price <= 0 || (p.compareAt !== null && p.compareAt <= 0),
  )
  if (notPositive.length) {
    refuse(
      'change.value',
      `Con este cambio ${variantsWould(notPositive.length, 'quedar')} en $ 0 o menos (${some(notPositive.map((p) => p.row))}). Elegí un cambio menor o sacá esos productos del filtro.`,
    )
  }
  const tooHigh = planned.filter(
    (p) => p.price > MAX_PRICE_CENTS || (p.compareAt ?? 0) > MAX_PRICE_CENTS,
  )
  if (tooHigh.length) {
    refuse(
      'change.value',
      `Con este cambio ${variantsWould(tooHigh.length, 'superar')} $ 10.000.000 (${some(tooHigh.map((p) => p.row))}).`,
    )
  }
  const compareBroken = planned.filter(
    (p) =>
      p.row.compareAtPrice !== null &&
      p.row.compareAtPrice > p.row.price &&
      p.compareAt !== null &&
      p.compareAt <= p.price,
  )
  if (compareBroken.length) {
    refuse(
      'apply',
      `En ${compareBroken.length === 1 ? '1 variante' : `${compareBroken.length} variantes`} el precio quedaría igual o por encima del precio de lista tachado (${some(compareBroken.map((p) => p.row))}). Aplicá el cambio a los dos precios o editá esas variantes.`,
    )
  }
  return planned
    .filter((p) => p.price !== p.row.price || p.compareAt !== p.row.compareAtPrice)
    .map((p, position) => ({
      variantId: p.row.variantId,
      productId: p.row.productId,
      title: p.row.title,
      variantTitle: p.row.variantTitle,
      priceBefore: p.row.price,
      priceAfter: p.price,
      compareAtBefore: p.row.compareAtPrice,
      compareAtAfter: p.compareAt,
      position,
    }))
}

const previewRow = (item: NewPriceChangeItem): BulkPricePreviewRow => ({
  productId: item.productId,
  variantId: item.variantId,
  title: item.title,
  variantTitle: item.variantTitle,
  before: { price: item.priceBefore, compareAtPrice: item.compareAtBefore },
  after: { price: item.priceAfter, compareAtPrice: item.compareAtAfter },
})

/**
 * Prices that follow inflation (issue 28, decision 053): a rule over the variants of the products
 * a filter matches, previewed, applied in one transaction with its items recorded, and undone
 * where nobody changed the prices since.
 */
export function createPriceChangesService(deps: {
  db: Db
  repository: PriceChangesRepository
  audit: AuditService
}) {
  const { db, repository, audit } = deps
  return {
    async preview(storeId: string, input: BulkPriceRequest): Promise<BulkPricePreview> {
      const items = planChange(await repository.matchingVariants(db, storeId, input.filter), input)
      return { count: items.length, docs: items.slice(0, BULK_PRICE_PREVIEW_ROWS).map(previewRow) }
    },

    /** One transaction: the variants locked, their new prices, the change, its items, the audit. */
    async apply(seller: Seller, input: BulkPriceRequest): Promise<BulkPriceResult> {
      return db.transaction(async (tx) => {
        const rows = await repository.matchingVariants(tx, seller.storeId, input.filter, {
          lock: true,
        })
        const items = planChange(rows, input)
        if (!items.length) {
          refuse(
            'filter',
            rows.length
              ? 'Con esta regla ningún precio cambia. Revisá el cambio o el redondeo.'
              : 'Ningún producto coincide con el filtro.',
          )
        }
        const change = await repository.insertChange(tx, {
          storeId: seller.storeId,
          actorId: seller.userId,
          filter: input.filter,
          changeType: input.change.type,
          changeValue: input.change.value,
          apply: input.apply,
          rounding: input.rounding,
          variantCount: items.length,
        })
        await repository.applyItems(tx, change.id, items)
        await audit.record(tx, {
          actorId: seller.userId,
          storeId: seller.storeId,
          action: 'products.bulk_price_changed',
          target: { type: 'price_change', id: change.id },
          before: { filter: input.filter },
          after: {
            change: input.change,
            apply: input.apply,
            rounding: input.rounding,
            count: items.length,
          },
        })
        return { changeId: change.id, count: items.length }
      })
    },

    async list(storeId: string, page: PaginationQuery) {
      const { rows, total } = await repository.list(storeId, page)
      const docs: PriceChange[] = rows.map(({ change, actorName, undoerName }) => ({
        _id: change.id,
        createdAt: change.createdAt.toISOString(),
        actor: change.actorId ? { _id: change.actorId, name: actorName } : null,
        filter: change.filter,
        change: { type: change.changeType, value: change.changeValue },
        apply: change.apply,
        rounding: change.rounding,
        count: change.variantCount,
        undo: change.undoneAt
          ? {
              at: change.undoneAt.toISOString(),
              by: change.undoneBy ? { _id: change.undoneBy, name: undoerName } : null,
              restored: change.restoredCount ?? 0,
              left: change.leftCount ?? 0,
            }
          : null,
      }))
      return buildPage(docs, total, page)
    },

    /**
     * Puts back the prices before the change wherever they are still the ones it left; the
     * variants changed since (or deleted) are left alone and named in the answer.
     */
    async undo(seller: Seller, changeId: string): Promise<PriceChangeUndoResult> {
      return db.transaction(async (tx) => {
        const change = await repository.find(tx, seller.storeId, changeId)
        if (!change) throw new AppError('NOT_FOUND', 'No encontramos ese cambio de precios.')
        if (!(await repository.markUndone(tx, seller.storeId, changeId, seller.userId))) {
          throw new AppError('CONFLICT', 'Este cambio de precios ya se deshizo.')
        }
        const restored = await repository.restoreUnchanged(tx, seller.storeId, changeId)
        const items = await repository.itemsWithCurrent(tx, seller.storeId, changeId)
        const left: PriceChangeLeftRow[] = items
          .filter(({ item }) => !restored.has(item.variantId))
          .map(({ item, currentPrice, currentCompareAt }) => ({
            productId: item.productId,
            variantId: item.variantId,
            title: item.title,
            variantTitle: item.variantTitle,
            expected: { price: item.priceAfter, compareAtPrice: item.compareAtAfter },
            current:
              currentPrice === null
                ? null
                : { price: currentPrice, compareAtPrice: currentCompareAt },
          }))
        await repository.recordUndoCounts(tx, changeId, {
          restored: restored.size,
          left: left.length,
        })
        await audit.record(tx, {
          actorId: seller.userId,
          storeId: seller.storeId,
          action: 'products.bulk_price_undone',
          target: { type: 'price_change', id: changeId },
          before: { count: change.variantCount },
          after: { restored: restored.size, left: left.length },
        })
        return {
          changeId,
          restored: restored.size,
          leftCount: left.length,
          left: left.slice(0, UNDO_LEFT_ROWS),
        }
      })
    },
  }
}
export type PriceChangesService = ReturnType<typeof createPriceChangesService>
