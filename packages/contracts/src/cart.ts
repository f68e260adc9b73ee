import { z } from 'zod'
import { currencySchema, linesWithinCap, moneySchema } from './common.ts'
import { productTaxSchema, unitMeasureSchema } from './products.ts'

/** Spec section 3: Cart item { _id, variantId, quantity } plus read-only details and line totals. */
export const cartItemSchema = z.object({
  _id: z.string(),
  variantId: z.string(),
  quantity: z.number().int(),
  productId: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  imageUrl: z.string().nullable(),
  /** Integer centavos. */
  unitPrice: moneySchema,
  lineTotal: moneySchema,
  /** Units left when the variant tracks stock; null when it does not. */
  stock: z.number().int().nullable(),
  isAvailable: z.boolean(),
  /** For the price per unit and without national taxes beside the price (decision 050). */
  unitMeasure: unitMeasureSchema.nullable().default(null),
  taxes: z.array(productTaxSchema).default([]),
})
export type CartItem = z.infer<typeof cartItemSchema>

/** Spec section 7: GET /cart returns _id, note, items, totalPrice, attributes, storeId. */
export const cartSchema = z.object({
  _id: z.string(),
  note: z.string(),
  items: z.array(cartItemSchema),
  totalPrice: moneySchema,
  currency: currencySchema,
  attributes: z.record(z.string(), z.string()),
  storeId: z.string().nullable(),
  store: z
    .object({ _id: z.string(), name: z.string(), handle: z.string(), isOpen: z.boolean() })
    .nullable(),
  itemCount: z.number().int(),
})
export type Cart = z.infer<typeof cartSchema>

/** Units of one variant in a cart (lines naming the same variant count together). */
export const CART_MAX_LINE_QUANTITY = 999

export const cartUpdateInputSchema = z.object({
  cartId: z.uuid({ error: 'Falta el carrito' }),
  items: linesWithinCap(
    z
      .array(
        z.object({
          variantId: z.uuid({ error: 'La variante no es válida' }),
          quantity: z
            .number()
            .int('La cantidad es un número entero')
            .max(CART_MAX_LINE_QUANTITY, `Hasta ${CART_MAX_LINE_QUANTITY} unidades`),
        }),
      )
      .max(100, 'Hasta 100 productos distintos por carrito'),
    CART_MAX_LINE_QUANTITY,
    `Hasta ${CART_MAX_LINE_QUANTITY} unidades de un mismo producto (sumando las líneas repetidas)`,
  ),
  note: z.string().trim().max(500).optional(),
  attributes: z.record(z.string().max(40), z.string().max(200)).optional(),
})
export type CartUpdateInput = z.infer<typeof cartUpdateInputSchema>

export const cartClearInputSchema = z.object({ cartId: z.uuid({ error: 'Falta el carrito' }) })

export { CART_TOKEN_REQUIRED } from './constants.ts'
