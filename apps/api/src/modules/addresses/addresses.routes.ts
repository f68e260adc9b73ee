import {
  addressInputSchema,
  addressListQuerySchema,
  addressPageSchema,
  addressSchema,
} from '@barrio/contracts/addresses'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ownerOf } from './addresses.service.ts'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const tags = ['addresses']
const idParams = z.object({ id: z.uuid({ error: 'El id de la dirección no es válido' }) })
const owner = (request: FastifyRequest) => ownerOf(request.user?.id ?? null, request.ctx.deviceId)

/** /api/v1/addresses: the caller's addresses, as a signed-in user or by x-device-id. */
export const addressesRoutes: FastifyPluginAsyncZod = async function addressesRoutes(app) {
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: addressListQuerySchema,
        response: { 200: addressPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.addressesService.list(owner(request), request.query),
  )
  app.post(
    '/',
    {
      schema: {
        tags,
        body: addressInputSchema,
        response: { 201: addressSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.addressesService.create(owner(request), request.body)),
  )
  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: addressSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.addressesService.get(owner(request), request.params.id),
  )
  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: addressInputSchema,
        response: { 200: addressSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.addressesService.update(owner(request), request.params.id, request.body),
  )
  app.put(
    '/:id/default',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: addressSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.addressesService.setDefault(owner(request), request.params.id),
  )
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await app.addressesService.remove(owner(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
