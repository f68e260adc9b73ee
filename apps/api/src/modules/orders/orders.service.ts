import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import type { TimelineEvent } from '@barrio/contracts/enums'
import {
  DELIVERY_TYPE_LABELS,
  FULFILLMENT_STATUS_LABELS,
  ORDER_FULFILLMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  TIMELINE_EVENT_LABELS,
} from '@barrio/contracts/labels-es'
import { buildPage } from '@barrio/contracts/pagination'
import { transferReceiptSchema, type TransferReceipt } from '@barrio/contracts/orders'
import { formatPostalAddress } from '@barrio/contracts/common'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import type { PrivateFiles } from '../../integrations/private-files.ts'
import { checkReceipt, storeReceipt, type StoredReceipt } from '../media/receipt-file.ts'
import type { UploadedFile } from '../media/image-pipeline.ts'
import { pushMessages } from '../notifications/push-messages.ts'
import { storeAlertEmails } from '../notifications/store-alert-emails.ts'
import type { ProductsService } from '../products/products.service.ts'
import { AppError } from '../../lib/errors.ts'
import { toPostalAddress } from '../../lib/postal-address.ts'
import {
  createOrderPlacement,
  type OrderPlacementDeps,
  type PlacedOrder,
} from './order-placement.ts'
import { CUSTOMER_CANCEL_NOTE, customerTimeline } from './customer-timeline.ts'
import type { OrderUpdates } from './order-updates.ts'
import type { OrderOwner, OrderRow, OrdersRepository } from './orders.repository.ts'

type Details = Awaited<ReturnType<OrdersRepository['details']>>

/** An order's address snapshot on the wire: the common postal address, its line and notes. */
function shippingAddressOf(snapshot: NonNullable<OrderRow['shippingAddress']>) {
  const postal = toPostalAddress({ ...snapshot, neighbourhood: snapshot.neighbourhood ?? null })
  return { ...postal, formattedAddress: formatPostalAddress(postal), notes: snapshot.notes }
}

type EventRow = { type: string; note: string | null; actorName: string | null; createdAt: Date }

function timelineEntry(e: EventRow, audience: OrderAudience) {
  return {
    type: e.type as TimelineEvent,
    label: TIMELINE_EVENT_LABELS[e.type as TimelineEvent] ?? e.type,
    note: e.note,
    // The team's names stay inside the store.
    ...(audience === 'store' ? { actor: e.actorName } : {}),
    createdAt: e.createdAt.toISOString(),
  }
}

/** The order's statuses, delivery type (and slot) and payment method, with Spanish labels. */
export function orderStatusFields(
  o: Pick<
    OrderRow,
    | 'status'
    | 'paymentStatus'
    | 'fulfillmentStatus'
    | 'deliveryType'
    | 'paymentMethod'
    | 'scheduledStart'
    | 'scheduledEnd'
  >,
) {
  return {
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    paymentStatus: o.paymentStatus,
    paymentStatusLabel: PAYMENT_STATUS_LABELS[o.paymentStatus],
    fulfillmentStatus: o.fulfillmentStatus,
    fulfillmentStatusLabel: ORDER_FULFILLMENT_STATUS_LABELS[o.fulfillmentStatus],
    deliveryType: o.deliveryType,
    deliveryTypeLabel: DELIVERY_TYPE_LABELS[o.deliveryType],
    scheduledFor:
      o.scheduledStart && o.scheduledEnd
        ? { start: o.scheduledStart.toISOString(), end: o.scheduledEnd.toISOString() }
        : null,
    paymentMethod: o.paymentMethod,
    paymentMethodLabel: PAYMENT_METHOD_LABELS[o.paymentMethod],
  }
}

/** Who reads the order: the store also sees its internal notes, the customer never does. */
export type OrderAudience = 'customer' | 'store'

export function toOrderDtos(rows: OrderRow[], d: Details, audience: OrderAudience = 'customer') {
  return rows.map((o) => {
    const store = d.stores.find((s) => s.id === o.storeId)
    const addr = o.shippingAddress
    const orderFulfillments = d.fulfillments.filter((f) => f.orderId === o.id)
    const ownEvents = d.events.filter((e) => e.orderId === o.id)
    // The customer never reads the team's entries and words (customer-timeline.ts).
    const events =
      audience === 'store'
        ? ownEvents
        : customerTimeline(
            ownEvents,
            new Set(orderFulfillments.filter((f) => f.status === 'cancelled').map((f) => f.id)),
          )
    const liveIds = new Set(
      orderFulfillments.filter((f) => f.status !== 'cancelled').map((f) => f.id),
    )
    const fulfilled = new Map<string, number>()
    for (const fi of d.fulfillmentItems)
      if (liveIds.has(fi.fulfillmentId))
        fulfilled.set(fi.orderItemId, (fulfilled.get(fi.orderItemId) ?? 0) + fi.quantity)
    return {
      _id: o.id,
      number: o.number,
      ...orderStatusFields(o),
      store: {
        _id: o.storeId,
        name: store?.name ?? '',
        handle: store?.handle ?? '',
        phone: store?.phone ?? null,
      },
      contact: o.contact,
      shippingAddress: addr ? shippingAddressOf(addr) : null,
      pickupAddress: o.pickupAddress,
      note: o.note,
      items: d.items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          _id: i.id,
          productId: i.productId,
          variantId: i.variantId,
          title: i.title,
          variantTitle: i.variantTitle,
          sku: i.sku,
          imageUrl: i.imageUrl,
          unitPrice: i.unitPrice,
          quantity: i.quantity,
          lineTotal: i.lineTotal,
          fulfilledQuantity: fulfilled.get(i.id) ?? 0,
          refundedQuantity: i.refundedQuantity,
        })),
      subtotal: o.subtotal,
      deliveryFee: o.deliveryFee,
      taxes: o.taxes,
      taxLines: o.taxLines,
      discount: o.discount,
      couponCode: o.couponCode,
      total: o.total,
      refundedAmount: o.refundedAmount,
      currency: 'ARS' as const,
      paymentInstructions: paymentInstructions(o),
      fulfillments: orderFulfillments.map((f) => ({
        _id: f.id,
        status: f.status,
        label: FULFILLMENT_STATUS_LABELS[f.status] ?? f.status,
        // The seller's reason for cancelling a shipment is the team's (decision 037).
        reason: audience === 'store' ? f.reason : null,
        items: d.fulfillmentItems
          .filter((fi) => fi.fulfillmentId === f.id)
          .map((fi) => ({ itemId: fi.orderItemId, quantity: fi.quantity })),
        events: events
          .filter((e) => e.fulfillmentId === f.id)
          .map((e) => timelineEntry(e, audience)),
        createdAt: f.createdAt.toISOString(),
      })),
      timeline: events.map((e) => timelineEntry(e, audience)),
      paymentExpiresAt:
        o.paymentExpiresAt &&
        o.paymentStatus === 'pending' &&
        !['cancelled', 'archived', 'completed'].includes(o.status)
          ? o.paymentExpiresAt.toISOString()
          : null,
      transferReceipt: transferReceiptOf(o, audience),
      customerActions: customerActionsOf(o, liveIds.size),
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    }
  })
}

const CLOSED_STATUSES: readonly string[] = ['cancelled', 'archived', 'completed']

/**
 * What the customer may do on the order page (decision 037). Cancel: the order is open and still
 * unpaid, and the store has not started preparing it (no fulfillment that is not cancelled) —
 * once money came in, or preparing began, the customer asks the store ("Contactar al comercio").
 * Upload a receipt: a bank transfer still waiting for its money.
 */
export function customerActionsOf(
  o: Pick<OrderRow, 'status' | 'paymentStatus' | 'paymentMethod'>,
  liveFulfillments: number,
) {
  const open = !CLOSED_STATUSES.includes(o.status)
  return {
    canCancel:
      (o.status === 'open' || o.status === 'unfulfilled') &&
      o.paymentStatus === 'pending' &&
      liveFulfillments === 0,
    canUploadReceipt:
      open &&
      o.paymentMethod === 'bank_transfer' &&
      (o.paymentStatus === 'pending' || o.paymentStatus === 'partially_paid'),
  }
}

const storedReceiptSchema = transferReceiptSchema.omit({ url: true }).extend({ key: z.string() })

/** The transfer receipt the customer uploaded (kept in the payment details), if any. */
function storedReceiptOf(o: OrderRow): StoredReceipt | null {
  const parsed = storedReceiptSchema.safeParse(
    (o.paymentDetails as { transferReceipt?: unknown }).transferReceipt,
  )
  return parsed.success ? parsed.data : null
}

/**
 * The receipt as each audience reads it: its link is the route that checks who asks (the
 * customer's order route, or the store's), never a public file (decision 037).
 */
function transferReceiptOf(o: OrderRow, audience: OrderAudience): TransferReceipt | null {
  const stored = storedReceiptOf(o)
  if (!stored) return null
  const { fileName, contentType, uploadedAt } = stored
  const base = audience === 'store' ? '/api/v1/admin/orders' : '/api/v1/orders'
  return { url: `${base}/${o.id}/transfer-receipt`, fileName, contentType, uploadedAt }
}

/** What the customer must do to pay: transfer data, or the Mercado Pago link while pending. */
function paymentInstructions(o: OrderRow): Record<string, unknown> {
  const details = o.paymentDetails as { transfer?: Record<string, unknown>; initPoint?: string }
  if (o.paymentMethod === 'bank_transfer' && details.transfer)
    return { ...details.transfer, amount: o.total }
  if (o.paymentMethod === 'mercado_pago' && o.paymentStatus === 'pending' && details.initPoint)
    return { checkoutUrl: details.initPoint }
  if (o.paymentMethod === 'cash')
    return { amount: o.total, when: o.deliveryType === 'pickup' ? 'al retirar' : 'al recibir' }
  return {}
}

export function orderOwner(userId: string | null, deviceId: string | null): OrderOwner {
  if (userId) return { userId }
  if (deviceId) return { deviceId }
  throw new AppError('UNAUTHORIZED', NO_OWNER_MESSAGE)
}

const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese pedido.')

/** Why the customer cannot cancel it any more (409, in their words). */
function cannotCancel(o: Pick<OrderRow, 'status' | 'paymentStatus'>, liveFulfillments: number) {
  const message =
    o.status === 'cancelled'
      ? 'El pedido ya está cancelado.'
      : CLOSED_STATUSES.includes(o.status)
        ? 'El pedido ya está cerrado: no se puede cancelar.'
        : liveFulfillments > 0
          ? 'El comercio ya empezó a preparar tu pedido. Escribile para cancelarlo.'
          : 'Tu pedido ya tiene un pago registrado. Escribile al comercio para cancelarlo y que te devuelva el dinero.'
  return new AppError('CONFLICT', message)
}

function cannotUploadReceipt(o: Pick<OrderRow, 'status' | 'paymentMethod'>) {
  const message =
    o.paymentMethod !== 'bank_transfer'
      ? 'Este pedido no se paga por transferencia.'
      : CLOSED_STATUSES.includes(o.status)
        ? 'El pedido ya está cerrado: no hace falta el comprobante.'
        : 'El comercio ya registró el pago de este pedido.'
  return new AppError('CONFLICT', message, { errors: [{ name: 'file', message }] })
}

export type OrderExecutor = Parameters<OrdersRepository['slotCounts']>[0]
export type { OrderOwner, OrderRow }

/**
 * The customer's orders (by account or device) and their live updates; the only writer of new
 * orders (`place`, called by checkout's confirm and by counter orders inside their transaction)
 * and of payment notifications.
 */
export function createOrdersService(
  deps: Omit<OrderPlacementDeps, 'updates' | 'products'> & {
    updates: OrderUpdates
    db: Db
    products: Pick<ProductsService, 'reserveStock' | 'releaseStock'>
    /** Where the customers' transfer receipts are kept: files only the API hands out. */
    privateFiles: PrivateFiles
  },
) {
  const { repository, updates } = deps
  async function dto(row: OrderRow, audience: OrderAudience = 'customer') {
    return toOrderDtos([row], await repository.details([row]), audience)[0]!
  }
  async function get(owner: OrderOwner, id: string) {
    const row = await repository.findOwned(owner, id)
    if (!row) throw notFound()
    return dto(row)
  }
  /**
   * An order's transfer receipt file, for whoever the caller already checked may read it (the
   * order's customer, its store's team); 404 when the order has none (or its file is gone).
   */
  async function receiptFile(row: OrderRow) {
    const stored = storedReceiptOf(row)
    const body = stored ? await deps.privateFiles.get(stored.key) : null
    if (!stored || !body)
      throw new AppError('NOT_FOUND', 'Este pedido no tiene comprobante de transferencia.')
    return { body, contentType: stored.contentType, fileName: stored.fileName }
  }
  /** After a customer's change committed: e-mails and pushes leave, the open pages hear of it. */
  function announce(row: OrderRow, action: string, stockMoved: boolean) {
    if (stockMoved) deps.catalogEvents.publish({ kind: 'products', storeId: row.storeId })
    void deps.outboxWorker.drain().catch(() => {})
    deps.log.info({ storeId: row.storeId, orderId: row.id, action }, 'order changed by customer')
    updates.publish(row.id)
  }
  return {
    dto,
    /**
     * The customer's view of an order `place` just wrote, from what it wrote (no read); `row`
     * when the order changed since (its Mercado Pago link).
     */
    placedDto(placed: PlacedOrder, row: OrderRow = placed.order) {
      const { store } = placed
      const details = {
        items: placed.items,
        fulfillments: [],
        fulfillmentItems: [],
        events: placed.events,
        stores: [{ id: store.id, name: store.name, handle: store.handle, phone: store.phone }],
      }
      return toOrderDtos([row], details)[0]!
    },
    async list(owner: OrderOwner, page: { page: number; limit: number }) {
      const { rows, total } = await repository.list(owner, page)
      return buildPage(toOrderDtos(rows, await repository.details(rows)), total, page)
    },
    get,
    /**
     * POST /orders/{id}/cancel (decision 037): the customer cancels an unpaid order the store has
     * not started preparing. In one transaction on the locked order: its stock goes back, it is
     * cancelled (payment voided), the timeline says so, and the store's cancellation notices
     * (e-mail and push, as its settings say) are queued; then the open pages hear of it.
     */
    async cancel(owner: OrderOwner, id: string, reason: string | null) {
      const row = await deps.db.transaction(async (tx) => {
        const locked = await repository.lockOwned(tx, owner, id)
        if (!locked) throw notFound()
        const live = await repository.liveFulfillmentCount(tx, id)
        if (!customerActionsOf(locked, live).canCancel) throw cannotCancel(locked, live)
        await deps.products.releaseStock(tx, await repository.unitsToRelease(tx, id))
        await repository.update(tx, id, {
          status: 'cancelled',
          fulfillmentStatus: 'unfulfilled',
          paymentStatus: 'voided',
        })
        await repository.addEvents(tx, id, [
          { type: 'CANCELLED', note: CUSTOMER_CANCEL_NOTE },
          ...(reason ? [{ type: 'NOTE_ADDED', note: `Motivo: ${reason}` }] : []),
        ])
        const alerts = await deps.settings.alerts(locked.storeId, tx)
        const to = alerts.emailFor('order_cancelled')
        if (to)
          await deps.outbox.enqueueEmail(
            tx,
            storeAlertEmails.orderCancelledByCustomer(to, locked, reason, deps.publicUrl),
          )
        await deps.push.toUsers(
          tx,
          alerts.pushTo('order_cancelled'),
          pushMessages.orderCancelledByCustomer(locked),
        )
        return locked
      })
      announce(row, 'customer-cancel', true)
      return get(owner, id)
    },
    /**
     * POST /orders/{id}/transfer-receipt (decision 037): the customer's bank transfer receipt, an
     * image or a PDF, kept beside the order's payment details for the seller to check before
     * "Marcar como pagado". A new one replaces the previous one. The store hears of it (push, as
     * its "payment received" setting says) and the open pages update.
     */
    async attachTransferReceipt(owner: OrderOwner, id: string, file: UploadedFile | null) {
      const found = await repository.findOwned(owner, id)
      if (!found) throw notFound()
      if (!customerActionsOf(found, 0).canUploadReceipt) throw cannotUploadReceipt(found)
      const checked = checkReceipt(file)
      // Stored before the transaction (PGlite runs one at a time); removed again if refused.
      const receipt = await storeReceipt(deps.privateFiles, id, checked)
      const { key } = receipt
      let previousKey: string | null = null
      try {
        await deps.db.transaction(async (tx) => {
          const locked = await repository.lockOwned(tx, owner, id)
          if (!locked) throw notFound()
          if (!customerActionsOf(locked, 0).canUploadReceipt) throw cannotUploadReceipt(locked)
          const before = (locked.paymentDetails as { transferReceipt?: { key?: unknown } })
            .transferReceipt
          previousKey = typeof before?.key === 'string' ? before.key : null
          await repository.update(tx, id, {
            paymentDetails: { transferReceipt: receipt },
          })
          await repository.addEvents(tx, id, [
            {
              type: 'NOTE_ADDED',
              note: previousKey
                ? 'El cliente subió otro comprobante de la transferencia.'
                : 'El cliente subió el comprobante de la transferencia.',
            },
          ])
          const alerts = await deps.settings.alerts(locked.storeId, tx)
          await deps.push.toUsers(
            tx,
            alerts.pushTo('payment_received'),
            pushMessages.transferReceiptUploaded(locked),
          )
        })
      } catch (err) {
        await deps.privateFiles.remove([key]).catch(() => {})
        throw err
      }
      if (previousKey) await deps.privateFiles.remove([previousKey]).catch(() => {})
      announce(found, 'transfer-receipt', false)
      return get(owner, id)
    },
    /** GET /orders/{id}/transfer-receipt: the customer's own order's receipt file. */
    async customerReceiptFile(owner: OrderOwner, id: string) {
      const row = await repository.findOwned(owner, id)
      if (!row) throw notFound()
      return receiptFile(row)
    },
    receiptFile,
    find: (id: string) => repository.find(id),
    findOwned: (owner: OrderOwner, id: string) => repository.findOwned(owner, id),
    /** Orders per slot start (ms) of a store and delivery type in [from, to) (issue 26). */
    slotCounts: (
      q: OrderExecutor,
      slot: { storeId: string; deliveryType: string; from: Date; to: Date },
    ) => repository.slotCounts(q, slot),
    /** The one way an order is written: see `order-placement.ts` (`OrderDraft`). */
    place: createOrderPlacement(deps),
    setPaymentDetails: (id: string, details: Record<string, unknown>) =>
      repository.setPaymentDetails(id, details),
    /**
     * Applies a payment notification once per (provider, payment, status), in the caller's
     * transaction (see the repository); true when it moved.
     */
    applyPayment: (tx: Tx, input: Parameters<OrdersRepository['applyPayment']>[1]) =>
      repository.applyPayment(tx, input),
    storeHasOrders: (storeId: string) => repository.storeHasOrders(storeId),
    subscribe: updates.subscribe,
    publish: updates.publish,
    publishNewOrder: updates.publishNewOrder,
    subscribeToStore: updates.subscribeToStore,
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
