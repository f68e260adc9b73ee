import {
  productListQuerySchema,
  productLookupQuerySchema,
  productPageSchema,
  productSchema,
} from '@barrio/contracts/products'
import {
  collectionSchema,
  storeListQuerySchema,
  storePageSchema,
  storeSchema,
} from '@barrio/contracts/stores'
import { pointQuerySchema } from '@barrio/contracts/common'
import {
  searchQuerySchema,
  searchResultSchema,
  suggestQuerySchema,
  suggestResultSchema,
} from '@barrio/contracts/search'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'
import type { JsonBody } from './catalog.service.ts'

/**
 * Sends an answer the service serialized (and validated against the same schema) itself: nearby
 * answers are cached as JSON text, so a cache hit does no serialization at all. A string payload
 * with a JSON content type skips Fastify's serializer.
 */
function sendJson(reply: FastifyReply, body: JsonBody) {
  return reply.type('application/json; charset=utf-8').send(body.json)
}

const idOrHandle = z.object({ idOrHandle: z.string().trim().min(1).max(100) })

/** /api/v1/stores: shops, nearest first when lat/lng are given (no sign-in needed). */
export const storesRoutes: FastifyPluginAsyncZod = async function storesRoutes(app) {
  const tags = ['stores']
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: storeListQuerySchema,
        response: { 200: storePageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendJson(reply, await app.catalogService.listStores(request.query)),
  )
  app.get(
    '/:idOrHandle',
    {
      schema: {
        tags,
        params: idOrHandle,
        /** The customer's point: distance, delivery terms and ETA there (issue 26). */
        querystring: pointQuerySchema,
        response: { 200: storeSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => app.catalogService.getStore(request.params.idOrHandle, request.query),
  )
  app.get(
    '/:idOrHandle/collections',
    {
      schema: {
        tags,
        params: idOrHandle,
        response: { 200: z.array(collectionSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => app.catalogService.storeCollections(request.params.idOrHandle),
  )
}

/** /api/v1/products: active products of the shops that serve a point, or of one shop. */
export const productsRoutes: FastifyPluginAsyncZod = async function productsRoutes(app) {
  const tags = ['products']
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendJson(reply, await app.catalogService.listProducts(request.query)),
  )
  app.get(
    '/:idOrHandle',
    {
      schema: {
        tags,
        params: idOrHandle,
        querystring: productLookupQuerySchema,
        response: { 200: productSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      app.catalogService.getProduct(request.params.idOrHandle, request.query.shopId),
  )
}

/** /api/v1/search: products and shops near a point that match a text (issue 25, decision 042). */
export const searchRoutes: FastifyPluginAsyncZod = async function searchRoutes(app) {
  const tags = ['search']
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendJson(reply, await app.catalogService.search(request.query)),
  )
  app.get(
    '/suggest',
    {
      schema: {
        tags,
        querystring: suggestQuerySchema,
        response: { 200: suggestResultSchema, ...errorResponses(400) },
      },
    },
    async (request) => app.catalogService.suggest(request.query),
  )
}
