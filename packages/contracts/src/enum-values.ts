// No zod here: the web app's first page imports these values, and a module with schemas would
// bring zod into that bundle (decision 020).

/** Spec section 3: the nine payment methods. */
export const PAYMENT_METHODS = [
  'credit_card',
  'debit_card',
  'paypal',
  'apple_pay',
  'google_pay',
  'crypto',
  'bank_transfer',
  'cash',
  'mercado_pago',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Spec section 3: delivery types. */
export const DELIVERY_TYPES = ['pickup', 'delivery', 'shipping'] as const
export type DeliveryType = (typeof DELIVERY_TYPES)[number]

/** Spec section 4: checkout steps, in the order the flow walks them. */
export const CHECKOUT_STEPS = [
  'contact_information',
  'shipping_method',
  'payment_method',
  'review',
  'completed',
] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

/** Spec section 4: order status. */
export const ORDER_STATUSES = [
  'open',
  'unfulfilled',
  'fulfilled',
  'archived',
  'completed',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Spec section 4: payment status. */
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'refunded',
  'partially_refunded',
  'partially_paid',
  'authorized',
  'voided',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Spec section 4: fulfillment / delivery status (the full set). */
export const FULFILLMENT_STATUSES = [
  'fulfilled',
  'unfulfilled',
  'on_hold',
  'partially_fulfilled',
  'out_for_delivery',
  'in_transit',
  'delivered',
  'cancelled',
  'ready_for_pickup',
  'picked_up',
  'returned',
  'preparing',
] as const
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number]

/** Spec section 4: the second, smaller fulfillment status set (order-level summary). */
export const ORDER_FULFILLMENT_STATUSES = [
  'fulfilled',
  'in_progress',
  'pending',
  'delivered',
  'unfulfilled',
  'partially_fulfilled',
] as const
export type OrderFulfillmentStatus = (typeof ORDER_FULFILLMENT_STATUSES)[number]

/** Spec section 4: order timeline events. */
export const TIMELINE_EVENTS = [
  'ORDER_PLACED',
  'ORDER_CONFIRMED',
  'PAYMENT_RECEIVED',
  'PAYMENT_REFUNDED',
  'PREPARING',
  'READY_FOR_PICKUP',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CANCELLED',
  'NOTE_ADDED',
  'INTERNAL_NOTE_ADDED',
  'FULFILLMENT_CREATED',
  'FULFILLMENT_UPDATED',
  'FULFILLMENT_CANCELLED',
  /** The customer used the botón de arrepentimiento (issue 27, Ley 24.240 art. 34). */
  'WITHDRAWAL_REQUESTED',
] as const
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number]

/** Spec section 1/3: the two kinds of user, which are also the two app types. */
/** `operator`: the marketplace's own staff (issue 24), behind a second factor. */
export const USER_TYPES = ['customer', 'admin', 'operator'] as const
export type UserType = (typeof USER_TYPES)[number]

/** Platforms a request can come from (x-platform header). */
export const PLATFORMS = ['web', 'android', 'ios'] as const
export type Platform = (typeof PLATFORMS)[number]
