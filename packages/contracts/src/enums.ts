import { z } from 'zod'
import {
  PAYMENT_METHODS,
  DELIVERY_TYPES,
  CHECKOUT_STEPS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  FULFILLMENT_STATUSES,
  ORDER_FULFILLMENT_STATUSES,
  TIMELINE_EVENTS,
  USER_TYPES,
  PLATFORMS,
} from './enum-values.ts'

// The value lists and their types live in enum-values.ts (no zod: the web app's first page
// imports them); the schemas are here.
export * from './enum-values.ts'

export const paymentMethodSchema = z.enum(PAYMENT_METHODS)
export const deliveryTypeSchema = z.enum(DELIVERY_TYPES)
export const checkoutStepSchema = z.enum(CHECKOUT_STEPS)
export const orderStatusSchema = z.enum(ORDER_STATUSES)
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES)
export const fulfillmentStatusSchema = z.enum(FULFILLMENT_STATUSES)
export const orderFulfillmentStatusSchema = z.enum(ORDER_FULFILLMENT_STATUSES)
export const timelineEventSchema = z.enum(TIMELINE_EVENTS)
export const userTypeSchema = z.enum(USER_TYPES)
export const platformSchema = z.enum(PLATFORMS)
