import { z } from 'zod'
import { linesWithinCap, moneySchema } from './common.ts'
import { DELIVERY_TYPES, PAYMENT_METHODS } from './enums.ts'

/**
 * POST /admin/orders (spec section 7, issue 14 "orders the shop takes itself"): a phone, WhatsApp
 * or counter order the seller writes for one of the store's customers. The API answers the order
 * exactly as GET /admin/orders/{id} does. Prices, delivery fee and taxes are the server's.
 */

export const COUNTER_ORDER_MAX_LINES = 50
export const COUNTER_ORDER_MAX_QUANTITY = 999

const uuid = (message: string) => z.uuid({ error: message })
/** The same product on several lines is one line: the cap holds for the sum. */
const MERGED_QUANTITY_MESSAGE = `La cantidad máxima es ${COUNTER_ORDER_MAX_QUANTITY} por producto (sumando las líneas repetidas)`

export const counterOrderItemInputSchema = z.object({
  variantId: uuid('Elegí un producto de la lista'),
  quantity: z
    .number({ error: 'Ingresá la cantidad' })
    .int('La cantidad es un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(COUNTER_ORDER_MAX_QUANTITY, `La cantidad máxima es ${COUNTER_ORDER_MAX_QUANTITY}`),
})

export const counterOrderInputSchema = z.object({
  customerId: uuid('Elegí o creá el cliente'),
  items: linesWithinCap(
    z
      .array(counterOrderItemInputSchema, { error: 'Agregá al menos un producto' })
      .min(1, 'Agregá al menos un producto')
      .max(
        COUNTER_ORDER_MAX_LINES,
        `Un pedido puede tener hasta ${COUNTER_ORDER_MAX_LINES} productos`,
      ),
    COUNTER_ORDER_MAX_QUANTITY,
    MERGED_QUANTITY_MESSAGE,
  ),
  deliveryType: z.enum(DELIVERY_TYPES, { error: 'Elegí cómo recibe el pedido' }),
  /** Required for delivery and shipping (one of the customer's addresses); none for pickup. */
  shippingAddressId: uuid('Elegí una dirección del cliente').nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Elegí el medio de pago' }),
  /** True when the money is already in (counter sale, transfer seen): recorded as paid. */
  paid: z.boolean({ error: 'Indicá si ya está pagado' }),
  note: z
    .string()
    .trim()
    .max(1000, 'La nota puede tener hasta 1000 caracteres')
    .nullish()
    .transform((v) => v ?? ''),
})
export type CounterOrderInput = z.input<typeof counterOrderInputSchema>
export type CounterOrderInputParsed = z.output<typeof counterOrderInputSchema>

/**
 * The `Idempotency-Key` header of POST /admin/orders and POST /admin/orders/{id}/refund
 * (optional; the web form and the refund dialog always send one): 1 to 255 visible ASCII
 * characters, e.g. a uuid generated when the form opens. Keys are the store's: the same key with
 * the same body within 24 hours answers the order it made or refunded; with another body, 422
 * IDEMPOTENCY_KEY_REUSED.
 */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24
export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x21-\x7e]{1,255}$/,
    'La clave de idempotencia tiene que tener de 1 a 255 caracteres visibles',
  )

/**
 * POST /admin/orders/quote: what the order being written would cost, priced by the server with
 * the same rules as POST /admin/orders (nothing is written, no stock is taken). Everything is
 * optional: the form asks as it fills in. Unknown variants are left out of the lines.
 */
export const counterOrderQuoteInputSchema = z.object({
  customerId: z.uuid().nullish(),
  items: linesWithinCap(
    z.array(counterOrderItemInputSchema).max(COUNTER_ORDER_MAX_LINES),
    COUNTER_ORDER_MAX_QUANTITY,
    MERGED_QUANTITY_MESSAGE,
  ).default([]),
  deliveryType: z.enum(DELIVERY_TYPES).nullish(),
  shippingAddressId: z.uuid().nullish(),
})
export type CounterOrderQuoteInput = z.input<typeof counterOrderQuoteInputSchema>

export const counterOrderQuoteSchema = z.object({
  lines: z.array(
    z.object({
      variantId: z.string(),
      title: z.string(),
      variantTitle: z.string(),
      unitPrice: moneySchema,
      quantity: z.number().int(),
      lineTotal: moneySchema,
      /** Units left (null when the variant does not track stock). */
      stock: z.number().int().nullable(),
    }),
  ),
  subtotal: moneySchema,
  /** The store's delivery types with their fee for this address and subtotal, or why not. */
  deliveryOptions: z.array(
    z.object({
      type: z.enum(DELIVERY_TYPES),
      label: z.string(),
      available: z.boolean(),
      reason: z.string().nullable(),
      fee: moneySchema,
    }),
  ),
  /** The payment methods the store accepts. */
  paymentMethods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), label: z.string() })),
  deliveryFee: moneySchema,
  taxes: moneySchema,
  total: moneySchema,
})
export type CounterOrderQuote = z.infer<typeof counterOrderQuoteSchema>
