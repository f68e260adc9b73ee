import {
  adminCollectionInputSchema,
  adminCollectionListQuerySchema,
  adminCollectionPageSchema,
  adminCollectionSchema,
} from '@barrio/contracts/admin-collections'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id de la colección no es válido' }) })

/** /api/v1/admin/collections, scoped to the store named by x-store-id. */
export const adminCollectionsRoutes: FastifyPluginAsyncZod = async function adminCollectionsRoutes(
  app,
) {
  const tags = ['admin: collections']
  app.addHook('onRequest', app.requireStore)
  app.get(
    '/',
    {
      config: { permission: 'stock' },
      schema: {
        tags,
        querystring: adminCollectionListQuerySchema,
        response: { 200: adminCollectionPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.collectionsService.list(request.store!.id, request.query),
  )
  app.post(
    '/',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        body: adminCollectionInputSchema,
        response: { 201: adminCollectionSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.collectionsService.create(request.store!.id, request.body)),
  )
  app.get(
    '/:id',
    {
      config: { permission: 'stock' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminCollectionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.collectionsService.get(request.store!.id, request.params.id),
  )
  app.put(
    '/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        params: idParams,
        body: adminCollectionInputSchema,
        response: { 200: adminCollectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.collectionsService.update(request.store!.id, request.params.id, request.body),
  )
  app.delete(
    '/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.collectionsService.remove(request.store!.id, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
