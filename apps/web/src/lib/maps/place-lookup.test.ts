import type { PlaceResult } from '@barrio/contracts/geo'
import { describe, expect, test, vi } from 'vitest'

import { http } from '@/lib/http/client'
import type { GoogleMapsApi, GooglePlace, GooglePlacesService } from '@/lib/maps/google-maps-loader'
import {
  candidatesOrThrow,
  createGooglePlaceLookup,
  createPlaceLookup,
  PLACE_FIELDS,
  PlaceLookupError,
  resultOrThrow,
} from '@/lib/maps/place-lookup'
import { createFakeAdapter, routeAdapter } from '@/testing/fake-adapter'

const palermo: PlaceResult = {
  formatted_address: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
  geometry: { location: { lat: -34.5739, lng: -58.4224 } },
  name: 'Palermo',
  place_id: 'builtin:c:palermo',
}

function googlePlace(place: PlaceResult): GooglePlace {
  return {
    formatted_address: place.formatted_address,
    name: place.name,
    place_id: place.place_id,
    geometry: {
      location: {
        lat: () => place.geometry.location.lat,
        lng: () => place.geometry.location.lng,
      },
    },
  }
}

/** A stand-in for google.maps.places.PlacesService that answers what each test says. */
function fakeGoogle(
  answer: {
    find?: (request: { query: string }) => [GooglePlace[] | null, string] | null
    details?: (request: { placeId: string }) => [GooglePlace | null, string] | null
  } = {},
) {
  const requests: unknown[] = []
  const service: GooglePlacesService = {
    findPlaceFromQuery(request, callback) {
      requests.push(request)
      const reply = answer.find?.(request)
      if (reply) callback(...reply)
    },
    getDetails(request, callback) {
      requests.push(request)
      const reply = answer.details?.(request)
      if (reply) callback(...reply)
    },
  }
  const maps: GoogleMapsApi = {
    places: {
      PlacesService: class {
        constructor() {
          return service
        }
      } as unknown as GoogleMapsApi['places']['PlacesService'],
    },
  }
  const lookup = createGooglePlaceLookup({
    loadMaps: () => Promise.resolve(maps),
    createContainer: () => document.createElement('div'),
  })
  return { lookup, requests }
}

describe('the place lookup rule (spec section 5)', () => {
  test('ZERO_RESULTS fails with "No results found" (HTTP equivalent 200)', () => {
    let caught: unknown
    try {
      candidatesOrThrow({ status: 'ZERO_RESULTS', candidates: [] })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(PlaceLookupError)
    expect((caught as PlaceLookupError).message).toBe('No results found')
    expect((caught as PlaceLookupError).statusCode).toBe(200)
  })

  test('an OK status without candidates also fails with "No results found"', () => {
    expect(() => candidatesOrThrow({ status: 'OK', candidates: [] })).toThrow('No results found')
    expect(candidatesOrThrow({ status: 'OK', candidates: [palermo] })).toEqual([palermo])
  })

  test.each([
    ['REQUEST_DENIED', 403],
    ['OVER_QUERY_LIMIT', 429],
    ['INVALID_REQUEST', 400],
    ['NOT_FOUND', 404],
    ['UNKNOWN_ERROR', 500],
  ] as const)('a %s status fails with the HTTP code %i', (status, code) => {
    expect(() => resultOrThrow({ status })).toThrow(
      expect.objectContaining({ message: 'No results found', statusCode: code, status }),
    )
  })
})

describe('Google Places (with a key), through a fake service', () => {
  test('find place from text asks for the four fields in Spanish and returns plain numbers', async () => {
    const { lookup, requests } = fakeGoogle({ find: () => [[googlePlace(palermo)], 'OK'] })
    await expect(lookup.findPlace('Palermo')).resolves.toEqual([palermo])
    expect(requests[0]).toEqual({ query: 'Palermo', fields: PLACE_FIELDS, language: 'es' })
    expect(PLACE_FIELDS).toEqual(['formatted_address', 'geometry', 'name', 'place_id'])
  })

  test('ZERO_RESULTS and an empty OK answer both fail with "No results found"', async () => {
    const zero = fakeGoogle({ find: () => [null, 'ZERO_RESULTS'] })
    await expect(zero.lookup.findPlace('Atlántida')).rejects.toThrow('No results found')
    const empty = fakeGoogle({ find: () => [[], 'OK'] })
    await expect(empty.lookup.findPlace('Atlántida')).rejects.toThrow('No results found')
  })

  test('a Google status maps to its HTTP code', async () => {
    const { lookup } = fakeGoogle({ find: () => [null, 'OVER_QUERY_LIMIT'] })
    await expect(lookup.findPlace('Palermo')).rejects.toMatchObject({
      message: 'No results found',
      status: 'OVER_QUERY_LIMIT',
      statusCode: 429,
    })
  })

  test('place details by place_id, and a missing result fails', async () => {
    const { lookup, requests } = fakeGoogle({
      details: ({ placeId }) =>
        placeId === palermo.place_id ? [googlePlace(palermo), 'OK'] : [null, 'NOT_FOUND'],
    })
    await expect(lookup.getPlaceDetails(palermo.place_id)).resolves.toEqual(palermo)
    expect(requests[0]).toMatchObject({ placeId: palermo.place_id, language: 'es' })
    await expect(lookup.getPlaceDetails('nope')).rejects.toMatchObject({
      message: 'No results found',
      statusCode: 404,
    })
  })

  test('a lookup that takes longer than 1000 ms fails', async () => {
    vi.useFakeTimers()
    const { lookup } = fakeGoogle({ find: () => null })
    const pending = lookup.findPlace('Palermo')
    const outcome = expect(pending).rejects.toMatchObject({ statusCode: 504 })
    await vi.advanceTimersByTimeAsync(999)
    let settled = false
    void pending.catch(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await outcome
  })
})

describe('without a Google key: the API gazetteer', () => {
  test('GET /geo/places answers in the same shape, and no Google script is loaded', async () => {
    const adapter = routeAdapter({
      'GET /geo/places': { status: 200, data: { candidates: [palermo], status: 'OK' } },
    })
    http.defaults.adapter = adapter
    const loadMaps = vi.fn()
    const lookup = createPlaceLookup({ googleMapsKey: '', loadMaps })

    await expect(lookup.findPlace('Palermo')).resolves.toEqual([palermo])
    expect(adapter.calls[0]?.url).toBe('/geo/places')
    expect(loadMaps).not.toHaveBeenCalled()
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBeNull()
  })

  test('the query carries input and limit 5', async () => {
    let params: unknown
    http.defaults.adapter = createFakeAdapter(({ config }) => {
      params = config.params
      return { status: 200, data: { candidates: [palermo], status: 'OK' } }
    })
    await createPlaceLookup({ googleMapsKey: '' }).findPlace('Palermo')
    expect(params).toEqual({ input: 'Palermo', limit: 5 })
  })

  test('ZERO_RESULTS and an empty candidate list fail with "No results found"', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /geo/places': { status: 200, data: { candidates: [], status: 'ZERO_RESULTS' } },
    })
    const lookup = createPlaceLookup({ googleMapsKey: '' })
    await expect(lookup.findPlace('zzzz')).rejects.toThrow('No results found')

    http.defaults.adapter = routeAdapter({
      'GET /geo/places': { status: 200, data: { candidates: [], status: 'OK' } },
    })
    await expect(lookup.findPlace('zzzz')).rejects.toThrow('No results found')
  })

  test('GET /geo/places/{placeId}: the result, or "No results found" for NOT_FOUND', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /geo/places/builtin%3Ac%3Apalermo': {
        status: 200,
        data: { result: palermo, status: 'OK' },
      },
      'GET /geo/places/nope': { status: 200, data: { status: 'NOT_FOUND' } },
    })
    const lookup = createPlaceLookup({ googleMapsKey: '' })
    await expect(lookup.getPlaceDetails('builtin:c:palermo')).resolves.toEqual(palermo)
    await expect(lookup.getPlaceDetails('nope')).rejects.toMatchObject({
      message: 'No results found',
      statusCode: 404,
    })
  })
})
