import {
  findPlaceQuerySchema,
  findPlaceResponseSchema,
  placeDetailsResponseSchema,
} from '@barrio/contracts/geo'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

const tags = ['geo']

/** Type-ahead sends a request per keystroke: generous, but bounded per client address. */
const LOOKUPS_PER_MINUTE = 300

const placeParamsSchema = z.object({ placeId: z.string().trim().min(1).max(200) })
const reverseQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
})

/**
 * /api/v1/geo: the built-in geocoder, answering in Google Places' shapes so that the web app can
 * use it and Google interchangeably. Like Google, "nothing found" is a status in a 200 answer
 * (ZERO_RESULTS, NOT_FOUND), not an HTTP error; malformed input is our standard 400.
 */
export const geoRoutes: FastifyPluginAsyncZod = async function geoRoutes(app) {
  const perIp = app.limit('geo-ip', {
    max: LOOKUPS_PER_MINUTE,
    windowMs: 60_000,
    key: (r) => r.ip,
  })

  app.get(
    '/places',
    {
      schema: {
        tags,
        summary: 'Buscar localidades y barrios por nombre (como Find Place de Google)',
        querystring: findPlaceQuerySchema,
        response: { 200: findPlaceResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: [perIp],
    },
    async (request) => app.geoService.findPlace(request.query.input, request.query.limit),
  )

  app.get(
    '/places/:placeId',
    {
      schema: {
        tags,
        summary: 'Detalle de un lugar por place_id (como Place Details de Google)',
        params: placeParamsSchema,
        response: { 200: placeDetailsResponseSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [perIp],
    },
    // An unknown id answers 200 { status: 'NOT_FOUND' } with no result, as Google does, rather
    // than an HTTP 404: clients branch on `status` for every geocoder answer.
    async (request) => app.geoService.placeDetails(request.params.placeId),
  )

  app.get(
    '/reverse',
    {
      schema: {
        tags,
        summary: 'La localidad o el barrio más cercano a un punto ("usar mi ubicación")',
        querystring: reverseQuerySchema,
        response: { 200: placeDetailsResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: [perIp],
    },
    async (request) => app.geoService.reverse(request.query.lat, request.query.lng),
  )
}
