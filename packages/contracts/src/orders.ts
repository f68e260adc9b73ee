import { z } from 'zod'
import { currencySchema, moneySchema, postalAddressSchema } from './common.ts'
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
  /** The store's view only: the team member who did it (decision 029); null when not a seller. */
  actor: z.string().nullable().optional(),
  createdAt: z.string(),
})

export const fulfillmentSchema = z.object({
  _id: z.string(),
  status: fulfillmentStatusSchema,
  label: z.string(),
  reason: z.string().nullable(),
  /** The order's lines (units) this fulfillment carries. */
  items: z.array(z.object({ itemId: z.string(), quantity: z.number().int() })).default([]),
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
  unitPrice: moneySchema,
  quantity: z.number().int(),
  lineTotal: moneySchema,
  /** Units in fulfillments that are not cancelled. */
  fulfilledQuantity: z.number().int().default(0),
  /** Units the store refunded. */
  refundedQuantity: z.number().int().default(0),
})
export type OrderItem = z.infer<typeof orderItemSchema>

/** Receipts a customer may upload for a bank transfer: an image or a PDF up to 5 MB. */
export const TRANSFER_RECEIPT_MAX_BYTES = 5 * 1024 * 1024
export const TRANSFER_RECEIPT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const

export const transferReceiptSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  contentType: z.enum(TRANSFER_RECEIPT_TYPES),
  uploadedAt: z.string(),
})
export type TransferReceipt = z.infer<typeof transferReceiptSchema>

/** POST /orders/{id}/cancel: the customer's reason, optional (the store reads it). */
export const customerCancelInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: 'El motivo puede tener hasta 500 caracteres' })
    .optional(),
})
export type CustomerCancelInput = z.infer<typeof customerCancelInputSchema>

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
  /** A scheduled order's slot (issue 26); null: as soon as possible. */
  scheduledFor: z.object({ start: z.string(), end: z.string() }).nullable(),
  paymentMethod: paymentMethodSchema,
  paymentMethodLabel: z.string(),
  store: z.object({
    _id: z.string(),
    name: z.string(),
    handle: z.string(),
    phone: z.string().nullable(),
  }),
  /**
   * The contact the order was placed with. `email` is '' for an order the store took for a
   * customer it has no e-mail of (POST /admin/orders, decision 027).
   */
  contact: contactSchema.extend({ email: z.union([z.literal(''), contactSchema.shape.email]) }),
  /** The delivery address as it was at checkout: the common postal address plus display line. */
  shippingAddress: postalAddressSchema
    .extend({ formattedAddress: z.string(), notes: z.string().nullable() })
    .nullable(),
  pickupAddress: z.string().nullable(),
  /** The customer's note from the cart (spec: Cart.note); the seller reads it as customerNote. */
  note: z.string(),
  items: z.array(orderItemSchema),
  subtotal: moneySchema,
  deliveryFee: moneySchema,
  taxes: moneySchema,
  taxLines: z.array(taxLineSchema),
  /** A coupon's discount, already taken off `total` (issue 28), and its code. */
  discount: moneySchema.default(0),
  couponCode: z.string().nullable().default(null),
  total: moneySchema,
  /** Centavos refunded so far (partial refunds add up; the total when `refunded`). */
  refundedAmount: moneySchema.default(0),
  currency: currencySchema,
  /** For bank transfer: where to pay; for Mercado Pago: the link to pay when still pending. */
  paymentInstructions: z.record(z.string(), z.unknown()),
  fulfillments: z.array(fulfillmentSchema),
  timeline: z.array(timelineEntrySchema),
  /**
   * Mercado Pago orders not paid by then are cancelled and their stock released (the store's
   * payment time); null for methods the store collects itself and once paid or closed.
   */
  paymentExpiresAt: z.string().nullable().default(null),
  /** The customer's bank transfer receipt (image or PDF), shown to the seller (decision 037). */
  transferReceipt: transferReceiptSchema.nullable().default(null),
  /** What the customer may do on the order page now (decision 037). */
  customerActions: z
    .object({
      /** Cancel: unpaid and the store has not started preparing it. */
      canCancel: z.boolean(),
      /** Upload (or replace) the transfer receipt: a bank transfer still waiting for the money. */
      canUploadReceipt: z.boolean(),
    })
    .default({ canCancel: false, canUploadReceipt: false }),
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

/** POST /orders/{id}/pay: a new Mercado Pago link and the amount it charges (centavos). */
export const payOrderResponseSchema = z.object({
  checkoutUrl: z.string(),
  amount: moneySchema,
  currency: currencySchema,
})
export type PayOrderResponse = z.infer<typeof payOrderResponseSchema>

export const customerPaymentMethodsSchema = z.object({
  methods: z.array(
    z.object({ method: paymentMethodSchema, label: z.string(), description: z.string() }),
  ),
  preferred: paymentMethodSchema.nullable(),
})
export const preferredPaymentInputSchema = z.object({ method: paymentMethodSchema.nullable() })
