import { randomInt } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { buildPage } from '@barrio/contracts/pagination'
import {
  WITHDRAWAL_DAYS,
  type AdminWithdrawal,
  type WithdrawalReceipt,
  type WithdrawalStatus,
} from '@barrio/contracts/withdrawals'
import type { Db } from '../../db/client.ts'
import { addDays, buenosAiresDay, dayLabel } from '../../lib/buenos-aires-day.ts'
import type { Clock } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import type { PushService } from '../notifications/push.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import type { AdminOrdersService, SellerContext } from './admin-orders.service.ts'
import { withdrawalEmails } from './withdrawal-emails.ts'
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.ts'

/** Letters and digits that cannot be read one for another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
/** "ARR-7KQ2-M9XD": the revocation code the customer quotes (Res. 424/2020). */
function revocationCode() {
  const part = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(31)]).join('')
  return `ARR-${part()}-${part()}`
}

const notEligible = (message: string) => new AppError('UNPROCESSABLE_ENTITY', message)
const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese pedido de arrepentimiento.')

function toDto(row: WithdrawalRow, orderNumber: number): AdminWithdrawal {
  return {
    _id: row.id,
    code: row.code,
    orderId: row.orderId,
    orderNumber,
    name: row.name,
    email: row.email,
    reason: row.reason,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }
}

/**
 * The botón de arrepentimiento (issue 27, Res. 424/2020 SCI; Ley 24.240 art. 34): a customer
 * revokes a purchase within 10 calendar days of receiving it, without signing in, and gets the
 * revocation code by e-mail at once; the store accepts (a refund through the refund flow) or
 * rejects it with a reason, and the customer is told each step.
 */
export function createWithdrawalsService(deps: {
  db: Db
  repository: WithdrawalsRepository
  refunds: Pick<AdminOrdersService, 'refund'>
  settings: Pick<StoreSettingsService, 'alerts'>
  outbox: Pick<OutboxService, 'enqueueEmail'>
  outboxWorker: Pick<OutboxWorker, 'drain'>
  push: Pick<PushService, 'toUsers'>
  clock: Clock
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const { repository, outbox } = deps

  return {
    /**
     * A request from the form. An order number and e-mail that match no purchase get the same
     * answer as one that does (a code that was never stored, and no e-mail): nobody learns which
     * orders exist. A purchase that cannot be revoked any more is told why.
     */
    async request(input: {
      orderNumber: number
      email: string
      name: string
      reason?: string | undefined
    }): Promise<WithdrawalReceipt> {
      const receipt = (code: string): WithdrawalReceipt => ({
        code,
        orderNumber: input.orderNumber,
        status: 'requested',
      })
      const order = await repository.findOrder(input.orderNumber, input.email)
      if (!order) {
        deps.log.info({ orderNumber: input.orderNumber }, 'withdrawal for an unknown purchase')
        return receipt(revocationCode())
      }
      if (order.status === 'cancelled')
        throw notEligible('Este pedido está cancelado: no hay una compra que revocar.')
      if (order.refundedAmount >= order.total && order.total > 0)
        throw notEligible('Este pedido ya se reembolsó completo.')
      if (order.allExempt)
        throw notEligible(
          'Este pedido tiene solo productos perecederos, que la ley deja fuera del botón de arrepentimiento. Si hubo un problema con tu compra, escribile al comercio.',
        )
      // Ten calendar days from the day it was received (delivered or picked up), or from the day
      // it was bought when it never was, in Buenos Aires.
      const since = buenosAiresDay(order.deliveredAt ?? order.createdAt)
      const lastDay = addDays(since, WITHDRAWAL_DAYS)
      if (buenosAiresDay(deps.clock.now()) > lastDay)
        throw notEligible(
          `El plazo para arrepentirte de esta compra venció el ${dayLabel(lastDay)}: son ${WITHDRAWAL_DAYS} días corridos desde que la recibiste.`,
        )

      const written = await deps.db.transaction(async (tx) => {
        const open = await repository.openFor(order.id, tx)
        const row =
          open ??
          (await repository.insert(tx, {
            code: revocationCode(),
            orderId: order.id,
            storeId: order.storeId,
            name: input.name,
            email: input.email,
            reason: input.reason?.length ? input.reason : null,
          }))
        const emails = withdrawalEmails({ order, withdrawal: row, publicUrl: deps.publicUrl })
        // The code goes at once to the e-mail of the purchase (the law allows 24 h).
        await outbox.enqueueEmail(tx, emails.customerCode)
        if (!open) {
          const alerts = await deps.settings.alerts(order.storeId, tx)
          const storeTo = alerts.emailFor('withdrawal_requested')
          if (storeTo) await outbox.enqueueEmail(tx, { ...emails.store, to: storeTo })
          await deps.push.toUsers(tx, alerts.pushTo('withdrawal_requested'), emails.storePush)
        }
        return { row, again: open !== null }
      })
      void deps.outboxWorker.drain().catch(() => {})
      deps.log.info(
        {
          orderId: order.id,
          storeId: order.storeId,
          withdrawalId: written.row.id,
          again: written.again,
        },
        'withdrawal requested',
      )
      return receipt(written.row.code)
    },

    async list(storeId: string, query: { status?: WithdrawalStatus; page: number; limit: number }) {
      const { rows, total } = await repository.list(storeId, query)
      return buildPage(
        rows.map((r) => toDto(r.withdrawal, r.orderNumber)),
        total,
        query,
      )
    },

    /**
     * Accepts a request: the order is refunded in full through the refund flow (Mercado Pago's API
     * for its payments), optionally putting the units back in stock; the customer gets the
     * refund's e-mail and this one.
     */
    async accept(ctx: SellerContext, id: string, input: { restock: boolean }) {
      const found = await repository.forStore(deps.db, ctx.storeId, id, { lock: false })
      if (!found) throw notFound()
      if (found.withdrawal.status !== 'requested')
        throw new AppError('CONFLICT', 'Este pedido de arrepentimiento ya se resolvió.')
      const lines = input.restock ? await repository.linesToRefund(found.withdrawal.orderId) : []
      // The refund runs first, in its own locked transaction: a refusal (Mercado Pago down)
      // leaves the request open to accept again. Its key makes a retry refund nothing twice.
      await deps.refunds.refund(
        ctx,
        found.withdrawal.orderId,
        lines.length > 0 ? { items: lines, restock: true } : {},
        `withdrawal-${found.withdrawal.id}`,
      )
      return this.resolve(ctx, id, { status: 'accepted', rejectionReason: null })
    },

    /** Rejects a request with the reason the customer reads. */
    async reject(ctx: SellerContext, id: string, input: { reason: string }) {
      return this.resolve(ctx, id, { status: 'rejected', rejectionReason: input.reason })
    },

    async resolve(
      ctx: SellerContext,
      id: string,
      input: { status: 'accepted' | 'rejected'; rejectionReason: string | null },
    ) {
      const dto = await deps.db.transaction(async (tx) => {
        const found = await repository.forStore(tx, ctx.storeId, id, { lock: true })
        if (!found) throw notFound()
        if (found.withdrawal.status !== 'requested')
          throw new AppError('CONFLICT', 'Este pedido de arrepentimiento ya se resolvió.')
        const row = await repository.resolve(tx, id, { ...input, by: ctx.userId })
        await outbox.enqueueEmail(
          tx,
          withdrawalEmails.resolved({ withdrawal: row, orderNumber: found.orderNumber }),
        )
        return toDto(row, found.orderNumber)
      })
      void deps.outboxWorker.drain().catch(() => {})
      deps.log.info(
        { storeId: ctx.storeId, withdrawalId: id, userId: ctx.userId, status: input.status },
        'withdrawal resolved',
      )
      return dto
    },
  }
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>
