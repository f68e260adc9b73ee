import {
  findPlaceResponseSchema,
  NO_RESULTS_MESSAGE,
  type PlaceResult,
} from '@barrio/contracts/geo'

import { http } from '@/lib/http/client'

export const NO_PLACE_FOUND_MESSAGE =
  'No encontramos esa dirección. Revisá calle, altura y localidad, o cargá las coordenadas a mano.'

/** GET /geo/places?input= (public, same origin): the best candidate for an address text. */
export async function findPlace(input: string): Promise<PlaceResult> {
  const response = await http.get<unknown>('/geo/places', { params: { input } })
  const body = findPlaceResponseSchema.parse(response.data)
  const first = body.candidates[0]
  if (body.status !== 'OK' || !first) throw new Error(NO_RESULTS_MESSAGE)
  return first
}
