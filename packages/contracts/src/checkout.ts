import { z } from 'zod'
import { calendarDaySchema } from './dates.ts'
import { currencySchema, moneySchema } from './common.ts'
import { phoneSchema } from './auth.ts'
import { checkoutStepSchema, deliveryTypeSchema, paymentMethodSchema } from './enums.ts'
import { errorBodySchema } from './errors.ts'
import { productTaxSchema, unitMeasureSchema } from './products.ts'
import { billingSchema } from './invoicing.ts'
import { checkoutCouponSchema } from './coupons.ts'

export const createCheckoutInputSchema = z.object({
  cartId: z.uuid({ error: 'Falta el carrito' }),
  shippingAddressId: z.uuid({ error: 'Elegí una dirección' }).nullish(),
})

/**
 * PUT /checkout/{id}/address (beyond the spec's list, decision 038): another of the customer's
 * addresses for the same checkout, which is priced again (delivery radius and fee).
 */
export const changeCheckoutAddressInputSchema = z.object({
  shippingAddressId: z.uuid({ error: 'Elegí una dirección' }),
})
export type ChangeCheckoutAddressInput = z.infer<typeof changeCheckoutAddressInputSchema>

/** Spec section 3: Checkout { checkoutId, step, checkoutUrl, cartId, shippingAddressId }. */
export const checkoutRefSchema = z.object({
  checkoutId: z.string(),
  step: checkoutStepSchema,
  checkoutUrl: z.string().nullable(),
  cartId: z.string(),
  shippingAddressId: z.string().nullable(),
})
export type CheckoutRef = z.infer<typeof checkoutRefSchema>

export const contactSchema = z.object({
  firstName: z.string({ error: 'Ingresá tu nombre' }).trim().min(1, 'Ingresá tu nombre').max(80),
  lastName: z.string({ error: 'Ingresá tu apellido' }).trim().min(1, 'Ingresá tu apellido').max(80),
  phone: phoneSchema,
  email: z.email({ error: 'Ingresá un correo válido' }).trim().toLowerCase(),
  /** "Necesito factura A": who the invoice names (decision 054); left out: consumidor final. */
  billing: billingSchema.nullish(),
})
export type Contact = z.infer<typeof contactSchema>

/** The review payload (issue names): contact, delivery type, payment method, note. */
export const reviewInputSchema = z.object({
  contact: contactSchema,
  deliveryType: deliveryTypeSchema,
  paymentMethod: paymentMethodSchema,
  note: z.string().trim().max(500).default(''),
  /**
   * A slot's start from GET /checkout/{id}/slots (issue 26); null or left out: as soon as
   * possible, which only a shop open now takes.
   */
  scheduledSlotStart: z.iso
    .datetime({ offset: true, error: 'Elegí una franja de la lista' })
    .nullish(),
  /** A store's coupon (issue 28); left out or empty: none. */
  couponCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(30, 'El código tiene hasta 30 caracteres')
    .nullish()
    .transform((v) => (v ? v : null)),
})
export type ReviewInput = z.infer<typeof reviewInputSchema>

export const deliveryOptionSchema = z.object({
  type: deliveryTypeSchema,
  label: z.string(),
  available: z.boolean(),
  /** Why it is not available here (out of range, minimum order, province not served). */
  reason: z.string().nullable(),
  fee: moneySchema,
  isFree: z.boolean(),
  estimate: z.string(),
  pickupAddress: z.string().nullable(),
  distanceKm: z.number().nullable(),
  /** "Lo antes posible" is offered: the shop is open now (or takes orders while closed). */
  asap: z.boolean(),
  /** "Programar" is offered: the shop schedules this delivery type (issue 26). */
  canSchedule: z.boolean(),
})
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>

export const checkoutPaymentMethodSchema = z.object({
  method: paymentMethodSchema,
  label: z.string(),
  /** For bank transfer: CBU/CVU, alias and holder, shown to the customer. */
  details: z.record(z.string(), z.unknown()),
})

export const taxLineSchema = z.object({
  name: z.string(),
  rate: z.number(),
  amount: moneySchema,
  included: z.boolean(),
})

export const summaryItemSchema = z.object({
  variantId: z.string(),
  productId: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  imageUrl: z.string().nullable(),
  unitPrice: moneySchema,
  quantity: z.number().int(),
  lineTotal: moneySchema,
  /** For the price per unit and without national taxes beside the price (decision 050). */
  unitMeasure: unitMeasureSchema.nullable().default(null),
  taxes: z.array(productTaxSchema).default([]),
})

/** GET /checkout/{id}/review: everything the customer confirms. Money in centavos. */
export const checkoutSummarySchema = z.object({
  checkoutId: z.string(),
  step: checkoutStepSchema,
  store: z.object({
    _id: z.string(),
    name: z.string(),
    handle: z.string(),
    isOpen: z.boolean(),
    /** By its switch, hours, closures and holidays (issue 26). */
    openNow: z.boolean(),
  }),
  /** `approximate`: the point is the locality's centre, so no delivery until the door is placed. */
  shippingAddress: z
    .object({ _id: z.string(), formattedAddress: z.string(), approximate: z.boolean() })
    .nullable(),
  contact: contactSchema.partial().nullable(),
  deliveryType: deliveryTypeSchema.nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  note: z.string(),
  /** The chosen slot, or null for as soon as possible (issue 26). */
  scheduledFor: z.object({ start: z.string(), end: z.string() }).nullable(),
  items: z.array(summaryItemSchema),
  subtotal: moneySchema,
  deliveryFee: moneySchema,
  taxes: moneySchema,
  taxLines: z.array(taxLineSchema),
  /** The coupon's discount (issue 28), already taken off `total`. */
  discount: moneySchema,
  /** The code the customer typed and whether it applies (why not, in Spanish). */
  coupon: checkoutCouponSchema.nullable(),
  total: moneySchema,
  currency: currencySchema,
  deliveryOptions: z.array(deliveryOptionSchema),
  paymentMethods: z.array(checkoutPaymentMethodSchema),
  canConfirm: z.boolean(),
  /** Why the order cannot be confirmed yet (closed store, missing choice…). */
  blockers: z.array(z.string()),
  /** What the customer should know but does not stop the order (a closed store taking orders for later). */
  notices: z.array(z.string()),
})
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>

/**
 * A 409 from POST /checkout/{id}/confirm. When what the customer reviewed (lines, unit prices,
 * quantities, delivery fee, taxes, total) is no longer what the order would cost, `summary` is
 * the new one: the app shows it and the customer confirms again.
 */
export const confirmConflictSchema = errorBodySchema.extend({
  summary: checkoutSummarySchema.optional(),
})
export type ConfirmConflict = z.infer<typeof confirmConflictSchema>

/** GET /checkout/{id}/slots (issue 26): the day's slots, for a delivery type (default: the chosen one). */
export const checkoutSlotsQuerySchema = z.object({
  date: calendarDaySchema('Elegí un día (AAAA-MM-DD)'),
  deliveryType: z
    .enum(['pickup', 'delivery'], { error: 'Elegí retiro o envío a domicilio' })
    .optional(),
})
export const checkoutSlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** How many more orders it takes. */
  remaining: z.number().int(),
})
export type CheckoutSlot = z.infer<typeof checkoutSlotSchema>
export const checkoutSlotsSchema = z.object({
  docs: z.array(checkoutSlotSchema),
  /** The days that can be asked for, today first (Buenos Aires days). */
  days: z.array(z.string()),
})
export type CheckoutSlots = z.infer<typeof checkoutSlotsSchema>
