import type {
  DeliveryType,
  FulfillmentStatus,
  OrderFulfillmentStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from '@barrio/contracts/enums'
import type { Billing } from '@barrio/contracts/invoicing'
import { sql } from 'drizzle-orm'
import { currentActor } from '../../lib/actor.ts'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns.ts'
import { productVariants } from './catalog.ts'
import { storeCustomers } from './customers.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/** A cart; its id is the cart token. Owned by a user or, before sign-in, by a device. */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id'),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('carts_user_idx').on(t.userId, t.updatedAt),
    index('carts_device_idx').on(t.deviceId, t.updatedAt),
  ],
)

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_variant_uq').on(t.cartId, t.variantId)],
)

export type ReviewedPricing = {
  lines: Array<{ variantId: string; title: string; unitPrice: number; quantity: number }>
  deliveryType: string | null
  deliveryFee: number
  taxLines: Array<{ name: string; rate: number; amount: number; included: boolean }>
  taxes: number
  subtotal: number
  /** The coupon's discount (issue 28); absent in reviews written before coupons. */
  discount?: number
  total: number
}

export type CheckoutContact = {
  firstName: string
  lastName: string
  phone: string
  email: string
  /** Who the invoice names when the customer asked for one in their name (Factura A, decision 054). */
  billing?: Billing | null
}

export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    shippingAddressId: uuid('shipping_address_id'),
    step: text('step').notNull().default('contact_information'),
    contact: jsonb('contact').$type<CheckoutContact>(),
    deliveryType: text('delivery_type').$type<DeliveryType>(),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    note: text('note').notNull().default(''),
    /** The slot the customer chose (issue 26); null: as soon as possible. */
    scheduledSlotStart: timestamp('scheduled_slot_start', { withTimezone: true }),
    /** The coupon code typed at review (issue 28); whether it applies is the summary's. */
    couponCode: text('coupon_code'),
    orderId: uuid('order_id'),
    /**
     * The pricing the customer last reviewed (POST or GET review): confirm charges exactly this
     * or answers 409 with the new summary. Null until reviewed and after going back to edit.
     */
    reviewedPricing: jsonb('reviewed_pricing').$type<ReviewedPricing>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('checkouts_cart_idx').on(t.cartId), index('checkouts_user_idx').on(t.userId)],
)

/** Human order numbers (#1001, #1002…), unique across the marketplace. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 })

export type AddressSnapshot = {
  street: string
  number: string
  floorApartment: string | null
  /** Absent in snapshots taken before stores and addresses shared one address shape. */
  neighbourhood?: string | null
  city: string
  provinceCode: string
  postalCode: string | null
  notes: string | null
  /** Null when the point is unknown (a counter order's address the gazetteer could not place). */
  latitude: number | null
  longitude: number | null
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: uuid('device_id'),
    /**
     * The store's customer this order counts for (decision 022). Null once the seller removed
     * the customer from the list: the order keeps its contact snapshot.
     */
    customerId: uuid('customer_id').references(() => storeCustomers.id, { onDelete: 'set null' }),
    /** One order per checkout: a retried or double-clicked confirm cannot create two. */
    checkoutId: uuid('checkout_id').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('open'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    fulfillmentStatus: text('fulfillment_status')
      .$type<OrderFulfillmentStatus>()
      .notNull()
      .default('unfulfilled'),
    deliveryType: text('delivery_type').$type<DeliveryType>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    contact: jsonb('contact').$type<CheckoutContact>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot | null>(),
    pickupAddress: text('pickup_address'),
    /** A scheduled order's slot [start, end) (issue 26); null: as soon as possible. */
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    scheduledEnd: timestamp('scheduled_end', { withTimezone: true }),
    /** When the store was reminded of the slot (the reminder sweep: exactly once per order). */
    slotRemindedAt: timestamp('slot_reminded_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    subtotal: integer('subtotal').notNull(),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    taxes: integer('taxes').notNull().default(0),
    taxLines: jsonb('tax_lines')
      .$type<Array<{ name: string; rate: number; amount: number; included: boolean }>>()
      .notNull()
      .default([]),
    /** A store coupon's discount (issue 28, decision 056), already off `total`, and its code. */
    discount: integer('discount').notNull().default(0),
    couponCode: text('coupon_code'),
    total: integer('total').notNull(),
    currency: text('currency').notNull().default('ARS'),
    /** Transfer data shown to the customer, Mercado Pago preference and payment ids. */
    paymentDetails: jsonb('payment_details').$type<Record<string, unknown>>().notNull().default({}),
    /** Mercado Pago orders still pending then are cancelled by the sweep (stock released). */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** Centavos given back so far (partial refunds add up; `refunded` once it reaches total). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /**
     * The platform's commission (issue 24, decision 045): the rate in basis points the order was
     * placed with and the commission in centavos on its subtotal (items, no delivery, no added
     * taxes), rounded half up; both written by `ordersService.place` (and the demo's history).
     */
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    commission: integer('commission').notNull().default(0),
    /**
     * The part of the commission refunds took back, pro rata of `refunded_amount` over `total`
     * (rounded half up; the whole commission once everything was refunded). Computed by
     * PostgreSQL from the row, so every refund path (seller refunds, Mercado Pago's own) keeps it
     * right; `commissions/commission-arithmetic.ts` has the same formula in TypeScript.
     */
    commissionRefunded: integer('commission_refunded')
      .notNull()
      .generatedAlwaysAs(
        sql`case when refunded_amount <= 0 or total <= 0 then 0 when refunded_amount >= total then commission else div(2 * commission::numeric * refunded_amount + total, 2 * total::numeric)::integer end`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_checkout_uq').on(t.checkoutId),
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_device_idx').on(t.deviceId, t.createdAt),
    // Covering: INCLUDE (id, status, payment_status, total, refunded_amount, delivery_type,
    // payment_method, user_id) for the seller analytics' index-only scans; Drizzle cannot express
    // INCLUDE, so migrations 0009_analytics_indexes.sql and 0019_net_sales_covering_indexes.sql
    // create it (decision 017).
    index('orders_store_idx').on(t.storeId, t.createdAt),
    // INCLUDE (status, payment_status, total, refunded_amount) for the customers' aggregates
    // (index-only), added by hand to migrations 0012_store_customers.sql and 0019.
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_payment_expiry_idx')
      .on(t.paymentExpiresAt)
      .where(sql`payment_expires_at is not null`),
    // A slot's taken count (confirm, GET slots) and the seller's orders by slot.
    index('orders_slot_idx')
      .on(t.storeId, t.scheduledStart)
      .where(sql`scheduled_start is not null`),
    // The reminder sweep's candidates: scheduled orders not reminded yet, by slot start.
    index('orders_slot_reminder_idx')
      .on(t.scheduledStart)
      .where(sql`scheduled_start is not null and slot_reminded_at is null`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    title: text('title').notNull(),
    variantTitle: text('variant_title').notNull(),
    sku: text('sku'),
    imageUrl: text('image_url'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** Units refunded by the seller (partial refunds by line, decision 025). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** Of those, units put back in stock (a later cancel must not release them twice). */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // INCLUDE (product_id, quantity, refunded_quantity, line_total, title), created by
    // 0009_analytics_indexes.sql and 0019_net_sales_covering_indexes.sql.
    index('order_items_analytics_idx').on(t.orderId),
  ],
)

export const fulfillments = pgTable(
  'fulfillments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<FulfillmentStatus>().notNull().default('preparing'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('fulfillments_order_idx').on(t.orderId)],
)

/**
 * What one fulfillment carries: units of the order's lines. A line's fulfilled quantity is the sum
 * over its fulfillments that are not cancelled (decision 025).
 */
export const fulfillmentItems = pgTable(
  'fulfillment_items',
  {
    id: id(),
    fulfillmentId: uuid('fulfillment_id')
      .notNull()
      .references(() => fulfillments.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('fulfillment_items_fulfillment_item_uq').on(t.fulfillmentId, t.orderItemId),
    index('fulfillment_items_order_item_idx').on(t.orderItemId),
  ],
)

/** The order's timeline (spec section 4 events), optionally tied to a fulfillment. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    /** Insertion order: events written in one statement share created_at. */
    seq: bigserial('seq', { mode: 'number' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fulfillmentId: uuid('fulfillment_id'),
    type: text('type').notNull(),
    note: text('note'),
    /**
     * Who did it (decision 029): the seller acting in the request that wrote the event, filled
     * from the request's actor by default so that every seller action is signed without each
     * writer passing it; null for the customer, webhooks and background jobs. The name is kept
     * as it was, so the timeline still reads right after the person leaves the team.
     */
    actorId: uuid('actor_id').$defaultFn(() => currentActor()?.userId ?? sql`null`),
    actorName: text('actor_name').$defaultFn(() => currentActor()?.name ?? sql`null`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

/** Payment notifications already applied, so a repeated webhook changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_notifications_uq').on(t.provider, t.externalId, t.status)],
)

/**
 * An `Idempotency-Key` the seller sent with POST /admin/orders (a counter order, decision 027,
 * addendum) or a refund (the key is derived per order, `admin-orders/idempotency.ts`): scoped to the store, kept 24 hours. Claimed first in the order's transaction (a
 * concurrent request with the same key waits on the unique index), it names the order it made
 * and the body's fingerprint, so a retry gets that order again and another body is refused. Its
 * id is the order's `checkout_id`: `orders_checkout_uq` backs it as it backs checkout's confirm.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the parsed body in a canonical form. */
    fingerprint: text('fingerprint').notNull(),
    /** Set in the same transaction, once the order is written. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_store_key_uq').on(t.storeId, t.key),
    index('idempotency_keys_store_created_idx').on(t.storeId, t.createdAt),
  ],
)
