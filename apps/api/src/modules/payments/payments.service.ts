import {
  paymentStatusFromMp,
  verifyMercadoPagoSignature,
  type MercadoPagoClient,
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
import { createLedger } from './payments-ledger.ts'
import type { PaymentsRepository } from './payments.repository.ts'

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
  mercadoPago: Pick<MercadoPagoClient, 'getPayment'>
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
  return {
    ...ledger,

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
      const token = await deps.settings.mercadoPagoToken(order.storeId)
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
      const applied = await deps.orders.applyPayment({
        orderId: order.id,
        provider: 'mercado_pago',
        externalId: payment.id,
        status: payment.status,
        amount: payment.amountCents,
        paymentStatus: status,
        event:
          status === 'paid'
            ? 'PAYMENT_RECEIVED'
            : status === 'refunded'
              ? 'PAYMENT_REFUNDED'
              : null,
        // The ledger row and the pushes are written with the status change, or not at all.
        onApplied: async (tx) => {
          if (status !== order.paymentStatus)
            await deps.push.toUsers(
              tx,
              [order.userId],
              pushMessages.paymentStatus(order, PAYMENT_STATUS_LABELS[status]),
            )
          if (status === 'paid' && order.paymentStatus !== 'paid')
            await deps.push.toUsers(
              tx,
              (await deps.settings.alerts(order.storeId, tx)).pushTo('payment_received'),
              pushMessages.paymentReceived(order),
            )
          await deps.repository.record(tx, {
            ...ledger.orderFields(order),
            kind: status === 'refunded' ? 'refund' : 'payment',
            status:
              status === 'paid' || status === 'refunded'
                ? 'approved'
                : status === 'voided'
                  ? 'rejected'
                  : 'pending',
            amount: payment.amountCents,
            provider: 'mercado_pago',
            providerPaymentId: payment.id,
            fee: status === 'refunded' ? null : payment.feeCents,
            net: status === 'refunded' ? null : payment.netCents,
          })
        },
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
