import { STORE_ROLES } from './permissions.ts'
import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { DELIVERY_TYPES, deliveryTypeSchema } from './enums.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import {
  imageUrlInputSchema,
  latitudeSchema,
  longitudeSchema,
  postalAddressInputSchema,
  postalAddressSchema,
  storeCategorySchema,
} from './common.ts'
import { geoPointSchema, openingHoursSchema, storeClosuresSchema } from './stores.ts'
import { phoneSchema } from './auth.ts'

export const handleSchema = z
  .string({ error: 'Ingresá un identificador' })
  .trim()
  .toLowerCase()
  .min(2, 'El identificador debe tener al menos 2 caracteres')
  .max(60, 'El identificador puede tener hasta 60 caracteres')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Usá minúsculas, números y guiones (ej.: mi-almacen)')

const required = (label: string, max: number) =>
  z
    .string({ error: `Ingresá ${label}` })
    .trim()
    .min(1, `Ingresá ${label}`)
    .max(max)

/**
 * A measure of the marketplace operator on a store or a product (issue 24): why, and since when.
 * The team sees it; customers see nothing of it (the store or product is simply gone for them).
 */
export const moderationNoticeSchema = z.object({ reason: z.string(), since: z.string() })
export type ModerationNotice = z.infer<typeof moderationNoticeSchema>

/** Seller's view of a store (issue 5 names: name, handle, address, location, isOpen, openingHours). */
export const adminStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  description: z.string(),
  category: storeCategorySchema,
  phone: z.string().nullable(),
  /** The shop's WhatsApp (E.164, decision 052): "Consultá por WhatsApp" for customers. */
  whatsapp: z.string().nullable().default(null),
  email: z.string().nullable(),
  address: postalAddressSchema,
  location: geoPointSchema,
  latitude: z.number(),
  longitude: z.number(),
  isOpen: z.boolean(),
  /** The point is a guess (first store made from a merchant application): confirm it on the map. */
  locationPending: z.boolean(),
  openingHours: openingHoursSchema,
  closures: storeClosuresSchema,
  openOnHolidays: z.boolean(),
  /** Whether customers can order now (switch, hours, closures, holidays: issue 26). */
  openNow: z.boolean(),
  closesAt: z.string().nullable(),
  nextOpening: z.string().nullable(),
  deliveryTypes: z.array(deliveryTypeSchema),
  deliveryRadiusKm: z.number(),
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  status: z.enum(['active', 'archived']),
  /** Suspended by Barrio's operator (issue 24): hidden from customers, no orders; else null. */
  suspension: moderationNoticeSchema.nullable().default(null),
  /** The signed-in user's role in this store (decision 029): what the back office lets them do. */
  role: z.enum(STORE_ROLES),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminStore = z.infer<typeof adminStoreSchema>
export const adminStorePageSchema = pageOf(adminStoreSchema)
export const adminStoreListQuerySchema = paginationQuery(PAGE_SIZES.adminStores)

export const adminStoreInputSchema = z
  .object({
    name: required('el nombre del comercio', 120),
    handle: handleSchema,
    description: z.string().trim().max(2000).default(''),
    category: storeCategorySchema.default('almacen'),
    phone: phoneSchema.nullish(),
    /**
     * The shop's WhatsApp as the seller types it ("341 555-0101"); the API stores it in E.164
     * (lib/phone.ts) or answers 400 INVALID naming `whatsapp`. Left out: the saved one stays.
     */
    whatsapp: z.string().trim().max(40, 'El número es demasiado largo').nullish(),
    email: z.email({ error: 'Ingresá un correo válido' }).trim().toLowerCase().nullish(),
    address: postalAddressInputSchema,
    /** The point, like every point sent to the API (common.ts); `location` is answer-only. */
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    isOpen: z.boolean().default(true),
    openingHours: openingHoursSchema.default({}),
    /** Left out: the saved closures stay (a form that predates them loses nothing). */
    closures: storeClosuresSchema.optional(),
    /** Argentine national holidays close the store unless this is on (default off). */
    openOnHolidays: z.boolean().optional(),
    deliveryTypes: z
      .array(z.enum(DELIVERY_TYPES))
      .min(1, 'Elegí al menos una forma de entrega')
      .default(['pickup']),
    /** The URLs POST /admin/stores/{id}/images answered (the web never types one). */
    logoUrl: imageUrlInputSchema,
    coverUrl: imageUrlInputSchema,
  })
  .strict()
export type AdminStoreInput = z.infer<typeof adminStoreInputSchema>

export const toggleOpenInputSchema = z.object({
  isOpen: z.boolean({ error: 'Indicá si el comercio está abierto' }),
})
