import {
  DEFAULT_FULFILLMENT_CANCEL_REASON,
  FINAL_FULFILLMENT_EVENTS,
  FULFILLMENT_EVENT_LABELS,
  FULFILLMENT_EVENTS_BY_DELIVERY,
  type AdminFulfillInput,
  type AdminOrderActions,
  type AdminOrderListQuery,
  type AdminOrderUpdateInput,
  type FulfillmentEvent,
} from '@barrio/contracts/admin-orders'
import type { OrderFulfillmentStatus, OrderStatus, TimelineEvent } from '@barrio/contracts/enums'
import {
  DELIVERY_TYPE_LABELS,
  FULFILLMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@barrio/contracts/labels-es'
import { buildPage } from '@barrio/contracts/pagination'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { storeAlertEmails } from '../notifications/store-alert-emails.ts'
import type { OutboxService } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import { pushMessages, type PushContent } from '../notifications/push-messages.ts'
import type { PushService } from '../notifications/push.service.ts'
import { orderStatusFields, type OrdersService } from '../orders/orders.service.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import type { ProductsService } from '../products/products.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import type { StoresService } from '../stores/stores.service.ts'
import type {
  AdminOrderRow,
  AdminOrdersRepository,
  FulfillmentRow,
  NewEvent,
  Tx,
} from './admin-orders.repository.ts'
import { fulfillmentEmail, paymentExpiredEmail } from './fulfillment-emails.ts'
import { orderFilterCondition, parseOrderFilter } from './order-filter.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'

export type AdminOrdersDeps = {
  db: Db
  /** Stock given back (cancellations): the nearby product answers of the store are dropped. */
  catalogEvents: Pick<CatalogEvents, 'publish'>
  repository: AdminOrdersRepository
  orders: OrdersService
  products: Pick<ProductsService, 'releaseStock'>
  stores: StoresService
  settings: Pick<StoreSettingsService, 'alerts'>
  /** The payments ledger: seller-recorded payments and refunds are written with the order. */
  payments: Pick<PaymentsService, 'recordSellerEvent'>
  outbox: OutboxService
  outboxWorker: OutboxWorker
  /** The customer's devices hear of every status change; the store's of expired orders. */
  push: Pick<PushService, 'toUsers'>
  publicUrl: string
  log: { info: (obj: object, msg: string) => void }
}

/** Who acts: the signed-in seller and the store named by x-store-id (already checked). */
export type SellerContext = { userId: string; storeId: string }

const CLOSED_ORDER_STATUSES: readonly string[] = ['cancelled', 'archived', 'completed']
/** Payment methods the store collects itself, so the seller says when the money arrived. */
const MANUAL_PAYMENT_METHODS: readonly string[] = ['cash', 'bank_transfer']
const UNPAID_STATUSES: readonly string[] = ['pending', 'partially_paid', 'authorized']

const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese pedido.')
export const EXPIRED_PAYMENT_NOTE =
  'Cancelado porque el pago con Mercado Pago no se completó a tiempo. Liberamos el stock.'
export const UNPAID_CANCEL_NOTE = 'Cancelado por el comercio: el pago no llegó.'
const alreadyClosed = (status: OrderStatus) =>
  `El pedido ya está ${ORDER_STATUS_LABELS[status].toLowerCase()}.`
const conflict = (message: string, name?: string) =>
  new AppError('CONFLICT', message, name ? { errors: [{ name, message }] } : {})

type OrderState = Pick<AdminOrderRow, 'status' | 'paymentStatus' | 'paymentMethod' | 'deliveryType'>
type FulfillmentState = Pick<FulfillmentRow, 'id' | 'status'>

const isFinal = (status: string) => (FINAL_FULFILLMENT_EVENTS as readonly string[]).includes(status)
/** The fulfillment still on its way (not cancelled, not delivered), if any. */
const activeFulfillment = <T extends FulfillmentState>(fs: T[]) =>
  fs.find((f) => f.status !== 'cancelled' && !isFinal(f.status)) ?? null

/** The events that apply now: `preparing` when nothing is in progress, else the later steps. */
export function applicableEvents(
  order: OrderState,
  fulfillments: FulfillmentState[],
): FulfillmentEvent[] {
  if (CLOSED_ORDER_STATUSES.includes(order.status)) return []
  const sequence = FULFILLMENT_EVENTS_BY_DELIVERY[order.deliveryType] ?? []
  if (fulfillments.some((f) => isFinal(f.status))) return []
  const active = activeFulfillment(fulfillments)
  if (!active) return sequence.slice(0, 1)
  const at = sequence.indexOf(active.status as FulfillmentEvent)
  return sequence.slice(at + 1)
}

/** The applicable events with their Spanish labels, as the buttons show them. */
function labelledEvents(order: OrderState, fulfillments: FulfillmentState[]) {
  return applicableEvents(order, fulfillments).map((value) => ({
    value,
    label: FULFILLMENT_EVENT_LABELS[value],
  }))
}

/** Every rule of the seller's buttons in one place; the actions below enforce the same. */
export function actionsFor(order: OrderState, fulfillments: FulfillmentState[]): AdminOrderActions {
  const isOpen = !CLOSED_ORDER_STATUSES.includes(order.status)
  const active = activeFulfillment(fulfillments)
  const delivered = fulfillments.some((f) => isFinal(f.status))
  return {
    canMarkAsPaid:
      order.status !== 'cancelled' &&
      order.status !== 'archived' &&
      MANUAL_PAYMENT_METHODS.includes(order.paymentMethod) &&
      UNPAID_STATUSES.includes(order.paymentStatus),
    canRefund: order.paymentStatus === 'paid' && order.status !== 'archived',
    canFulfill: isOpen && !active && !delivered,
    canCancel: isOpen && !delivered,
    canComplete: isOpen && active !== null,
    canArchive: order.status === 'completed' || order.status === 'cancelled',
    canCancelUnpaid: isOpen && !delivered && UNPAID_STATUSES.includes(order.paymentStatus),
    activeFulfillmentId: active?.id ?? null,
    nextEvents: labelledEvents(order, fulfillments),
  }
}

/** The timeline event, order status and order fulfillment status each fulfillment event leads to. */
function effectsOf(event: FulfillmentEvent): {
  timeline: TimelineEvent
  note: string | null
  status: OrderStatus | null
  fulfillmentStatus: OrderFulfillmentStatus
} {
  switch (event) {
    case 'preparing':
      return { timeline: 'PREPARING', note: null, status: null, fulfillmentStatus: 'in_progress' }
    case 'ready_for_pickup':
      return {
        timeline: 'READY_FOR_PICKUP',
        note: null,
        status: 'fulfilled',
        fulfillmentStatus: 'fulfilled',
      }
    case 'out_for_delivery':
      return {
        timeline: 'OUT_FOR_DELIVERY',
        note: null,
        status: 'fulfilled',
        fulfillmentStatus: 'fulfilled',
      }
    case 'in_transit':
      return {
        timeline: 'OUT_FOR_DELIVERY',
        note: 'Envío despachado',
        status: 'fulfilled',
        fulfillmentStatus: 'fulfilled',
      }
    case 'picked_up':
      return {
        timeline: 'DELIVERED',
        note: 'Retirado en el local',
        status: 'completed',
        fulfillmentStatus: 'delivered',
      }
    case 'delivered':
      return {
        timeline: 'DELIVERED',
        note: null,
        status: 'completed',
        fulfillmentStatus: 'delivered',
      }
  }
}

/**
 * The seller's back office for orders: list and detail of the x-store-id store's orders, payment
 * (mark as paid, refund), fulfillment (prepare, next event, cancel) and status changes. Every
 * change locks the order row, re-checks the rules, writes order, fulfillment and timeline in one
 * transaction, then tells the customer's live page (SSE).
 */
export function createAdminOrdersService(deps: AdminOrdersDeps) {
  const { repository } = deps

  async function detail(storeId: string, id: string) {
    const row = await repository.find(storeId, id)
    if (!row) throw notFound()
    const { note: customerNote, ...base } = await deps.orders.dto(row, 'store')
    return {
      ...base,
      customerNote,
      customerId: row.userId,
      actions: actionsFor(
        row,
        base.fulfillments.map((f) => ({ id: f._id, status: f.status })),
      ),
    }
  }

  /**
   * Runs one seller action on the locked order; after the commit the worker is kicked (for the
   * e-mails and pushes the action queued) and the customer's page is told.
   */
  async function change(
    ctx: SellerContext,
    id: string,
    action: string,
    apply: (tx: Tx, row: AdminOrderRow, fulfillments: FulfillmentRow[]) => Promise<boolean | void>,
  ) {
    await deps.db.transaction(async (tx) => {
      const row = await repository.lock(tx, ctx.storeId, id)
      if (!row) throw notFound()
      return apply(tx, row, await repository.fulfillmentsOf(tx, id))
    })
    deps.catalogEvents.publish({ kind: 'products', storeId: ctx.storeId })
    // E-mails and pushes queued with the change (most actions queue at least a push).
    void deps.outboxWorker.drain().catch(() => {})
    deps.log.info(
      { storeId: ctx.storeId, orderId: id, userId: ctx.userId, action },
      'order changed',
    )
    deps.orders.publish(id)
    return detail(ctx.storeId, id)
  }

  /** The customer's devices hear of the change, queued in the change's transaction. */
  const tellCustomer = (tx: Tx, row: AdminOrderRow, content: PushContent) =>
    deps.push.toUsers(tx, [row.userId], content)

  /**
   * Cancels the locked order: open fulfillments cancelled, stock given back, payment voided when
   * nothing was collected, and the timeline says why.
   */
  async function cancelLocked(tx: Tx, row: AdminOrderRow, reason: string | null) {
    const cancelled = await repository.cancelOpenFulfillments(
      tx,
      row.id,
      reason ?? DEFAULT_FULFILLMENT_CANCEL_REASON,
      [...FINAL_FULFILLMENT_EVENTS],
    )
    await deps.products.releaseStock(tx, await repository.itemsOf(tx, row.id))
    await repository.updateOrder(tx, row.id, {
      status: 'cancelled',
      fulfillmentStatus: 'unfulfilled',
      // Nothing will be collected for a cancelled order; paid money goes back with a refund.
      ...(UNPAID_STATUSES.includes(row.paymentStatus) ? { paymentStatus: 'voided' } : {}),
    })
    await repository.addEvents(tx, row.id, [
      ...cancelled.map((fulfillmentId) => ({
        type: 'FULFILLMENT_CANCELLED',
        note: reason ?? DEFAULT_FULFILLMENT_CANCEL_REASON,
        fulfillmentId,
      })),
      { type: 'CANCELLED', note: reason },
    ])
    await tellCustomer(tx, row, pushMessages.orderStatus(row, ORDER_STATUS_LABELS.cancelled))
  }

  /** Read before the transaction: PGlite runs one transaction at a time on its one connection. */
  async function storeName(ctx: SellerContext) {
    return (await deps.stores.get(ctx.userId, ctx.storeId)).name
  }

  /** Moves the fulfillment on by one event (or starts it with `preparing`), emails the customer. */
  async function applyEvent(
    storeName: string,
    tx: Tx,
    row: AdminOrderRow,
    fulfillments: FulfillmentRow[],
    event: FulfillmentEvent,
    note: string | null = null,
  ): Promise<boolean> {
    const sequence = FULFILLMENT_EVENTS_BY_DELIVERY[row.deliveryType] ?? []
    const label = FULFILLMENT_EVENT_LABELS[event]
    const deliveryLabel = DELIVERY_TYPE_LABELS[row.deliveryType]
    if (!sequence.includes(event)) {
      const message = `"${label}" no corresponde a un pedido con ${deliveryLabel.toLowerCase()}.`
      throw new AppError('INVALID', message, { errors: [{ name: 'newEvent', message }] })
    }
    if (!applicableEvents(row, fulfillments).includes(event)) {
      throw conflict(`"${label}" no se puede aplicar al pedido en su estado actual.`, 'newEvent')
    }
    const effects = effectsOf(event)
    const events: NewEvent[] = []
    let fulfillmentId: string
    if (event === 'preparing') {
      fulfillmentId = (await repository.insertFulfillment(tx, row.id, 'preparing')).id
      events.push({ type: 'FULFILLMENT_CREATED', note, fulfillmentId })
    } else {
      fulfillmentId = activeFulfillment(fulfillments)!.id
      await repository.updateFulfillment(tx, fulfillmentId, { status: event })
    }
    events.push({ type: effects.timeline, note: effects.note, fulfillmentId })
    await repository.updateOrder(tx, row.id, {
      fulfillmentStatus: effects.fulfillmentStatus,
      ...(effects.status ? { status: effects.status } : {}),
    })
    await repository.addEvents(tx, row.id, events)
    await tellCustomer(tx, row, pushMessages.orderStatus(row, FULFILLMENT_STATUS_LABELS[event]))
    const email = fulfillmentEmail({
      event,
      order: row,
      storeName,
      publicUrl: deps.publicUrl,
    })
    if (!email) return false
    await deps.outbox.enqueueEmail(tx, email)
    return true
  }

  return {
    async list(storeId: string, query: AdminOrderListQuery) {
      const filter = parseOrderFilter(query.query)
      const { rows, total } = await repository.list(
        orderFilterCondition(storeId, filter),
        query.sort,
        query,
      )
      const units = await repository.itemCounts(rows.map((o) => o.id))
      return buildPage(
        rows.map((o) => ({
          _id: o.id,
          number: o.number,
          createdAt: o.createdAt.toISOString(),
          customer: {
            name: `${o.contact.firstName} ${o.contact.lastName}`.trim(),
            email: o.contact.email,
            phone: o.contact.phone,
          },
          itemCount: units.get(o.id) ?? 0,
          total: o.total,
          currency: 'ARS' as const,
          ...orderStatusFields(o),
        })),
        total,
        query,
      )
    },

    get: detail,

    async fulfillmentEvents(storeId: string, id: string) {
      const row = await repository.find(storeId, id)
      if (!row) throw notFound()
      const fulfillments = await repository.fulfillmentsOf(deps.db, id)
      return {
        deliveryType: row.deliveryType,
        fulfillmentId: activeFulfillment(fulfillments)?.id ?? null,
        events: labelledEvents(row, fulfillments),
      }
    },

    /** PUT /admin/orders/{id}: archive, complete or cancel, and/or an internal note. */
    async update(ctx: SellerContext, id: string, input: AdminOrderUpdateInput) {
      const name = input.status === 'completed' ? await storeName(ctx) : ''
      return change(
        ctx,
        id,
        `update:${input.status ?? 'internal-note'}`,
        async (tx, row, fulfillments) => {
          let queued = false
          const rules = actionsFor(row, fulfillments)
          if (input.status === 'cancelled') {
            if (!rules.canCancel) {
              throw conflict(
                CLOSED_ORDER_STATUSES.includes(row.status)
                  ? alreadyClosed(row.status)
                  : 'Un pedido entregado no se puede cancelar.',
                'status',
              )
            }
            await cancelLocked(tx, row, input.reason ?? null)
          } else if (input.status === 'completed') {
            if (!rules.canComplete) {
              throw conflict(
                CLOSED_ORDER_STATUSES.includes(row.status)
                  ? alreadyClosed(row.status)
                  : 'Prepará el pedido antes de completarlo.',
                'status',
              )
            }
            // Completing by hand means it reached the customer: the last step of its delivery type.
            const sequence = FULFILLMENT_EVENTS_BY_DELIVERY[row.deliveryType]
            queued = await applyEvent(name, tx, row, fulfillments, sequence.at(-1)!)
          } else if (input.status === 'archived') {
            if (!rules.canArchive) {
              throw conflict('Solo se archivan pedidos completados o cancelados.', 'status')
            }
            await repository.updateOrder(tx, row.id, { status: 'archived' })
          }
          if (input.internalNote) {
            await repository.addEvents(tx, row.id, [
              { type: 'INTERNAL_NOTE_ADDED', note: input.internalNote },
            ])
          }
          return queued
        },
      )
    },

    /**
     * "Cancelar pedido impago": the payment never came (cash or transfer not collected, Mercado
     * Pago abandoned), so the order is cancelled and its stock goes back to sale in one action.
     */
    async cancelUnpaid(ctx: SellerContext, id: string) {
      return change(ctx, id, 'cancel-unpaid', async (tx, row, fulfillments) => {
        if (!actionsFor(row, fulfillments).canCancelUnpaid) {
          throw conflict(
            CLOSED_ORDER_STATUSES.includes(row.status)
              ? alreadyClosed(row.status)
              : fulfillments.some((f) => isFinal(f.status))
                ? 'Un pedido entregado no se puede cancelar.'
                : 'El pedido ya está pagado: cancelalo y reembolsá el pago.',
          )
        }
        await cancelLocked(tx, row, UNPAID_CANCEL_NOTE)
      })
    },

    /**
     * The stock-hold sweep (decision 011): cancels the Mercado Pago orders whose payment time ran
     * out, gives their stock back, writes the timeline, queues the customer's e-mail and tells the
     * live order page. Safe to run in several processes at once (SKIP LOCKED); returns how many
     * orders it cancelled. The server runs it on an interval; tests call it directly.
     */
    async expireUnpaidOrders(batch = 50): Promise<number> {
      const expired = await deps.db.transaction(async (tx) => {
        const rows = await repository.lockExpiredUnpaid(tx, batch)
        const storeIds = [...new Set(rows.map((r) => r.storeId))]
        const names = await repository.storeNames(tx, storeIds)
        // Each store's alert settings once per batch, not once per expired order.
        const alerts = new Map<string, Awaited<ReturnType<typeof deps.settings.alerts>>>()
        for (const storeId of storeIds) alerts.set(storeId, await deps.settings.alerts(storeId, tx))
        for (const row of rows) {
          await cancelLocked(tx, row, EXPIRED_PAYMENT_NOTE)
          await deps.outbox.enqueueEmail(
            tx,
            paymentExpiredEmail({
              order: row,
              storeName: names.get(row.storeId) ?? 'el comercio',
              publicUrl: deps.publicUrl,
            }),
          )
          const storeAlerts = alerts.get(row.storeId)
          const storeTo = storeAlerts?.emailFor('order_cancelled')
          if (storeTo)
            await deps.outbox.enqueueEmail(
              tx,
              storeAlertEmails.orderExpired(storeTo, row, deps.publicUrl),
            )
          await deps.push.toUsers(
            tx,
            storeAlerts?.pushTo('order_cancelled') ?? [],
            pushMessages.orderExpired(row),
          )
        }
        return rows
      })
      if (!expired.length) return 0
      for (const storeId of new Set(expired.map((r) => r.storeId)))
        deps.catalogEvents.publish({ kind: 'products', storeId })
      void deps.outboxWorker.drain().catch(() => {})
      for (const row of expired) {
        deps.log.info(
          { storeId: row.storeId, orderId: row.id, action: 'payment-expired' },
          'order changed',
        )
        deps.orders.publish(row.id)
      }
      return expired.length
    },

    /** Cash or transfer received: the store says so (Mercado Pago confirms itself by webhook). */
    async markAsPaid(ctx: SellerContext, id: string) {
      return change(ctx, id, 'mark-as-paid', async (tx, row, fulfillments) => {
        if (!actionsFor(row, fulfillments).canMarkAsPaid) {
          const method = PAYMENT_METHOD_LABELS[row.paymentMethod]
          throw conflict(
            !MANUAL_PAYMENT_METHODS.includes(row.paymentMethod)
              ? `Los pagos con ${method} se acreditan solos; no se marcan a mano.`
              : row.paymentStatus === 'paid'
                ? 'El pedido ya está pagado.'
                : 'Este pedido no se puede marcar como pagado.',
          )
        }
        await repository.updateOrder(tx, row.id, { paymentStatus: 'paid' })
        await repository.addEvents(tx, row.id, [
          { type: 'PAYMENT_RECEIVED', note: 'Registrado por el comercio' },
        ])
        await deps.payments.recordSellerEvent(tx, row, 'payment')
        await tellCustomer(tx, row, pushMessages.paymentStatus(row, PAYMENT_STATUS_LABELS.paid))
      })
    },

    /** Records a refund of a paid order. For Mercado Pago the money goes back from its panel. */
    async refund(ctx: SellerContext, id: string) {
      return change(ctx, id, 'refund', async (tx, row, fulfillments) => {
        if (!actionsFor(row, fulfillments).canRefund) {
          throw conflict(
            row.paymentStatus === 'refunded'
              ? 'El pedido ya está reembolsado.'
              : 'Solo se puede reembolsar un pedido pagado.',
          )
        }
        await repository.updateOrder(tx, row.id, {
          paymentStatus: 'refunded',
          paymentDetails: { ...row.paymentDetails, refundedAt: new Date().toISOString() },
        })
        await repository.addEvents(tx, row.id, [
          {
            type: 'PAYMENT_REFUNDED',
            note:
              row.paymentMethod === 'mercado_pago'
                ? 'Registrado por el comercio; el reintegro se hace desde Mercado Pago.'
                : 'Registrado por el comercio',
          },
        ])
        await deps.payments.recordSellerEvent(tx, row, 'refund')
        await tellCustomer(tx, row, pushMessages.paymentStatus(row, PAYMENT_STATUS_LABELS.refunded))
      })
    },

    /** Starts preparing every item of the order (one fulfillment at a time). */
    async fulfill(ctx: SellerContext, id: string, input: AdminFulfillInput) {
      const name = await storeName(ctx)
      return change(ctx, id, 'fulfill', async (tx, row, fulfillments) => {
        if (!actionsFor(row, fulfillments).canFulfill) {
          throw conflict(
            CLOSED_ORDER_STATUSES.includes(row.status)
              ? `El pedido está ${ORDER_STATUS_LABELS[row.status].toLowerCase()}.`
              : 'El pedido ya se está preparando.',
          )
        }
        return applyEvent(name, tx, row, fulfillments, 'preparing', input.note ?? null)
      })
    },

    async applyFulfillmentEvent(ctx: SellerContext, id: string, event: FulfillmentEvent) {
      const name = await storeName(ctx)
      return change(ctx, id, `event:${event}`, (tx, row, fulfillments) =>
        applyEvent(name, tx, row, fulfillments, event),
      )
    },

    async cancelFulfillment(
      ctx: SellerContext,
      id: string,
      fulfillmentId: string,
      reason: string | undefined,
    ) {
      return change(ctx, id, 'cancel-fulfillment', async (tx, row, fulfillments) => {
        const target = fulfillments.find((f) => f.id === fulfillmentId)
        if (!target) throw new AppError('NOT_FOUND', 'No encontramos esa preparación.')
        if (target.status === 'cancelled') throw conflict('Esa preparación ya está cancelada.')
        if (isFinal(target.status)) throw conflict('Un pedido entregado no se puede cancelar.')
        const why = reason?.trim() || DEFAULT_FULFILLMENT_CANCEL_REASON
        await repository.updateFulfillment(tx, target.id, { status: 'cancelled', reason: why })
        await repository.updateOrder(tx, row.id, {
          fulfillmentStatus: 'unfulfilled',
          ...(row.status === 'fulfilled' ? { status: 'open' } : {}),
        })
        await repository.addEvents(tx, row.id, [
          { type: 'FULFILLMENT_CANCELLED', note: why, fulfillmentId: target.id },
        ])
        await tellCustomer(
          tx,
          row,
          pushMessages.orderStatus(row, FULFILLMENT_STATUS_LABELS.unfulfilled),
        )
      })
    },
  }
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>
