import {
  paymentStatusFromMp,
  verifyMercadoPagoSignature,
  type MercadoPagoClient,
  type MpPayment,
} from '../../integrations/mercado-pago.ts'
import { PAYMENT_STATUS_LABELS } from '@barrio/contracts/labels-es'
import { AppError } from '../../lib/errors.ts'
import type { OrdersService } from '../orders/orders.service.ts'
import type { Db } from '../../db/client.ts'
import { storeAlertEmails } from '../notifications/store-alert-emails.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import { pushMessages } from '../notifications/push-messages.ts'
import type { PushService } from '../notifications/push.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import { createLedger, type LedgerOrder } from './payments-ledger.ts'
import type { PaymentsRepository, Tx } from './payments.repository.ts'

export type MercadoPagoNotification = {
  orderId: string
  dataId: string | undefined
  type: string | undefined
  signature: string | undefined
  requestId: string | undefined
}

type Log = {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
}

/**
 * Mercado Pago's notifications. The signature is checked first, then the payment is fetched from
 * Mercado Pago with the store's credentials (the notification itself is never trusted), its
 * reference and amount are checked against the order, and the payment status moves once per
 * (payment, status) through the orders service.
 */
export function createPaymentsService(deps: {
  webhookSecret: string | undefined
  orders: OrdersService
  settings: Pick<StoreSettingsService, 'mercadoPagoToken' | 'alerts'>
  mercadoPago: Pick<MercadoPagoClient, 'getPayment' | 'refundPayment'>
  /** The store's "Pago recibido" e-mail (its notification settings decide). */
  outbox: Pick<OutboxService, 'enqueueEmail'>
  outboxWorker: Pick<OutboxWorker, 'drain'>
  /** The customer hears of the payment's new status; the store team of a payment received. */
  push: Pick<PushService, 'toUsers'>
  db: Db
  publicUrl: string
  repository: PaymentsRepository
}) {
  const ledger = createLedger(deps.repository)

  /**
   * Mercado Pago says the payment is refunded: the ledger gets what it does not have yet, read on
   * the locked order (decision 025, addendum). Only the money still missing from the order's
   * refunded amount is added (the seller's refunds through our API are already there, each as
   * `mp:<refund id>`); it is attributed to the refunds Mercado Pago lists whose id the ledger
   * lacks (a refund made in Mercado Pago's panel), each at most once by its unique reference,
   * and what no listed refund explains (a chargeback) to the notice's own row (reference '').
   * Returns the centavos added.
   */
  async function recordNotifiedRefunds(
    tx: Tx,
    order: LedgerOrder,
    payment: MpPayment,
    locked: { total: number; refundedAmount: number },
  ): Promise<number> {
    const missing = locked.total - locked.refundedAmount
    if (missing <= 0) return 0
    const known = await deps.repository.refundReferences(tx, order.id)
    const entry = {
      ...ledger.orderFields(order),
      kind: 'refund' as const,
      status: 'approved' as const,
      provider: 'mercado_pago',
      providerPaymentId: payment.id,
    }
    let left = missing
    for (const refund of payment.refunds) {
      const reference = `mp:${refund.id}`
      if (left <= 0) break
      if (known.has(reference) || refund.amountCents <= 0) continue
      const amount = Math.min(refund.amountCents, left)
      await deps.repository.record(tx, { ...entry, amount, reference })
      left -= amount
    }
    if (left > 0) await deps.repository.record(tx, { ...entry, amount: left, reference: '' })
    return missing
  }

  return {
    ...ledger,

    /**
     * The store's Mercado Pago token for this order's payment (the account it lives in, decision
     * 049), read outside any transaction (PGlite has one connection).
     */
    mercadoPagoToken: (storeId: string, order?: { paymentDetails: unknown }) =>
      deps.settings.mercadoPagoToken(storeId, order),

    /**
     * Gives `amount` centavos of the order's Mercado Pago payment back through Mercado Pago, with
     * the store's own token (read with `mercadoPagoToken` before the transaction). Called by the seller's refund inside its locked transaction, so a
     * refusal rolls the refund back; the idempotency key makes a retry return the same refund.
     */
    async refundMercadoPago(
      token: string | null,
      order: { paymentDetails: Record<string, unknown> },
      amount: number,
      idempotencyKey: string,
    ) {
      const paymentId = order.paymentDetails.paymentId
      if (typeof paymentId !== 'string' || !paymentId)
        throw new AppError(
          'CONFLICT',
          'Mercado Pago todavía no nos avisó el pago de este pedido: no se puede reembolsar.',
        )
      if (!token)
        throw new AppError('SERVICE_UNAVAILABLE', 'El comercio no tiene Mercado Pago configurado.')
      return deps.mercadoPago
        .refundPayment(token, paymentId, amount, idempotencyKey)
        .catch((err: unknown) => {
          const status = (err as { response?: { status?: number } }).response?.status
          throw status && status >= 400 && status < 500
            ? new AppError(
                'UNPROCESSABLE_ENTITY',
                'Mercado Pago no aceptó el reembolso. Revisá el pago en tu cuenta de Mercado Pago.',
                { cause: err },
              )
            : new AppError(
                'GATEWAY_TIMEOUT',
                'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos.',
                { cause: err },
              )
        })
    },

    async mercadoPagoNotification(n: MercadoPagoNotification, log: Log) {
      if (!deps.webhookSecret)
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Los avisos de Mercado Pago no están configurados (MP_WEBHOOK_SECRET).',
        )
      const { dataId } = n
      if (!dataId)
        throw new AppError('MISSING_REQUIRED_FIELD', 'Falta data.id.', {
          errors: [{ name: 'data.id', message: 'Este campo es obligatorio' }],
        })
      if (
        !verifyMercadoPagoSignature({
          secret: deps.webhookSecret,
          signature: n.signature,
          requestId: n.requestId,
          dataId,
        })
      ) {
        log.warn({ orderId: n.orderId, dataId }, 'mercado pago webhook with a bad signature')
        throw new AppError('UNAUTHORIZED', 'Firma inválida.')
      }
      if (n.type && n.type !== 'payment') return { received: true, applied: false }
      const order = await deps.orders.find(n.orderId)
      if (!order) throw new AppError('NOT_FOUND', 'No encontramos ese pedido.')
      const token = await deps.settings.mercadoPagoToken(order.storeId, order)
      if (!token)
        throw new AppError('SERVICE_UNAVAILABLE', 'El comercio no tiene Mercado Pago configurado.')
      const payment = await deps.mercadoPago.getPayment(token, dataId).catch((err: unknown) => {
        throw new AppError('GATEWAY_TIMEOUT', 'No pudimos consultar el pago en Mercado Pago.', {
          cause: err,
        })
      })
      if (payment.externalReference !== order.id) {
        log.warn(
          { orderId: order.id, paymentId: payment.id, reference: payment.externalReference },
          'payment belongs to another order',
        )
        throw new AppError('UNPROCESSABLE_ENTITY', 'El pago no corresponde a este pedido.')
      }
      const status = paymentStatusFromMp(payment.status)
      if (status === 'paid' && payment.amountCents !== order.total) {
        log.warn(
          {
            orderId: order.id,
            paymentId: payment.id,
            paid: payment.amountCents,
            total: order.total,
          },
          'payment amount does not match the order',
        )
        throw new AppError(
          'UNPROCESSABLE_ENTITY',
          'El monto pagado no coincide con el total del pedido.',
        )
      }
      const applied = await deps.db.transaction((tx) =>
        deps.orders.applyPayment(tx, {
          orderId: order.id,
          provider: 'mercado_pago',
          externalId: payment.id,
          status: payment.status,
          amount: payment.amountCents,
          paymentStatus: status,
          // A refund's event and amount are decided on the locked order (onApplied).
          event: status === 'paid' ? 'PAYMENT_RECEIVED' : null,
          // The ledger row and the pushes are written with the status change, or not at all, on
          // the order's row locked: a seller refund being written meanwhile is waited for.
          onApplied: async (tx, locked) => {
            if (status !== locked.paymentStatus)
              await deps.push.toUsers(
                tx,
                [order.userId],
                pushMessages.paymentStatus(order, PAYMENT_STATUS_LABELS[status]),
              )
            if (status === 'paid' && locked.paymentStatus !== 'paid')
              await deps.push.toUsers(
                tx,
                (await deps.settings.alerts(order.storeId, tx)).pushTo('payment_received'),
                pushMessages.paymentReceived(order),
              )
            if (status === 'refunded') {
              const added = await recordNotifiedRefunds(tx, order, payment, locked)
              return {
                refundedAmount: locked.refundedAmount + added,
                event: added > 0 ? 'PAYMENT_REFUNDED' : null,
              }
            }
            await deps.repository.record(tx, {
              ...ledger.orderFields(order),
              kind: 'payment',
              status: status === 'paid' ? 'approved' : status === 'voided' ? 'rejected' : 'pending',
              amount: payment.amountCents,
              provider: 'mercado_pago',
              providerPaymentId: payment.id,
              fee: payment.feeCents,
              net: payment.netCents,
            })
          },
        }),
      )
      // What Mercado Pago actually kept for Barrio out of this payment (its `application_fee`),
      // which the commission statements count as collected (decision 049).
      if (status === 'paid' && payment.marketplaceFeeCents !== null)
        await deps.orders.setPaymentDetails(order.id, {
          marketplaceFeeCollected: payment.marketplaceFeeCents,
        })
      log.info(
        { orderId: order.id, paymentId: payment.id, mpStatus: payment.status, applied },
        'mercado pago notification',
      )
      if (applied) {
        deps.orders.publish(order.id)
        void deps.outboxWorker.drain().catch(() => {})
      }
      if (applied && status === 'paid') {
        const to = (await deps.settings.alerts(order.storeId)).emailFor('payment_received')
        if (to) {
          await deps.outbox.enqueueEmail(
            deps.db,
            storeAlertEmails.paymentReceived(to, order, deps.publicUrl),
          )
          void deps.outboxWorker.drain().catch(() => {})
        }
      }
      return { received: true, applied }
    },
  }
}
export type PaymentsService = ReturnType<typeof createPaymentsService>
