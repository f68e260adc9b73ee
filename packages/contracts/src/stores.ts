import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { deliveryTypeSchema } from './enums.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { provinceCodeSchema } from './provinces.ts'

export const geoPointSchema = z.object({
  type: z.literal('Point'),
  /** GeoJSON order: [longitude, latitude]. */
  coordinates: z.tuple([z.number(), z.number()]),
})

export const openingHoursSchema = z.partialRecord(
  z.enum(['0', '1', '2', '3', '4', '5', '6']),
  z.array(z.tuple([z.string().regex(/^\d{2}:\d{2}$/), z.string().regex(/^\d{2}:\d{2}$/)])),
)

export const storeAddressSchema = z.object({
  street: z.string(),
  number: z.string(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  province: provinceCodeSchema,
  provinceName: z.string(),
  postalCode: z.string().nullable(),
})

/** Spec section 3: Store, as customers see it. */
export const storeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  description: z.string(),
  category: z.string(),
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
})
export type Store = z.infer<typeof storeSchema>
export const storePageSchema = pageOf(storeSchema)

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max)
export const storeListQuerySchema = paginationQuery(PAGE_SIZES.stores).extend({
  lat: coordinate(-90, 90).optional(),
  lng: coordinate(-180, 180).optional(),
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

export const LOCATION_REQUIRED = {
  products: 'Latitude and Longitude are required to fetch products by location',
  stores: 'Latitude and Longitude are required to fetch stores by location',
} as const
