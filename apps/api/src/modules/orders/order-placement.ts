import { randomUUID } from 'node:crypto'
import type { NotificationSettings } from '@barrio/contracts/admin-settings'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import type { Tx } from '../../db/client.ts'
import type { PostalAddressColumns } from '../../lib/postal-address.ts'
import type { CatalogEvents } from '../../plugins/catalog-events.ts'
import { commissionOf } from '../commissions/commission-arithmetic.ts'
import type { CommissionsService } from '../commissions/commissions.service.ts'
import type { CustomersService } from '../customers/customers.service.ts'
import type { OutboxService, QueuedWrites } from '../notifications/outbox.service.ts'
import type { OutboxWorker } from '../notifications/outbox.worker.ts'
import { pushMessages } from '../notifications/push-messages.ts'
import type { PushService } from '../notifications/push.service.ts'
import { storeAlertEmails } from '../notifications/store-alert-emails.ts'
import type { ProductsService } from '../products/products.service.ts'
import type { StoreSettingsService } from '../store-settings/store-settings.service.ts'
import { counterOrderEmail } from './counter-order-emails.ts'
import { lineTitle, notNotifiedNote, orderEmails } from './order-emails.ts'
import type { OrderUpdates } from './order-updates.ts'
import type {
  NewOrder,
  OrderEventRow,
  OrderItemRow,
  OrderRow,
  OrdersRepository,
} from './orders.repository.ts'

/**
 * Who places the order. It decides whose the order is and who hears of it:
 * - `checkout`: a customer confirmed their checkout. The order is their account's (listed in
 *   "Mis pedidos"), its store customer is found or created from the account (decision 022), the
 *   customer gets the receipt with the order's link, and the store hears of a new order by e-mail
 *   and push as its notification settings say.
 * - `counter`: the store took it itself for one of its customers (decision 027). No account; the
 *   customer gets a copy without a link when the store has their e-mail (else a store-only
 *   timeline note says so); the store is not told of an order it wrote. `takenBy` signs the
 *   timeline; `requestId` is the Idempotency-Key row the order answers, if any.
 */
export type OrderSource =
  | {
      kind: 'checkout'
      userId: string
      checkoutId: string
      /** The caller's transaction holds the (customer, store) lock (`customerAtStoreLock`). */
      customerLockHeld?: boolean
    }
  | { kind: 'counter'; customerId: string; takenBy: string | null; requestId: string | null }

/** The store as the order's e-mails and answer name it (the store row has these). */
export type OrderDraftStore = {
  id: string
  name: string
  handle: string
  phone: string | null
  email: string | null
}

/** One line, priced by the caller; `place` takes its stock and writes it as it is. */
export type OrderDraftLine = {
  productId: string
  variantId: string
  title: string
  variantTitle: string
  sku: string | null
  imageUrl: string | null
  unitPrice: number
  quantity: number
  lineTotal: number
}

/**
 * Where a delivery or shipment goes, as the customer's (or store customer's) address has it;
 * `place` writes the order's snapshot of it. `point` is null when unknown.
 */
export type OrderDraftAddress = PostalAddressColumns & {
  notes: string | null
  point: { latitude: number; longitude: number } | null
}

/**
 * Everything an order is placed with, already validated and priced by its caller (checkout's
 * confirm, the counter order). `ordersService.place` owns the rest: the store customer, the stock,
 * the rows, the timeline, the e-mails and pushes, and the live events. Coupons, delivery slots
 * and invoices belong here as new fields, written by `place` for every source.
 */
export type OrderDraft = {
  source: OrderSource
  store: OrderDraftStore
  /**
   * The platform's commission rate (basis points), when the caller read it in this transaction
   * (checkout's pricing read); else `place` reads it (decision 045).
   */
  commissionRateBp?: number
  /** The buyer's contact as the order keeps it; `email` is '' when the store has none. */
  contact: { firstName: string; lastName: string; phone: string; email: string }
  lines: OrderDraftLine[]
  delivery:
    | { type: 'pickup'; pickupAddress: string | null }
    | { type: Exclude<DeliveryType, 'pickup'>; address: OrderDraftAddress | null }
  payment: {
    method: PaymentMethod
    /** `paid`: money already in at placement (a counter order the seller charged). */
    status: 'pending' | 'paid'
    /** Shown to the customer: `{ transfer }` for a bank transfer, else empty. */
    details: Record<string, unknown>
    /** The stock hold of an unpaid order in minutes (Mercado Pago, decision 011); null: none. */
    holdMinutes: number | null
  }
  amounts: {
    subtotal: number
    deliveryFee: number
    /** Taxes added on top of the prices (included ones are only in `taxLines`). */
    taxes: number
    taxLines: NewOrder['taxLines']
    /** A coupon's discount, already off `total` (issue 28), its code, and how much of it came off the items. */
    discount?: number
    couponCode?: string | null
    itemsDiscount?: number
    total: number
  }
  note: string
  /**
   * A scheduled order's slot (issue 26): `place` takes a place in it under the slot's lock, or
   * throws SlotFullError when `capacity` orders of this delivery type already hold it.
   */
  slot: { start: Date; end: Date; capacity: number } | null
  /**
   * The caller's own writes that name the new order (checkout: the coupon's use, the emptied
   * cart, the completed checkout), run in the transaction after the order is written and before
   * its stock is taken, so that taking the stock stays the last write before COMMIT (decision
   * 059: the variant's row lock is held for the shortest time). `queued`: the order's e-mails as
   * `with` clauses, which the caller's last statement here must carry (decision 068's addendum).
   */
  beforeStock?: (tx: Tx, order: OrderRow, queued: QueuedWrites) => Promise<void>
  /**
   * The store's notification settings and owner when the caller read them in this transaction
   * already (checkout's one read of the store's rules, decision 059); else `place` reads them.
   */
  storeNotifications?: { settings: NotificationSettings; ownerId: string }
}

/** The slot was taken by other orders in between: the caller offers the next free ones. */
export class SlotFullError extends Error {
  constructor() {
    super('slot full')
  }
}

/** What `place` wrote, and what to announce once the caller's transaction has committed. */
export type PlacedOrder = {
  order: OrderRow
  items: OrderItemRow[]
  events: OrderEventRow[]
  store: OrderDraftStore
  /** Stock moved and a new order exists: tell the catalogue, the outbox and the live pages. */
  announce: () => void
}

export type OrderPlacementDeps = {
  repository: OrdersRepository
  updates: Pick<OrderUpdates, 'publish' | 'publishNewOrder'>
  /** Records each order's buyer in the store's customers list (decision 022). */
  customers: Pick<CustomersService, 'recordOrder'>
  /** The platform's rate for the store, read in the placing transaction (decision 045). */
  commissions: Pick<CommissionsService, 'rateFor'>
  products: Pick<ProductsService, 'reserveStock'>
  settings: Pick<StoreSettingsService, 'alerts'>
  outbox: Pick<OutboxService, 'enqueueEmail' | 'enqueueEmails' | 'enqueueEmailsWith'>
  outboxWorker: Pick<OutboxWorker, 'drain'>
  push: Pick<PushService, 'toUsers'>
  /** Stock moved: the nearby product answers that show this store are dropped (decision 024). */
  catalogEvents: Pick<CatalogEvents, 'publish'>
  publicUrl: string
  log: { info: (obj: object, msg: string) => void }
}

/** The postal lines alone (no notes, no point): the store customer's address (decision 022). */
function postalColumnsOf(address: PostalAddressColumns): PostalAddressColumns {
  return {
    street: address.street,
    number: address.number,
    floorApartment: address.floorApartment,
    neighbourhood: address.neighbourhood,
    city: address.city,
    provinceCode: address.provinceCode,
    postalCode: address.postalCode,
  }
}

/** The order's copy of the address: postal lines, notes and the point (null when unknown). */
function snapshotOf(address: OrderDraftAddress): NonNullable<NewOrder['shippingAddress']> {
  return {
    ...postalColumnsOf(address),
    notes: address.notes,
    latitude: address.point?.latitude ?? null,
    longitude: address.point?.longitude ?? null,
  }
}

/** The first timeline entries: placed (by whom), the customer's note, money already in, notices. */
function firstEvents(draft: OrderDraft, customerTold: boolean) {
  const { source } = draft
  const counter = source.kind === 'counter'
  return [
    { type: 'ORDER_PLACED', note: counter ? 'Pedido tomado por el comercio' : null },
    ...(counter && source.takenBy
      ? [{ type: 'INTERNAL_NOTE_ADDED', note: `Cargado por ${source.takenBy}` }]
      : []),
    ...(draft.note ? [{ type: 'NOTE_ADDED', note: draft.note }] : []),
    ...(draft.payment.status === 'paid'
      ? [{ type: 'PAYMENT_RECEIVED', note: 'Registrado por el comercio' }]
      : []),
    // No e-mail without an address: the store's timeline says the customer was not told (027).
    ...(customerTold
      ? []
      : [{ type: 'INTERNAL_NOTE_ADDED', note: notNotifiedNote('la copia del pedido') }]),
  ]
}

/**
 * Places an order in the caller's transaction: the one way an order is written (issue 23).
 * Records the platform's commission rate and amount (decision 045). Records the store customer,
 * writes the order with the next number, its lines and first timeline events, queues the
 * customer's e-mail and the store's new-order notices (checkout only), runs the caller's
 * `beforeStock` writes, and takes the stock last (conditional updates in variant-id order,
 * decisions 008 and 059: a 409 CONFLICT names `items.<variantId>` when a line ran out), then
 * queues the low-stock e-mail and push for each variant this order took to the store's
 * threshold. Nothing leaves before the commit: the caller calls `announce()`.
 */
export function createOrderPlacement(deps: OrderPlacementDeps) {
  return async function place(tx: Tx, draft: OrderDraft): Promise<PlacedOrder> {
    const { source, store, contact, lines, delivery, payment, amounts, slot } = draft
    if (slot) {
      const taken = await deps.repository.slotCounts(tx, {
        storeId: store.id,
        deliveryType: delivery.type,
        from: slot.start,
        to: new Date(slot.start.getTime() + 1),
        lock: true,
      })
      if ((taken.get(slot.start.getTime()) ?? 0) >= slot.capacity) throw new SlotFullError()
    }
    const shippingAddress =
      delivery.type !== 'pickup' && delivery.address ? snapshotOf(delivery.address) : null
    // A counter order names its customer already; a buyer's order finds or creates theirs,
    // merging the seller's phone customers of that person (decision 027).
    const customerId =
      source.kind === 'counter'
        ? source.customerId
        : await deps.customers.recordOrder(
            tx,
            {
              storeId: store.id,
              userId: source.userId,
              contact,
              shippingAddress:
                delivery.type !== 'pickup' && delivery.address
                  ? postalColumnsOf(delivery.address)
                  : null,
              shippingPoint: delivery.type !== 'pickup' ? (delivery.address?.point ?? null) : null,
              shippingNotes: delivery.type !== 'pickup' ? (delivery.address?.notes ?? null) : null,
              lockHeld: source.customerLockHeld === true,
            },
            (q, from, to) => deps.repository.moveCustomer(q, from, to),
          )
    const customerTold = contact.email.trim() !== ''
    // The platform's commission on what the store sells: the items after discounts (the
    // subtotal), not the delivery fee nor taxes added on top; rounded half up (decision 045).
    const commissionRateBp =
      draft.commissionRateBp ?? (await deps.commissions.rateFor(tx, store.id))
    const written = await deps.repository.insert(
      tx,
      {
        storeId: store.id,
        // A counter order is the store's record, not listed in anybody's "Mis pedidos" (027).
        userId: source.kind === 'checkout' ? source.userId : null,
        deviceId: null,
        customerId,
        // No checkout behind a counter order: its Idempotency-Key row's id, or a fresh one,
        // keeps "one checkout, one order" (decision 027 and its addendum).
        checkoutId:
          source.kind === 'checkout' ? source.checkoutId : (source.requestId ?? randomUUID()),
        deliveryType: delivery.type,
        paymentMethod: payment.method,
        paymentStatus: payment.status,
        contact,
        shippingAddress,
        pickupAddress: delivery.type === 'pickup' ? delivery.pickupAddress : null,
        scheduledStart: slot?.start ?? null,
        scheduledEnd: slot?.end ?? null,
        note: draft.note,
        subtotal: amounts.subtotal,
        deliveryFee: amounts.deliveryFee,
        taxes: amounts.taxes,
        taxLines: amounts.taxLines,
        discount: amounts.discount ?? 0,
        couponCode: amounts.couponCode ?? null,
        total: amounts.total,
        commissionRateBp,
        commission: commissionOf(amounts.subtotal - (amounts.itemsDiscount ?? 0), commissionRateBp),
        paymentDetails: payment.details,
        paymentHoldMinutes: payment.holdMinutes,
      },
      lines,
      firstEvents(draft, customerTold),
    )
    const { order } = written

    const known = draft.storeNotifications
    const alerts = await deps.settings.alerts(
      store.id,
      tx,
      known && { settings: known.settings, store: { email: store.email, ownerId: known.ownerId } },
    )
    let queued: QueuedWrites = []
    if (source.kind === 'checkout') {
      const emails = orderEmails({ order, store, items: lines, publicUrl: deps.publicUrl })
      // The store hears of it as its notification settings say (address and events). Both
      // e-mails in one INSERT (decision 064), carried by the caller's own last write when it
      // has one (decision 068's addendum).
      const storeTo = alerts.emailFor('order_placed')
      const toSend = [emails.customer, ...(storeTo ? [{ ...emails.store, to: storeTo }] : [])]
      if (draft.beforeStock) queued = deps.outbox.enqueueEmailsWith(tx, toSend)
      else await deps.outbox.enqueueEmails(tx, toSend)
      await deps.push.toUsers(
        tx,
        alerts.pushTo('order_placed'),
        pushMessages.newOrder(order, `${contact.firstName} ${contact.lastName}`.trim()),
      )
    } else if (customerTold) {
      // No "new order" notice to the store: it wrote the order itself (decision 027).
      await deps.outbox.enqueueEmail(
        tx,
        counterOrderEmail({ to: contact.email, order, store, items: lines }),
      )
    }

    await draft.beforeStock?.(tx, order, queued)
    // The stock last (decision 059): one conditional UPDATE per variant, never below zero (a 409
    // rolls everything above back), whose row lock is then held only until COMMIT.
    const stockLeft = await deps.products.reserveStock(
      tx,
      lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    )

    // Low stock follows the store's settings (e-mail and push) for every order that takes stock;
    // only the variants this order took across the threshold: one alert per crossing.
    const threshold = alerts.lowStockThreshold
    const crossed = stockLeft.filter((v) => v.before > threshold && v.after <= threshold)
    const lowTo = alerts.emailFor('low_stock')
    const lowPush = alerts.pushTo('low_stock')
    if (crossed.length > 0 && (lowTo || lowPush.length > 0)) {
      const items = crossed.map((v) => {
        const line = lines.find((l) => l.variantId === v.variantId)
        return { title: line ? lineTitle(line) : 'Un producto', left: v.after }
      })
      if (lowTo)
        await deps.outbox.enqueueEmail(
          tx,
          storeAlertEmails.lowStock(lowTo, items, threshold, deps.publicUrl),
        )
      await deps.push.toUsers(tx, lowPush, pushMessages.lowStock(items))
    }

    return {
      ...written,
      store,
      announce() {
        deps.catalogEvents.publish({ kind: 'products', storeId: store.id })
        void deps.outboxWorker.drain().catch(() => {})
        deps.log.info(
          {
            orderId: order.id,
            number: order.number,
            total: order.total,
            payment: order.paymentMethod,
            source: source.kind,
          },
          'order placed',
        )
        deps.updates.publish(order.id)
        deps.updates.publishNewOrder(store.id, order.id)
      },
    }
  }
}
