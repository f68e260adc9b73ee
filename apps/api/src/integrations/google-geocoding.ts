import axios, { type AxiosInstance } from 'axios'
import { z } from 'zod'

/**
 * Google's Geocoding API (GET <base>?address=…&components=country:AR&language=es&key=…), used
 * instead of georef when the server has a key. Only street-level answers count as a door
 * (`ROOFTOP`, `RANGE_INTERPOLATED`); a route or locality centre is no better than our gazetteer.
 */
const componentSchema = z.object({ long_name: z.string(), types: z.array(z.string()) })
const answerSchema = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        formatted_address: z.string(),
        address_components: z.array(componentSchema).default([]),
        geometry: z.object({
          location: z.object({ lat: z.number(), lng: z.number() }),
          location_type: z.string().optional(),
        }),
      }),
    )
    .default([]),
})

export type GoogleDoor = {
  street: string
  number: string
  latitude: number
  longitude: number
}

export type GoogleGeocoder = {
  findDoors(address: string): Promise<GoogleDoor[]>
}

const DOOR_PRECISION = new Set(['ROOFTOP', 'RANGE_INTERPOLATED'])

export function createGoogleGeocoder({
  baseUrl,
  apiKey,
  timeoutMs,
}: {
  baseUrl: string
  apiKey: string
  timeoutMs: number
}): GoogleGeocoder {
  const http: AxiosInstance = axios.create({ timeout: timeoutMs })
  return {
    async findDoors(address) {
      const { data } = await http.get<unknown>(baseUrl, {
        params: { address, components: 'country:AR', language: 'es', key: apiKey },
      })
      const answer = answerSchema.parse(data)
      if (answer.status === 'ZERO_RESULTS') return []
      if (answer.status !== 'OK') throw new Error(`Google geocoding answered ${answer.status}`)
      return answer.results.flatMap((result) => {
        const component = (type: string) =>
          result.address_components.find((c) => c.types.includes(type))?.long_name
        const street = component('route')
        const number = component('street_number')
        const precise = DOOR_PRECISION.has(result.geometry.location_type ?? '')
        if (!street || !number || !precise) return []
        return [
          {
            street,
            number,
            latitude: result.geometry.location.lat,
            longitude: result.geometry.location.lng,
          },
        ]
      })
    },
  }
}
