import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { deliveryTypeSchema } from './enums.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import {
  geoJsonPointSchema,
  moneySchema,
  pointQuerySchema,
  postalAddressSchema,
  provinceCodeSchema,
  storeCategorySchema,
} from './common.ts'

/** Spec section 3: a store's `location` (GeoJSON, [longitude, latitude]), mirroring latitude/longitude. */
export const geoPointSchema = geoJsonPointSchema

export const openingHoursSchema = z.partialRecord(
  z.enum(['0', '1', '2', '3', '4', '5', '6']),
  z.array(z.tuple([z.string().regex(/^\d{2}:\d{2}$/), z.string().regex(/^\d{2}:\d{2}$/)])),
)

/** A store's address: the common postal address. */
export const storeAddressSchema = postalAddressSchema

/**
 * What ordering costs at a shop, from its logistics settings, so that a customer sees it on the
 * shop's card and page rather than first at checkout (issue 30). Amounts in centavos.
 */
export const storeTermsSchema = z.object({
  /** Local delivery, when the shop offers it (in location queries: to the asked point). */
  delivery: z
    .object({
      /** The fee at the answer's distance when it has one, else the lowest of the shop's bands. */
      fee: moneySchema,
      /** The fee depends on the distance and the answer has none: show it as "desde". */
      feeVaries: z.boolean(),
      /** Free delivery from this subtotal. */
      freeFrom: moneySchema.nullable(),
      /** The smallest subtotal the shop delivers. */
      minOrder: moneySchema.nullable(),
    })
    .nullable(),
  /** Shipping, when the shop ships somewhere: its lowest fee, and whether other provinces pay more. */
  shipping: z
    .object({
      fee: moneySchema,
      feeVaries: z.boolean(),
    })
    .nullable(),
})
export type StoreTerms = z.infer<typeof storeTermsSchema>

/** Spec section 3: Store, as customers see it. */
export const storeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  description: z.string(),
  category: storeCategorySchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: storeAddressSchema,
  location: geoPointSchema,
  latitude: z.number(),
  longitude: z.number(),
  isOpen: z.boolean(),
  openingHours: openingHoursSchema,
  deliveryTypes: z.array(deliveryTypeSchema),
  deliveryRadiusKm: z.number(),
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** Only in location queries: haversine km from the asked point, rounded to 0.01. */
  distanceKm: z.number().optional(),
  /** Delivery fee, minimum order and shipping fee (issue 30); the catalogue's answers carry it. */
  terms: storeTermsSchema.optional(),
})
export type Store = z.infer<typeof storeSchema>
export const storePageSchema = pageOf(storeSchema)

export const storeListQuerySchema = paginationQuery(PAGE_SIZES.stores)
  .extend(pointQuerySchema.shape)
  .extend({
    /**
     * Only the shops that ship to this province (issue 30: an address no local shop serves still
     * gets the shops that send to it), nearest first when a point is given. A point query without
     * it lists the shops that serve the point.
     */
    shipsTo: provinceCodeSchema.optional(),
  })

export const storeSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  isOpen: z.boolean(),
  logoUrl: z.string().nullable(),
  distanceKm: z.number().optional(),
})
export type StoreSummary = z.infer<typeof storeSummarySchema>

export const collectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  productCount: z.number().int(),
})
export type Collection = z.infer<typeof collectionSchema>

export { LOCATION_REQUIRED } from './constants.ts'
