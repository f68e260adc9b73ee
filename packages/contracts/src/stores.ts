import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { calendarDaySchema } from './dates.ts'
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

const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'Usá el formato HH:MM')
/** A range's end may be "24:00" (midnight); an end at or before the start runs past midnight. */
const closingTime = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Usá el formato HH:MM')

/** Per weekday (0 = Sunday), a list of [open, close] ranges in Buenos Aires time (issue 26). */
export const openingHoursSchema = z.partialRecord(
  z.enum(['0', '1', '2', '3', '4', '5', '6']),
  z
    .array(
      z.tuple([clockTime, closingTime]).refine(([open, close]) => open !== close, {
        message: 'El horario de apertura y el de cierre no pueden ser iguales',
      }),
    )
    .max(6, 'Hasta 6 franjas por día'),
)
export type OpeningHours = z.infer<typeof openingHoursSchema>

const calendarDay = calendarDaySchema('Ingresá una fecha (AAAA-MM-DD)')

/**
 * A period the store is closed whatever its hours say (vacations, "cerrado por inventario"):
 * Buenos Aires calendar days, both inclusive (issue 26, decision 039).
 */
export const storeClosureSchema = z
  .object({
    from: calendarDay,
    to: calendarDay,
    reason: z.string().trim().max(120, 'Hasta 120 caracteres').default(''),
  })
  .strict()
  .refine((c) => c.from <= c.to, {
    path: ['to'],
    message: 'La fecha de fin no puede ser anterior a la de inicio',
  })
export type StoreClosure = z.infer<typeof storeClosureSchema>
export const storeClosuresSchema = z.array(storeClosureSchema).max(50, 'Hasta 50 cierres')

/** How long an ASAP order takes now (issue 26): delivery at the asked point, else pickup. */
export const etaMinutesSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
  deliveryType: z.enum(['pickup', 'delivery']),
})
export type EtaMinutes = z.infer<typeof etaMinutesSchema>

/** Store time as every customer answer carries it (issue 26, decision 039). */
export const storeTimeShape = {
  /** The switch is on and now is inside today's hours, outside closures and holidays. */
  openNow: z.boolean(),
  /** When open now: when this open stretch ends (null: not within two weeks). */
  closesAt: z.string().nullable(),
  /** When closed by its schedule: the next opening (null when paused by the seller). */
  nextOpening: z.string().nullable(),
  /** Only when open now. */
  etaMinutes: etaMinutesSchema.nullable(),
  /** The closure covering today in Buenos Aires, as the server's clock says (its reason is shown). */
  closure: z.object({ from: z.string(), to: z.string(), reason: z.string() }).nullable(),
}

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
  /** The shop's WhatsApp in E.164 (decision 052), for "Consultá por WhatsApp"; null: none. */
  whatsapp: z.string().nullable().default(null),
  email: z.string().nullable(),
  address: storeAddressSchema,
  location: geoPointSchema,
  latitude: z.number(),
  longitude: z.number(),
  isOpen: z.boolean(),
  openingHours: openingHoursSchema,
  closures: storeClosuresSchema,
  openOnHolidays: z.boolean(),
  ...storeTimeShape,
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
    /** Shops whose name, category or description match (the search engine, issue 25). */
    q: z.string().trim().max(100).optional(),
  })

export const storeSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  isOpen: z.boolean(),
  /** By its switch, hours, closures and holidays (issue 26), as the store answers say. */
  openNow: z.boolean(),
  logoUrl: z.string().nullable(),
  /** The shop's WhatsApp (E.164), for "Consultá por WhatsApp" on a product (decision 052). */
  whatsapp: z.string().nullable().default(null),
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
