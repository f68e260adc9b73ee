import { z } from 'zod'

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
export const paymentMethodSchema = z.enum(PAYMENT_METHODS)
export type PaymentMethod = z.infer<typeof paymentMethodSchema>

/** Spec section 3: delivery types. */
export const DELIVERY_TYPES = ['pickup', 'delivery', 'shipping'] as const
export const deliveryTypeSchema = z.enum(DELIVERY_TYPES)
export type DeliveryType = z.infer<typeof deliveryTypeSchema>

/** Spec section 4: checkout steps, in the order the flow walks them. */
export const CHECKOUT_STEPS = [
  'contact_information',
  'shipping_method',
  'payment_method',
  'review',
  'completed',
] as const
export const checkoutStepSchema = z.enum(CHECKOUT_STEPS)
export type CheckoutStep = z.infer<typeof checkoutStepSchema>

/** Spec section 4: order status. */
export const ORDER_STATUSES = [
  'open',
  'unfulfilled',
  'fulfilled',
  'archived',
  'completed',
  'cancelled',
] as const
export const orderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof orderStatusSchema>

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
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES)
export type PaymentStatus = z.infer<typeof paymentStatusSchema>

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
export const fulfillmentStatusSchema = z.enum(FULFILLMENT_STATUSES)
export type FulfillmentStatus = z.infer<typeof fulfillmentStatusSchema>

/** Spec section 4: the second, smaller fulfillment status set (order-level summary). */
export const ORDER_FULFILLMENT_STATUSES = [
  'fulfilled',
  'in_progress',
  'pending',
  'delivered',
  'unfulfilled',
  'partially_fulfilled',
] as const
export const orderFulfillmentStatusSchema = z.enum(ORDER_FULFILLMENT_STATUSES)
export type OrderFulfillmentStatus = z.infer<typeof orderFulfillmentStatusSchema>

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
] as const
export const timelineEventSchema = z.enum(TIMELINE_EVENTS)
export type TimelineEvent = z.infer<typeof timelineEventSchema>

/** Spec section 1/3: the two kinds of user, which are also the two app types. */
export const USER_TYPES = ['customer', 'admin'] as const
export const userTypeSchema = z.enum(USER_TYPES)
export type UserType = z.infer<typeof userTypeSchema>

/** Platforms a request can come from (x-platform header). */
export const PLATFORMS = ['web', 'android', 'ios'] as const
export const platformSchema = z.enum(PLATFORMS)
export type Platform = z.infer<typeof platformSchema>
