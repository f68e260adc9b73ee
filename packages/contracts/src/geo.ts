import { z } from 'zod'
import { MAPS_STATUS_HTTP, type MapsStatus } from './constants.ts'

/** A point on the map, in degrees (WGS 84). */
export type GeoPoint = { lat: number; lng: number }

/**
 * Spec section 3: place lookup result, in the shape of Google Places "find place from text" and
 * "place details", which the API's own geocoder also answers.
 */
export const placeResultSchema = z.object({
  formatted_address: z.string(),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  name: z.string(),
  place_id: z.string(),
  /**
   * Barrio's extension (Google answers without it): 'georef' or 'google' when the result is a
   * door located by the API's address geocoder, 'locality' for a barrio or town (decision 038).
   */
  geocoded_by: z.enum(['georef', 'google', 'locality']).optional(),
  /**
   * Barrio's extension: the barrio and the city it belongs to, apart ("Pichincha" in "Rosario"),
   * so forms with both lines fill each; a town is its own city with no barrio.
   */
  locality: z.object({ neighbourhood: z.string().nullable(), city: z.string() }).optional(),
})
export type PlaceResult = z.infer<typeof placeResultSchema>

export { MAPS_STATUS_HTTP, NO_RESULTS_MESSAGE, type MapsStatus } from './constants.ts'
export const mapsStatusSchema = z.enum(
  Object.keys(MAPS_STATUS_HTTP) as [MapsStatus, ...MapsStatus[]],
)

export const findPlaceResponseSchema = z.object({
  candidates: z.array(placeResultSchema),
  status: mapsStatusSchema,
})
export type FindPlaceResponse = z.infer<typeof findPlaceResponseSchema>

export const placeDetailsResponseSchema = z.object({
  result: placeResultSchema.optional(),
  status: mapsStatusSchema,
})
export type PlaceDetailsResponse = z.infer<typeof placeDetailsResponseSchema>

export const findPlaceQuerySchema = z.object({
  input: z.string().trim().min(2, 'Escribí al menos 2 letras').max(200),
  limit: z.coerce.number().int().min(1).max(10).default(5),
})

/** Geolocation failure reasons (spec section 8). */
export const GEOLOCATION_FAILURE_REASONS = [
  'dailyLimitExceeded',
  'keyInvalid',
  'userRateLimitExceeded',
  'notFound',
  'parseError',
] as const
