import { z } from 'zod'
import {
  latitudeSchema,
  longitudeSchema,
  moneySchema,
  optionalText,
  postalAddressInputSchema,
  postalAddressSchema,
} from './common.ts'
import { PAGE_SIZES } from './constants.ts'
import { filterDateSchema } from './dates.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * A store's customers (issue 14, spec section 7 "Customers"): the people who ordered from the
 * store plus those the seller added (a phone or WhatsApp customer). Each store has its own list;
 * `ordersCount`, `totalSpent` and `lastOrderAt` count that store's orders only.
 */

const requiredName = (label: string) =>
  z
    .string({ error: `Ingresá ${label}` })
    .trim()
    .min(1, `Ingresá ${label}`)
    .max(80, `Usá hasta 80 caracteres`)

export const CUSTOMER_TAG_MAX = 20
export const CUSTOMER_TAG_LENGTH = 40

/** One tag ("mayorista", "VIP"): trimmed, inner spaces collapsed. */
export const customerTagSchema = z
  .string()
  .trim()
  .transform((tag) => tag.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'Una etiqueta no puede estar vacía')
      .max(
        CUSTOMER_TAG_LENGTH,
        `Cada etiqueta puede tener hasta ${CUSTOMER_TAG_LENGTH} caracteres`,
      ),
  )

/** Tags without repeats (case-insensitive: "VIP" and "vip" are one tag; the first spelling stays). */
export const customerTagsSchema = z
  .array(customerTagSchema)
  .max(CUSTOMER_TAG_MAX, `Usá hasta ${CUSTOMER_TAG_MAX} etiquetas`)
  .transform((tags) => {
    const seen = new Set<string>()
    return tags.filter((tag) => {
      const key = tag.toLocaleLowerCase('es-AR')
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  })

/**
 * POST /admin/customers and PUT /admin/customers/{id}. The phone is checked by the API with
 * libphonenumber (a number without country code is read as Argentine) and stored in E.164, an
 * Argentine number always with the mobile 9 ("11 5555-1234" is +5491155551234; decision 022).
 */
export const adminCustomerInputSchema = z.object({
  firstName: requiredName('el nombre'),
  lastName: requiredName('el apellido'),
  phone: z
    .string({ error: 'Ingresá el teléfono' })
    .trim()
    .min(1, 'Ingresá el teléfono')
    .max(30, 'El teléfono es demasiado largo'),
  /** Optional: blank is none. */
  email: z
    .string()
    .trim()
    .max(254, 'El correo es demasiado largo')
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email({ error: 'Ingresá un correo electrónico válido' }).nullable()),
  notes: z
    .string()
    .trim()
    .max(2000, 'Las notas pueden tener hasta 2000 caracteres')
    .nullish()
    .transform((v) => v ?? ''),
  tags: customerTagsSchema.nullish().transform((v) => v ?? []),
  address: postalAddressInputSchema.nullish().transform((v) => v ?? null),
})
export type AdminCustomerInput = z.input<typeof adminCustomerInputSchema>
export type AdminCustomerInputParsed = z.output<typeof adminCustomerInputSchema>

/** One customer of the selected store. Money in centavos; dates ISO. */
export const adminCustomerSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  notes: z.string(),
  tags: z.array(z.string()),
  address: postalAddressSchema.nullable(),
  /** True when the customer has a Barrio account (they ordered through the app). */
  hasAccount: z.boolean(),
  /** Orders at this store that were not cancelled. */
  ordersCount: z.number().int().nonnegative(),
  /** Sum of those orders' totals; a refunded order counts 0 (as in analytics). */
  totalSpent: moneySchema,
  lastOrderAt: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminCustomer = z.infer<typeof adminCustomerSchema>
export const adminCustomerPageSchema = pageOf(adminCustomerSchema)

/**
 * One of a customer's delivery addresses (decision 027): what the seller's own orders are sent to
 * (`shippingAddressId`). `hasLocation` is false while no point is known (the locality's centre is
 * looked up when the address is first used for a delivery).
 */
export const customerAddressSchema = postalAddressSchema.extend({
  _id: z.string(),
  formattedAddress: z.string(),
  notes: z.string().nullable(),
  hasLocation: z.boolean(),
})
export type CustomerAddress = z.infer<typeof customerAddressSchema>

/** POST /admin/customers/{id}/addresses: a postal address, optional notes and map point. */
export const customerAddressInputSchema = postalAddressInputSchema.extend({
  notes: optionalText(200),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
})
export type CustomerAddressInput = z.input<typeof customerAddressInputSchema>

/** GET /admin/customers/{id}: the customer plus the other addresses their orders went to. */
export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  /** Distinct delivery addresses of their orders, most recent first (at most 5). */
  orderAddresses: z.array(postalAddressSchema),
  /** The customer's saved delivery addresses, newest first (the seller's orders pick one). */
  addresses: z.array(customerAddressSchema),
})
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>

const intBound = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const rangeOf = <T extends z.ZodType>(value: T) =>
  z
    .object({
      $gte: value.optional(),
      $gt: value.optional(),
      $lte: value.optional(),
      $lt: value.optional(),
    })
    .strict()
    .optional()

/**
 * The `query` JSON filter of GET /admin/customers. Only these fields and operators exist; anything
 * else is 400 INVALID. `search` looks in the name, e-mail and phone; `tags` keeps customers with
 * that tag (a string) or with any of the tags ($in); ranges take $gte, $gt, $lte, $lt.
 */
export const customerFilterSchema = z
  .object({
    search: z
      .union([
        z.string().trim().max(100),
        z.object({ $contains: z.string().trim().max(100) }).strict(),
      ])
      .optional(),
    tags: z
      .union([
        customerTagSchema,
        z.object({ $in: z.array(customerTagSchema).min(1).max(CUSTOMER_TAG_MAX) }).strict(),
      ])
      .optional(),
    ordersCount: rangeOf(intBound),
    totalSpent: rangeOf(intBound),
    lastOrderAt: rangeOf(filterDateSchema),
  })
  .strict()
export type CustomerFilter = z.infer<typeof customerFilterSchema>

/** Most recent buyer first by default (customers with no orders last). */
export const CUSTOMER_SORTS = [
  '-lastOrderAt',
  'lastOrderAt',
  '-totalSpent',
  'totalSpent',
  '-ordersCount',
  'ordersCount',
  'name',
  '-name',
  '-createdAt',
  'createdAt',
] as const
export type CustomerSort = (typeof CUSTOMER_SORTS)[number]

export const adminCustomerListQuerySchema = paginationQuery(PAGE_SIZES.adminCustomers).extend({
  query: z.string().max(2000).optional(),
  sort: z.enum(CUSTOMER_SORTS).default('-lastOrderAt'),
})
export type AdminCustomerListQuery = z.infer<typeof adminCustomerListQuerySchema>
