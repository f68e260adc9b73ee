import { z } from 'zod'
import { DELIVERY_TYPES, PAYMENT_METHODS } from './enums.ts'

/**
 * POST /admin/orders (spec section 7, issue 14 "orders the shop takes itself"): a phone, WhatsApp
 * or counter order the seller writes for one of the store's customers. The API answers the order
 * exactly as GET /admin/orders/{id} does. Prices, delivery fee and taxes are the server's.
 */

export const SELLER_ORDER_MAX_LINES = 50
export const SELLER_ORDER_MAX_QUANTITY = 999

const uuid = (message: string) => z.uuid({ error: message })

export const sellerOrderItemInputSchema = z.object({
  variantId: uuid('Elegí un producto de la lista'),
  quantity: z
    .number({ error: 'Ingresá la cantidad' })
    .int('La cantidad es un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(SELLER_ORDER_MAX_QUANTITY, `La cantidad máxima es ${SELLER_ORDER_MAX_QUANTITY}`),
})

export const sellerOrderInputSchema = z.object({
  customerId: uuid('Elegí o creá el cliente'),
  items: z
    .array(sellerOrderItemInputSchema, { error: 'Agregá al menos un producto' })
    .min(1, 'Agregá al menos un producto')
    .max(SELLER_ORDER_MAX_LINES, `Un pedido puede tener hasta ${SELLER_ORDER_MAX_LINES} productos`),
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
export type SellerOrderInput = z.input<typeof sellerOrderInputSchema>
export type SellerOrderInputParsed = z.output<typeof sellerOrderInputSchema>
