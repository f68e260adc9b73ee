import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import {
  deliveryTypeSchema,
  fulfillmentStatusSchema,
  orderFulfillmentStatusSchema,
  orderStatusSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  timelineEventSchema,
} from './enums.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { contactSchema, taxLineSchema } from './checkout.ts'

export const timelineEntrySchema = z.object({
  type: timelineEventSchema,
  label: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
})

export const fulfillmentSchema = z.object({
  _id: z.string(),
  status: fulfillmentStatusSchema,
  label: z.string(),
  reason: z.string().nullable(),
  events: z.array(timelineEntrySchema),
  createdAt: z.string(),
})

export const orderItemSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
})

/** The order as its customer sees it (issue names). Money in centavos. */
export const orderSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  statusLabel: z.string(),
  paymentStatus: paymentStatusSchema,
  paymentStatusLabel: z.string(),
  fulfillmentStatus: orderFulfillmentStatusSchema,
  fulfillmentStatusLabel: z.string(),
  deliveryType: deliveryTypeSchema,
  deliveryTypeLabel: z.string(),
  paymentMethod: paymentMethodSchema,
  paymentMethodLabel: z.string(),
  store: z.object({
    _id: z.string(),
    name: z.string(),
    handle: z.string(),
    phone: z.string().nullable(),
  }),
  contact: contactSchema,
  shippingAddress: z
    .object({ formattedAddress: z.string(), notes: z.string().nullable() })
    .nullable(),
  pickupAddress: z.string().nullable(),
  note: z.string(),
  items: z.array(orderItemSchema),
  subtotal: z.number().int(),
  deliveryFee: z.number().int(),
  taxes: z.number().int(),
  taxLines: z.array(taxLineSchema),
  total: z.number().int(),
  currency: z.literal('ARS'),
  /** For bank transfer: where to pay; for Mercado Pago: the link to pay when still pending. */
  paymentInstructions: z.record(z.string(), z.unknown()),
  fulfillments: z.array(fulfillmentSchema),
  timeline: z.array(timelineEntrySchema),
  /**
   * Mercado Pago orders not paid by then are cancelled and their stock released (the store's
   * payment time); null for methods the store collects itself and once paid or closed.
   */
  paymentExpiresAt: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Order = z.infer<typeof orderSchema>
export const orderPageSchema = pageOf(orderSchema)
export const orderListQuerySchema = paginationQuery(PAGE_SIZES.orders)

/** POST /checkout/{id}/confirm: the order, or the order plus where payment goes on. */
export const confirmResponseSchema = z.object({
  order: orderSchema,
  checkoutUrl: z.string().nullable(),
})

export const customerPaymentMethodsSchema = z.object({
  methods: z.array(
    z.object({ method: paymentMethodSchema, label: z.string(), description: z.string() }),
  ),
  preferred: paymentMethodSchema.nullable(),
})
export const preferredPaymentInputSchema = z.object({ method: paymentMethodSchema.nullable() })
