import { z } from 'zod'

/**
 * Spec section 3: place lookup result, in the shape of Google Places "find place from text" and
 * "place details", which the API's own geocoder also answers.
 */
export const placeResultSchema = z.object({
  formatted_address: z.string(),
  geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
  name: z.string(),
  place_id: z.string(),
})
export type PlaceResult = z.infer<typeof placeResultSchema>

/** Google's status values (spec section 8) and their HTTP equivalents. */
export const MAPS_STATUS_HTTP = {
  OK: 200,
  ZERO_RESULTS: 200,
  INVALID_REQUEST: 400,
  MAX_WAYPOINTS_EXCEEDED: 400,
  MAX_ROUTE_LENGTH_EXCEEDED: 400,
  REQUEST_DENIED: 403,
  NOT_FOUND: 404,
  OVER_DAILY_LIMIT: 429,
  OVER_QUERY_LIMIT: 429,
  UNKNOWN_ERROR: 500,
} as const
export type MapsStatus = keyof typeof MAPS_STATUS_HTTP
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
export const NO_RESULTS_MESSAGE = 'No results found'
