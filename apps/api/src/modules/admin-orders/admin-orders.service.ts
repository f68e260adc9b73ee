import { randomUUID } from 'node:crypto'
import {
  DEFAULT_FULFILLMENT_CANCEL_REASON,
  FINAL_FULFILLMENT_EVENTS,
  FULFILLMENT_EVENT_LABELS,
  FULFILLMENT_EVENTS_BY_DELIVERY,
  orderFilterSchema,
  type AdminFulfillInput,
  type AdminOrderActions,
  type AdminOrderListQuery,
  type AdminOrderUpdateInput,
  type AdminRefundInput,
  type FulfillmentEvent,
} from '@barrio/contracts/admin-orders'
import type { OrderStatus, TimelineEvent } from '@barrio/contracts/enums'
import {
  DELIVERY_TYPE_LABELS,
  FULFILLMENT_STATUS_LABELS,
  ORDER_FULFILLMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@barrio/contracts/labels-es'
import { buildPage } from '@barrio/contracts/pagination'
import { parseJsonFilter } from '../../lib/json-filter.ts'
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
  Tx,
} from './admin-orders.repository.ts'
import { fulfillmentEmail, paymentExpiredEmail, refundEmail } from './fulfillment-emails.ts'
// Written at placement too: the note lives with the order's e-mails (orders module).
import { notNotifiedNote } from '../orders/order-emails.ts'
import {
  EXPIRED_PAYMENT_NOTE,
  RESTOCKED_NOTE,
  UNPAID_CANCEL_NOTE,
} from '../orders/customer-timeline.ts'
import type { Email } from '../../integrations/mailer.ts'
import { fingerprintOf, keyReused, type IdempotencyKeys, type Keyed } from './idempotency.ts'
import { refundIdempotencyKey } from '../../integrations/mercado-pago.ts'
import { formatArs } from '../../lib/money.ts'
import {
  canRefund,
  nextEventsOf,
  planFulfilment,
  planRefund,
  rollUp,
  toFulfil,
  unitsToRelease,
  type LineRequest,
  type LineState,
  type RefundRequest,
} from './order-arithmetic.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'
import type { AuditService } from '../audit/audit.service.ts'

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
  payments: Pick<
    PaymentsService,
    'recordSellerEvent' | 'recordRefund' | 'refundMercadoPago' | 'mercadoPagoToken' | 'hasRefund'
  >
  outbox: OutboxService
  outboxWorker: OutboxWorker
  /** The store's Idempotency-Keys (`idempotency.ts`, shared with POST /admin/orders). */
  keys: IdempotencyKeys
  /** The customer's devices hear of every status change; the store's of expired orders. */
  push: Pick<PushService, 'toUsers'>
  publicUrl: string
  log: { info: (obj: object, msg: string) => void }
  /** Refunds are audited in their transaction (decision 047). */
  audit: Pick<AuditService, 'record'>
}

/** Who acts: the signed-in seller and the store named by x-store-id (already checked). */
export type SellerContext = { userId: string; storeId: string }

const CLOSED_ORDER_STATUSES: readonly string[] = ['cancelled', 'archived', 'completed']
/** Payment methods the store collects itself, so the seller says when the money arrived. */
const MANUAL_PAYMENT_METHODS: readonly string[] = ['cash', 'bank_transfer']
const UNPAID_STATUSES: readonly string[] = ['pending', 'partially_paid', 'authorized']

const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese pedido.')
/** What an action returns when its Idempotency-Key names a request already applied. */
const REPLAYED = Symbol('replayed')

/**
 * A refund's fingerprint for the Idempotency-Key: the order and the request as the service reads
 * it (no body and `{}` are the same "the rest"; lines keep their order).
 */
export function refundFingerprint(orderId: string, request: RefundRequest): string {
  return fingerprintOf([
    'refund',
    orderId,
    request.kind,
    request.kind === 'items'
      ? [request.items.map((i) => [i.itemId, i.quantity]), request.restock]
      : request.kind === 'amount'
        ? request.amount
        : null,
  ])
}

/** The refund's key sent again with another body or for another order (422). */
const refundKeyReused = () =>
  keyReused(
    'Este reembolso ya se hizo con otros datos. Revisá el pedido antes de reembolsar de nuevo.',
    'Ya se usó para otro reembolso',
  )
// The customer reads these (customer-timeline.ts keeps only Barrio's own cancellation notes).
export { EXPIRED_PAYMENT_NOTE, UNPAID_CANCEL_NOTE }
const alreadyClosed = (status: OrderStatus) =>
  `El pedido ya está ${ORDER_STATUS_LABELS[status].toLowerCase()}.`
const conflict = (message: string, name?: string) =>
  new AppError('CONFLICT', message, name ? { errors: [{ name, message }] } : {})

type OrderState = Pick<
  AdminOrderRow,
  'status' | 'paymentStatus' | 'paymentMethod' | 'deliveryType' | 'total' | 'refundedAmount'
>
type FulfillmentState = Pick<FulfillmentRow, 'id' | 'status'>

const isFinal = (status: string) => (FINAL_FULFILLMENT_EVENTS as readonly string[]).includes(status)
/** The oldest fulfillment still on its way (not cancelled, not delivered), if any. */
const activeFulfillment = <T extends FulfillmentState>(fs: T[]) =>
  fs.find((f) => f.status !== 'cancelled' && !isFinal(f.status)) ?? null

const labelled = (events: FulfillmentEvent[]) =>
  events.map((value) => ({ value, label: FULFILLMENT_EVENT_LABELS[value] }))

/**
 * The events that apply now at order level: the oldest fulfillment on its way moves on; with none,
 * `preparing` while something is left to fulfil. Each fulfillment's own events are in `actions`.
 */
export function applicableEvents(
  order: OrderState,
  fulfillments: FulfillmentState[],
  lines: LineState[],
): FulfillmentEvent[] {
  if (CLOSED_ORDER_STATUSES.includes(order.status)) return []
  const active = activeFulfillment(fulfillments)
  if (active) return nextEventsOf(order.deliveryType, active.status)
  return lines.some((l) => toFulfil(l) > 0) ? ['preparing'] : []
}

/** Every rule of the seller's buttons in one place; the actions below enforce the same. */
export function actionsFor(
  order: OrderState,
  fulfillments: FulfillmentState[],
  lines: LineState[],
): AdminOrderActions {
  const isOpen = !CLOSED_ORDER_STATUSES.includes(order.status)
  const active = activeFulfillment(fulfillments)
  const delivered = fulfillments.some((f) => isFinal(f.status))
  const leftToFulfil = lines.some((l) => toFulfil(l) > 0)
  const refundable = canRefund(order)
  return {
    canMarkAsPaid:
      order.status !== 'cancelled' &&
      order.status !== 'archived' &&
      MANUAL_PAYMENT_METHODS.includes(order.paymentMethod) &&
      UNPAID_STATUSES.includes(order.paymentStatus),
    canRefund: refundable,
    canFulfill: isOpen && leftToFulfil,
    canCancel: isOpen && !delivered,
    canComplete: isOpen && active !== null && !leftToFulfil,
    canArchive: order.status === 'completed' || order.status === 'cancelled',
    canCancelUnpaid: isOpen && !delivered && UNPAID_STATUSES.includes(order.paymentStatus),
    activeFulfillmentId: active?.id ?? null,
    nextEvents: labelled(applicableEvents(order, fulfillments, lines)),
    refundableAmount: refundable ? order.total - order.refundedAmount : 0,
    fulfillments: fulfillments
      .filter((f) => f.status !== 'cancelled')
      .map((f) => ({
        fulfillmentId: f.id,
        nextEvents: isOpen ? labelled(nextEventsOf(order.deliveryType, f.status)) : [],
        canCancel: isOpen && !isFinal(f.status),
      })),
  }
}

/** The timeline event (and note) each fulfillment event writes; statuses come from `rollUp`. */
function timelineOf(event: FulfillmentEvent): { timeline: TimelineEvent; note: string | null } {
  switch (event) {
    case 'preparing':
      return { timeline: 'PREPARING', note: null }
    case 'ready_for_pickup':
      return { timeline: 'READY_FOR_PICKUP', note: null }
    case 'out_for_delivery':
      return { timeline: 'OUT_FOR_DELIVERY', note: null }
    case 'in_transit':
      return { timeline: 'OUT_FOR_DELIVERY', note: 'Envío despachado' }
    case 'picked_up':
      return { timeline: 'DELIVERED', note: 'Retirado en el local' }
    case 'delivered':
      return { timeline: 'DELIVERED', note: null }
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
    const lines: LineState[] = base.items.map((i) => ({
      id: i._id,
      variantId: i.variantId,
      title: i.title,
      unitPrice: i.unitPrice,
      quantity: i.quantity,
      fulfilledQuantity: i.fulfilledQuantity,
      refundedQuantity: i.refundedQuantity,
      restockedQuantity: 0,
    }))
    return {
      ...base,
      customerNote,
      buyerUserId: row.userId,
      actions: actionsFor(
        row,
        base.fulfillments.map((f) => ({ id: f._id, status: f.status })),
        lines,
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
    apply: (
      tx: Tx,
      row: AdminOrderRow,
      fulfillments: FulfillmentRow[],
      lines: LineState[],
    ) => Promise<boolean | void | typeof REPLAYED>,
  ) {
    const outcome = await deps.db.transaction(async (tx) => {
      const row = await repository.lock(tx, ctx.storeId, id)
      if (!row) throw notFound()
      return apply(
        tx,
        row,
        await repository.fulfillmentsOf(tx, id),
        await repository.linesOf(tx, id),
      )
    })
    if (outcome === REPLAYED) {
      // Nothing was written: the order as it is now, nobody told again.
      deps.log.info(
        { storeId: ctx.storeId, orderId: id, userId: ctx.userId, action },
        'order change replayed (idempotency key)',
      )
      return detail(ctx.storeId, id)
    }
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

  /** Writes the order's rolled-up statuses after its fulfillments or lines changed. */
  async function rollUpOrder(tx: Tx, row: AdminOrderRow) {
    const next = rollUp(
      row.status,
      await repository.linesOf(tx, row.id),
      await repository.fulfillmentsOf(tx, row.id),
    )
    // Always written: `row` may be stale when one action moves several fulfillments.
    await repository.updateOrder(tx, row.id, next)
    return next
  }

  /**
   * Queues the customer's e-mail when the order has their address. A customer the store has no
   * e-mail of (a phone customer's order, decision 027) is not written to: nothing is queued and
   * the store's timeline says the customer was not told (issue 22). True when queued.
   */
  async function emailCustomer(tx: Tx, orderId: string, email: Email): Promise<boolean> {
    if (email.to.trim()) {
      await deps.outbox.enqueueEmail(tx, email)
      return true
    }
    await repository.addEvents(tx, orderId, [
      { type: 'INTERNAL_NOTE_ADDED', note: notNotifiedNote(`“${email.subject}”`) },
    ])
    return false
  }

  /** The customer's devices hear of the change, queued in the change's transaction. */
  const tellCustomer = (tx: Tx, row: AdminOrderRow, content: PushContent) =>
    deps.push.toUsers(tx, [row.userId], content)

  /**
   * Cancels the locked order: open fulfillments cancelled, stock given back (less what refunds
   * already restocked), payment voided when nothing was collected, and the timeline says why.
   */
  async function cancelLocked(tx: Tx, row: AdminOrderRow, reason: string | null) {
    const cancelled = await repository.cancelOpenFulfillments(
      tx,
      row.id,
      reason ?? DEFAULT_FULFILLMENT_CANCEL_REASON,
      [...FINAL_FULFILLMENT_EVENTS],
    )
    await deps.products.releaseStock(tx, unitsToRelease(await repository.linesOf(tx, row.id)))
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

  function checkEventFits(row: AdminOrderRow, event: FulfillmentEvent) {
    const sequence = FULFILLMENT_EVENTS_BY_DELIVERY[row.deliveryType] ?? []
    if (!sequence.includes(event)) {
      const label = FULFILLMENT_EVENT_LABELS[event]
      const deliveryLabel = DELIVERY_TYPE_LABELS[row.deliveryType]
      const message = `"${label}" no corresponde a un pedido con ${deliveryLabel.toLowerCase()}.`
      throw new AppError('INVALID', message, { errors: [{ name: 'newEvent', message }] })
    }
  }

  /** Starts a fulfillment with the given lines (`preparing`), rolls the order up. */
  async function startFulfillment(
    tx: Tx,
    row: AdminOrderRow,
    lines: LineState[],
    request: LineRequest[] | undefined,
    note: string | null,
  ) {
    if (CLOSED_ORDER_STATUSES.includes(row.status))
      throw conflict(`El pedido está ${ORDER_STATUS_LABELS[row.status].toLowerCase()}.`)
    const planned = planFulfilment(lines, request)
    const fulfillmentId = (await repository.insertFulfillment(tx, row.id, 'preparing')).id
    await repository.insertFulfillmentItems(tx, fulfillmentId, planned)
    const partial = lines.some(
      (l) => toFulfil(l) > (planned.find((p) => p.itemId === l.id)?.quantity ?? 0),
    )
    const units = planned.reduce((s, p) => s + p.quantity, 0)
    await repository.addEvents(tx, row.id, [
      {
        type: 'FULFILLMENT_CREATED',
        note:
          note ??
          (partial ? `Parte del pedido: ${units} ${units === 1 ? 'unidad' : 'unidades'}` : null),
        fulfillmentId,
      },
      { type: 'PREPARING', note: null, fulfillmentId },
    ])
    await rollUpOrder(tx, row)
    await tellCustomer(tx, row, pushMessages.orderStatus(row, FULFILLMENT_STATUS_LABELS.preparing))
  }

  /** Moves one fulfillment on by one event, rolls the order up, emails the customer. */
  async function applyEvent(
    storeName: string,
    tx: Tx,
    row: AdminOrderRow,
    fulfillments: FulfillmentRow[],
    event: FulfillmentEvent,
    fulfillmentId?: string,
    sendEmail = true,
  ): Promise<boolean> {
    checkEventFits(row, event)
    const label = FULFILLMENT_EVENT_LABELS[event]
    const target = fulfillmentId
      ? fulfillments.find((f) => f.id === fulfillmentId)
      : activeFulfillment(fulfillments)
    if (fulfillmentId && !target) throw new AppError('NOT_FOUND', 'No encontramos esa preparación.')
    if (
      CLOSED_ORDER_STATUSES.includes(row.status) ||
      !target ||
      !nextEventsOf(row.deliveryType, target.status).includes(event)
    ) {
      throw conflict(`"${label}" no se puede aplicar al pedido en su estado actual.`, 'newEvent')
    }
    await repository.updateFulfillment(tx, target.id, { status: event })
    const { timeline, note } = timelineOf(event)
    await repository.addEvents(tx, row.id, [{ type: timeline, note, fulfillmentId: target.id }])
    await rollUpOrder(tx, row)
    await tellCustomer(tx, row, pushMessages.orderStatus(row, FULFILLMENT_STATUS_LABELS[event]))
    if (!sendEmail) return false
    const email = fulfillmentEmail({
      event,
      order: row,
      storeName,
      publicUrl: deps.publicUrl,
    })
    if (!email) return false
    return emailCustomer(tx, row.id, email)
  }

  return {
    /**
     * The store of an order the user may see: a link from an e-mail opens orders of any of the
     * user's stores, so the web switches to it. Orders of stores the user has no role in answer
     * the same 404 as unknown ids.
     */
    async storeOf(userId: string, id: string): Promise<{ storeId: string }> {
      const storeId = await repository.storeOf(id)
      if (!storeId) throw notFound()
      try {
        await deps.stores.roleIn(userId, storeId)
      } catch {
        throw notFound()
      }
      return { storeId }
    },

    async list(storeId: string, query: AdminOrderListQuery) {
      const filter = parseJsonFilter(orderFilterSchema, query.query)
      const { rows, total } = await repository.list(storeId, filter, query.sort, query)
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
    /** The receipt file of one of the store's orders (404 for another store's). */
    async transferReceipt(storeId: string, id: string) {
      const row = await repository.find(storeId, id)
      if (!row) throw notFound()
      return deps.orders.receiptFile(row)
    },

    async fulfillmentEvents(storeId: string, id: string) {
      const row = await repository.find(storeId, id)
      if (!row) throw notFound()
      const { items, fulfillments } = await detail(storeId, id)
      return {
        deliveryType: row.deliveryType,
        fulfillmentId:
          activeFulfillment(fulfillments.map((f) => ({ id: f._id, status: f.status })))?.id ?? null,
        events: applicableEvents(
          row,
          fulfillments.map((f) => ({ id: f._id, status: f.status })),
          items.map((i) => ({ ...i, id: i._id, restockedQuantity: 0 })),
        ).map((value) => ({ value, label: FULFILLMENT_EVENT_LABELS[value] })),
      }
    },

    /** PUT /admin/orders/{id}: archive, complete or cancel, and/or an internal note. */
    async update(ctx: SellerContext, id: string, input: AdminOrderUpdateInput) {
      const name = input.status === 'completed' ? await storeName(ctx) : ''
      return change(
        ctx,
        id,
        `update:${input.status ?? 'internal-note'}`,
        async (tx, row, fulfillments, lines) => {
          let queued = false
          const rules = actionsFor(row, fulfillments, lines)
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
            const last = FULFILLMENT_EVENTS_BY_DELIVERY[row.deliveryType].at(-1)!
            const open = fulfillments.filter((f) => f.status !== 'cancelled' && !isFinal(f.status))
            for (const [i, f] of open.entries())
              queued =
                (await applyEvent(name, tx, row, fulfillments, last, f.id, i === 0)) || queued
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
      return change(ctx, id, 'cancel-unpaid', async (tx, row, fulfillments, lines) => {
        if (!actionsFor(row, fulfillments, lines).canCancelUnpaid) {
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
          await emailCustomer(
            tx,
            row.id,
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
      return change(ctx, id, 'mark-as-paid', async (tx, row, fulfillments, lines) => {
        if (!actionsFor(row, fulfillments, lines).canMarkAsPaid) {
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

    /**
     * Refunds some lines (optionally putting their units back in stock), an amount, or everything
     * not yet refunded. Mercado Pago orders get the money back through Mercado Pago's API inside
     * the locked transaction, so a refusal changes nothing here; the ledger gets one row per
     * refund and the customer an e-mail.
     *
     * With an Idempotency-Key (issue 22, decision 025) the key is claimed right after the order's
     * lock: a request whose key already refunded (the same body for the same order) answers the
     * order as it is now (`replayed`) and refunds nothing; another body is 422
     * IDEMPOTENCY_KEY_REUSED. Mercado Pago gets a key derived from ours.
     */
    async refund(
      ctx: SellerContext,
      id: string,
      input: AdminRefundInput,
      idempotencyKey: string | null = null,
    ) {
      const request: RefundRequest = input.items
        ? { kind: 'items', items: input.items, restock: input.restock ?? false }
        : input.amount !== undefined
          ? { kind: 'amount', amount: input.amount }
          : { kind: 'rest' }
      const keyed: Keyed | null = idempotencyKey
        ? {
            storeId: ctx.storeId,
            key: idempotencyKey,
            fingerprint: refundFingerprint(id, request),
            reused: refundKeyReused,
          }
        : null
      if (keyed) {
        const known = await deps.keys.known(keyed)
        if (known) {
          deps.log.info(
            { storeId: ctx.storeId, orderId: known, userId: ctx.userId, action: 'refund' },
            'order change replayed (idempotency key)',
          )
          return { order: await detail(ctx.storeId, known), replayed: true }
        }
      }
      const name = await storeName(ctx)
      // Read before the transaction (PGlite): only Mercado Pago orders need the token.
      const found = await repository.find(ctx.storeId, id)
      const token =
        found?.paymentMethod === 'mercado_pago'
          ? await deps.payments.mercadoPagoToken(ctx.storeId, found)
          : null
      let replayed = false
      const order = await change(ctx, id, 'refund', async (tx, row, _fulfillments, lines) => {
        // Before anything else: a retry must not be judged against what its first try changed.
        if (keyed && 'replayOf' in (await deps.keys.claim(tx, keyed, row.id))) {
          replayed = true
          return REPLAYED
        }
        const plan = planRefund(row, lines, request)
        let reference = `seller:${randomUUID()}`
        if (row.paymentMethod === 'mercado_pago') {
          // The key names this refund of this order: a retry after a lost answer gets the same
          // Mercado Pago refund instead of a second one. With our Idempotency-Key, Mercado
          // Pago's is derived from it (and the request), so a retry whose first try reached
          // Mercado Pago but not our database gets that refund back.
          const made = await deps.payments.refundMercadoPago(
            token,
            row,
            plan.amount,
            keyed
              ? refundIdempotencyKey({
                  storeId: ctx.storeId,
                  orderId: row.id,
                  key: keyed.key,
                  fingerprint: keyed.fingerprint,
                })
              : `refund-${row.id}-${row.refundedAmount}-${plan.amount}`,
          )
          reference = `mp:${made.id}`
          // Counted once per Mercado Pago refund id: if its notice already put this refund in
          // the ledger, writing it again would count the money twice (decision 025, addendum).
          if (await deps.payments.hasRefund(tx, row.id, reference))
            throw new AppError(
              'CONFLICT',
              'Mercado Pago ya nos avisó este reembolso y está registrado. Actualizá el pedido.',
            )
        }
        await repository.addRefundedUnits(tx, plan.lines)
        const restock = plan.lines
          .filter((l) => l.restock > 0)
          .map((l) => ({ variantId: l.variantId, quantity: l.restock }))
        if (restock.length) await deps.products.releaseStock(tx, restock)
        await repository.updateOrder(tx, row.id, {
          paymentStatus: plan.paymentStatus,
          refundedAmount: plan.refundedAmount,
          paymentDetails: { ...row.paymentDetails, refundedAt: new Date().toISOString() },
        })
        const what = plan.lines.length
          ? plan.lines
              .map((l) => `${l.quantity} × ${lines.find((x) => x.id === l.itemId)!.title}`)
              .join(', ')
          : null
        await repository.addEvents(tx, row.id, [
          {
            type: 'PAYMENT_REFUNDED',
            note: [
              plan.paymentStatus === 'refunded'
                ? `Reembolso de ${formatArs(plan.amount)}: el pedido quedó reembolsado por completo.`
                : `Reembolso de ${formatArs(plan.amount)} (en total ${formatArs(plan.refundedAmount)} de ${formatArs(row.total)}).`,
              what ? `Productos: ${what}.` : null,
              restock.length ? RESTOCKED_NOTE : null,
              row.paymentMethod === 'mercado_pago'
                ? 'Devuelto por Mercado Pago.'
                : 'El comercio devuelve el dinero por el medio de pago.',
            ]
              .filter(Boolean)
              .join(' '),
          },
        ])
        await rollUpOrder(tx, row)
        await deps.payments.recordRefund(tx, row, { amount: plan.amount, reference })
        await deps.audit.record(tx, {
          actorId: ctx.userId,
          storeId: ctx.storeId,
          action: 'order.refunded',
          target: { type: 'order', id: row.id },
          before: {
            number: row.number,
            paymentStatus: row.paymentStatus,
            refundedAmount: row.refundedAmount,
            total: row.total,
          },
          after: {
            number: row.number,
            paymentStatus: plan.paymentStatus,
            refundedAmount: plan.refundedAmount,
            total: row.total,
            amount: plan.amount,
            paymentMethod: row.paymentMethod,
            reference,
            restocked: restock.length > 0,
          },
        })
        await tellCustomer(
          tx,
          row,
          pushMessages.paymentStatus(row, PAYMENT_STATUS_LABELS[plan.paymentStatus]),
        )
        await emailCustomer(
          tx,
          row.id,
          refundEmail({
            order: row,
            amount: plan.amount,
            refundedAmount: plan.refundedAmount,
            storeName: name,
            publicUrl: deps.publicUrl,
          }),
        )
        return true
      })
      return { order, replayed }
    },

    /** Starts preparing some lines, or everything still to fulfil (a fulfillment of its own). */
    async fulfill(ctx: SellerContext, id: string, input: AdminFulfillInput) {
      return change(ctx, id, 'fulfill', async (tx, row, _fulfillments, lines) => {
        await startFulfillment(tx, row, lines, input.items, input.note ?? null)
      })
    },

    async applyFulfillmentEvent(
      ctx: SellerContext,
      id: string,
      event: FulfillmentEvent,
      fulfillmentId?: string,
    ) {
      const name = await storeName(ctx)
      return change(ctx, id, `event:${event}`, async (tx, row, fulfillments, lines) => {
        if (event === 'preparing' && !fulfillmentId) {
          checkEventFits(row, event)
          await startFulfillment(tx, row, lines, undefined, null)
          return false
        }
        return applyEvent(name, tx, row, fulfillments, event, fulfillmentId)
      })
    },

    /**
     * "Cancelar envío": the fulfillment is cancelled with a reason and its units go back to
     * "to fulfil"; the order rolls up again.
     */
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
        if (isFinal(target.status)) throw conflict('Un envío entregado no se puede cancelar.')
        if (CLOSED_ORDER_STATUSES.includes(row.status)) throw conflict(alreadyClosed(row.status))
        const why = reason?.trim() || DEFAULT_FULFILLMENT_CANCEL_REASON
        await repository.updateFulfillment(tx, target.id, { status: 'cancelled', reason: why })
        await repository.addEvents(tx, row.id, [
          { type: 'FULFILLMENT_CANCELLED', note: why, fulfillmentId: target.id },
        ])
        const next = await rollUpOrder(tx, row)
        await tellCustomer(
          tx,
          row,
          pushMessages.orderStatus(row, ORDER_FULFILLMENT_STATUS_LABELS[next.fulfillmentStatus]),
        )
      })
    },
  }
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>
