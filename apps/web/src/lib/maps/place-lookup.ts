import {
  MAPS_CLIENT_TIMEOUT_MS,
  PLACE_LOOKUP_LANGUAGE,
  PLACE_LOOKUP_TIMEOUT_MS,
} from '@barrio/contracts/constants'
import { MAPS_STATUS_HTTP, NO_RESULTS_MESSAGE, type MapsStatus } from '@barrio/contracts/constants'
import type { FindPlaceResponse, PlaceDetailsResponse, PlaceResult } from '@barrio/contracts/geo'
import type { AxiosInstance } from 'axios'

import { env } from '@/config/env'
import { http } from '@/lib/http/client'
import {
  createGoogleMapsLoader,
  type GoogleMapsApi,
  type GooglePlace,
  type GooglePlacesService,
} from '@/lib/maps/google-maps-loader'

/** Spec section 3: the fields every lookup asks for. */
export const PLACE_FIELDS = ['formatted_address', 'geometry', 'name', 'place_id']
export const PLACE_LOOKUP_TIMEOUT_MESSAGE = 'Place lookup timed out'
export const PLACE_SEARCH_LIMIT = 5

/** A failed lookup: the Google status (null on a timeout) and its HTTP equivalent (spec section 8). */
export class PlaceLookupError extends Error {
  readonly status: MapsStatus | null
  readonly statusCode: number

  constructor(message: string, status: MapsStatus | null, statusCode?: number) {
    super(message)
    this.name = 'PlaceLookupError'
    this.status = status
    this.statusCode = statusCode ?? (status ? MAPS_STATUS_HTTP[status] : 500)
  }
}

export function isPlaceLookupError(error: unknown): error is PlaceLookupError {
  return error instanceof PlaceLookupError
}

/** True when the lookup worked but found nothing (as opposed to failing). */
export function isNoResultsError(error: unknown): boolean {
  return isPlaceLookupError(error) && error.message === NO_RESULTS_MESSAGE
}

/** Any status string Google may answer; unknown values count as UNKNOWN_ERROR. */
export function toMapsStatus(status: string): MapsStatus {
  return Object.hasOwn(MAPS_STATUS_HTTP, status) ? (status as MapsStatus) : 'UNKNOWN_ERROR'
}

/** Spec section 5: a non-OK status or no candidates fails with 'No results found'. */
export function candidatesOrThrow(response: {
  status: MapsStatus
  candidates: PlaceResult[]
}): PlaceResult[] {
  if (response.status !== 'OK' || response.candidates.length === 0) {
    throw new PlaceLookupError(NO_RESULTS_MESSAGE, response.status)
  }
  return response.candidates
}

/** The same rule for place details: a non-OK status or no result fails with 'No results found'. */
export function resultOrThrow(response: {
  status: MapsStatus
  result?: PlaceResult | null
}): PlaceResult {
  if (response.status !== 'OK' || !response.result) {
    throw new PlaceLookupError(NO_RESULTS_MESSAGE, response.status)
  }
  return response.result
}

/** Rejects with a timeout error when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new PlaceLookupError(PLACE_LOOKUP_TIMEOUT_MESSAGE, null, 504)),
      ms,
    )
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** Google's objects (LatLng with lat()/lng()) in the plain shape of contracts/geo.ts. */
export function fromGooglePlace(place: GooglePlace): PlaceResult | null {
  const location = place.geometry?.location
  if (!location || !place.place_id) return null
  const name = place.name ?? place.formatted_address ?? ''
  return {
    formatted_address: place.formatted_address ?? name,
    geometry: { location: { lat: location.lat(), lng: location.lng() } },
    name,
    place_id: place.place_id,
  }
}

export type PlaceLookup = {
  /** "Find place from text": the candidates, or PlaceLookupError('No results found'). */
  findPlace(input: string): Promise<PlaceResult[]>
  /** "Place details" by place_id. */
  getPlaceDetails(placeId: string): Promise<PlaceResult>
}

/** Google Places (find place from text, place details), language es, 1000 ms per lookup. */
export function createGooglePlaceLookup({
  loadMaps,
  timeoutMs = PLACE_LOOKUP_TIMEOUT_MS,
  language = PLACE_LOOKUP_LANGUAGE,
  createContainer = () => document.createElement('div'),
}: {
  loadMaps: () => Promise<GoogleMapsApi>
  timeoutMs?: number
  language?: string
  createContainer?: () => HTMLElement
}): PlaceLookup {
  let service: GooglePlacesService | null = null
  async function getService(): Promise<GooglePlacesService> {
    const maps = await loadMaps()
    service ??= new maps.places.PlacesService(createContainer())
    return service
  }

  return {
    async findPlace(input) {
      const places = await getService()
      const lookup = new Promise<PlaceResult[]>((resolve, reject) => {
        places.findPlaceFromQuery(
          { query: input, fields: PLACE_FIELDS, language },
          (results, status) => {
            try {
              const candidates = (results ?? [])
                .map(fromGooglePlace)
                .filter((p): p is PlaceResult => p !== null)
              resolve(candidatesOrThrow({ status: toMapsStatus(status), candidates }))
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)))
            }
          },
        )
      })
      return withTimeout(lookup, timeoutMs)
    },

    async getPlaceDetails(placeId) {
      const places = await getService()
      const lookup = new Promise<PlaceResult>((resolve, reject) => {
        places.getDetails({ placeId, fields: PLACE_FIELDS, language }, (result, status) => {
          try {
            const place = result ? fromGooglePlace(result) : null
            resolve(resultOrThrow({ status: toMapsStatus(status), result: place }))
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
      })
      return withTimeout(lookup, timeoutMs)
    },
  }
}

/**
 * Without a Google key: the API's own gazetteer (GET /geo/places, GET /geo/places/{placeId}),
 * which answers in Google's shapes, so the same 'No results found' rule applies. The API is a
 * normal request through the app's client, so it gets the maps client timeout (spec section 9).
 */
export function createApiPlaceLookup(
  client: AxiosInstance = http,
  timeoutMs = MAPS_CLIENT_TIMEOUT_MS,
): PlaceLookup {
  return {
    async findPlace(input) {
      const response = await client.get<FindPlaceResponse>('/geo/places', {
        params: { input, limit: PLACE_SEARCH_LIMIT },
        timeout: timeoutMs,
      })
      return candidatesOrThrow(response.data)
    },
    async getPlaceDetails(placeId) {
      const response = await client.get<PlaceDetailsResponse>(
        `/geo/places/${encodeURIComponent(placeId)}`,
        {
          timeout: timeoutMs,
        },
      )
      return resultOrThrow(response.data)
    },
  }
}

/** Google when a key is configured (VITE_GOOGLE_MAPS_KEY), the API otherwise. */
export function createPlaceLookup({
  googleMapsKey,
  loadMaps = createGoogleMapsLoader({ apiKey: googleMapsKey }),
}: {
  googleMapsKey: string
  loadMaps?: () => Promise<GoogleMapsApi>
}): PlaceLookup {
  if (!googleMapsKey) return createApiPlaceLookup()
  return createGooglePlaceLookup({ loadMaps })
}

let appMapsLoader: (() => Promise<GoogleMapsApi>) | null = null
let appPlaceLookup: PlaceLookup | null = null

function getAppMapsLoader(): () => Promise<GoogleMapsApi> {
  appMapsLoader ??= createGoogleMapsLoader({ apiKey: env.GOOGLE_MAPS_KEY })
  return appMapsLoader
}

/** The app's place lookup (one per page load, so the Google script loads once). */
export function getPlaceLookup(): PlaceLookup {
  appPlaceLookup ??= createPlaceLookup({
    googleMapsKey: env.GOOGLE_MAPS_KEY,
    loadMaps: () => getAppMapsLoader()(),
  })
  return appPlaceLookup
}

/**
 * Spec section 4: the maps service is initialised at start. With a Google key the script starts
 * loading now (a failure is only logged; lookups try again); without one there is nothing to load.
 */
export async function initMapsService(): Promise<void> {
  if (!env.GOOGLE_MAPS_KEY) return
  try {
    await getAppMapsLoader()()
  } catch (error) {
    console.error('No se pudo iniciar Google Maps.', error)
  }
}
