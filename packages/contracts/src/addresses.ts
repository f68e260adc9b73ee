import { z } from 'zod'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import {
  latitudeSchema,
  longitudeSchema,
  optionalText,
  postalAddressInputSchema,
  postalAddressSchema,
} from './common.ts'

/**
 * How an address's point was found (decision 038): a geocoder located the door ('georef',
 * 'google'), the customer placed the pin ('pin'), or only the locality is known ('locality': its
 * centre, approximate — no delivery to it until the pin is moved to the door).
 */
export const GEOCODED_BY = ['georef', 'google', 'pin', 'locality'] as const
export const geocodedBySchema = z.enum(GEOCODED_BY)
export type GeocodedBy = z.infer<typeof geocodedBySchema>

/**
 * A customer's address is a postal address (common.ts) plus where exactly and how to arrive.
 * The point is optional: without it the API locates the street and number (or, failing that, the
 * locality) and says how in `geocodedBy`. A point sent without `geocodedBy` is the client's own
 * ('pin').
 */
export const addressInputSchema = postalAddressInputSchema
  .extend({
    label: optionalText(40),
    notes: optionalText(300),
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
    geocodedBy: geocodedBySchema.optional(),
    placeId: z.string().max(200).nullish(),
    isDefault: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    // Both halves of the point or neither: half a point is a typo, not "locate it for me".
    const missing =
      input.latitude === undefined && input.longitude !== undefined
        ? 'latitude'
        : input.longitude === undefined && input.latitude !== undefined
          ? 'longitude'
          : null
    if (missing)
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Elegí el punto en el mapa' })
  })
export type AddressInput = z.infer<typeof addressInputSchema>

/** Spec section 3: Address (_id, latitude, longitude, default flag) plus what Argentina needs. */
export const addressSchema = postalAddressSchema.extend({
  _id: z.string(),
  label: z.string().nullable(),
  notes: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  placeId: z.string().nullable(),
  geocodedBy: geocodedBySchema,
  /** The point is the locality's centre: the customer must move the pin to the door. */
  approximate: z.boolean(),
  isDefault: z.boolean(),
  formattedAddress: z.string(),
  createdAt: z.string(),
})
export type Address = z.infer<typeof addressSchema>
export const addressPageSchema = pageOf(addressSchema)
export const addressListQuerySchema = paginationQuery(PAGE_SIZES.addresses)

export { NO_OWNER_MESSAGE } from './constants.ts'
