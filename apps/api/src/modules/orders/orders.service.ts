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
import { formatPostalAddress } from '@barrio/contracts/common'
import type { Tx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import { toPostalAddress } from '../../lib/postal-address.ts'
import type { PostalAddressColumns } from '../../lib/postal-address.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { OrderUpdates } from './order-updates.ts'
import type {
  NewOrder,
  NewOrderItem,
  OrderOwner,
  OrderRow,
  OrdersRepository,
} from './orders.repository.ts'

/** The postal lines of an order's address snapshot (no notes, no point). */
function postalColumnsOf(snapshot: NonNullable<NewOrder['shippingAddress']>): PostalAddressColumns {
  return {
    street: snapshot.street,
    number: snapshot.number,
    floorApartment: snapshot.floorApartment,
    neighbourhood: snapshot.neighbourhood ?? null,
    city: snapshot.city,
    provinceCode: snapshot.provinceCode,
    postalCode: snapshot.postalCode,
  }
}

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

/** The order's statuses, delivery type and payment method, each with its Spanish label. */
export function orderStatusFields(
  o: Pick<
    OrderRow,
    'status' | 'paymentStatus' | 'fulfillmentStatus' | 'deliveryType' | 'paymentMethod'
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
    const events = d.events.filter(
      (e) => e.orderId === o.id && (audience === 'store' || e.type !== 'INTERNAL_NOTE_ADDED'),
    )
    const orderFulfillments = d.fulfillments.filter((f) => f.orderId === o.id)
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
      total: o.total,
      refundedAmount: o.refundedAmount,
      currency: 'ARS' as const,
      paymentInstructions: paymentInstructions(o),
      fulfillments: orderFulfillments.map((f) => ({
        _id: f.id,
        status: f.status,
        label: FULFILLMENT_STATUS_LABELS[f.status] ?? f.status,
        reason: f.reason,
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
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    }
  })
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

export type OrderExecutor = Parameters<OrdersRepository['insert']>[0] &
  Parameters<OrdersRepository['countOpenUnpaid']>[0]
export type { NewOrder, NewOrderItem, OrderOwner, OrderRow }

/**
 * The customer's orders (by account or device) and their live updates; the only writer of new
 * orders (checkout places them inside its transaction) and of payment notifications.
 */
export function createOrdersService({
  repository,
  updates,
  customers,
}: {
  repository: OrdersRepository
  updates: OrderUpdates
  /** Records each order's buyer in the store's customers list (decision 022). */
  customers: Pick<CustomersService, 'recordOrder'>
}) {
  async function dto(row: OrderRow, audience: OrderAudience = 'customer') {
    return toOrderDtos([row], await repository.details([row]), audience)[0]!
  }
  return {
    dto,
    async list(owner: OrderOwner, page: { page: number; limit: number }) {
      const { rows, total } = await repository.list(owner, page)
      return buildPage(toOrderDtos(rows, await repository.details(rows)), total, page)
    },
    async get(owner: OrderOwner, id: string) {
      const row = await repository.findOwned(owner, id)
      if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese pedido.')
      return dto(row)
    },
    find: (id: string) => repository.find(id),
    findOwned: (owner: OrderOwner, id: string) => repository.findOwned(owner, id),
    /** Open unpaid orders of the customer in the store, under the (customer, store) lock. */
    countOpenUnpaid: (tx: OrderExecutor, userId: string, storeId: string) =>
      repository.countOpenUnpaid(tx, userId, storeId),
    /**
     * Writes the order, its items and first timeline events in the caller's transaction, and
     * records its buyer in the store's customers (the order points at that row).
     */
    async place(
      tx: OrderExecutor,
      values: NewOrder,
      items: NewOrderItem[],
      events: Array<{ type: string; note?: string | null }>,
    ) {
      // A seller's own order names its customer already (POST /admin/orders); a buyer's order
      // finds or creates theirs, merging the seller's phone customers of that person (027).
      const customerId =
        values.customerId ??
        (await customers.recordOrder(
          tx as Tx,
          {
            storeId: values.storeId,
            userId: values.userId ?? null,
            contact: values.contact,
            shippingAddress: values.shippingAddress
              ? postalColumnsOf(values.shippingAddress)
              : null,
          },
          (q, from, to) => repository.moveCustomer(q, from, to),
        ))
      return repository.insert(tx, { ...values, customerId }, items, events)
    },
    setPaymentDetails: (id: string, details: Record<string, unknown>) =>
      repository.setPaymentDetails(id, details),
    /** Applies a payment notification once per (provider, payment, status); true when it moved. */
    applyPayment: (input: Parameters<OrdersRepository['applyPayment']>[0]) =>
      repository.applyPayment(input),
    storeHasOrders: (storeId: string) => repository.storeHasOrders(storeId),
    subscribe: updates.subscribe,
    publish: updates.publish,
    publishNewOrder: updates.publishNewOrder,
    subscribeToStore: updates.subscribeToStore,
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
