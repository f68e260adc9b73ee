import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  couponInputSchema,
  couponListQuerySchema,
  couponPageSchema,
  couponSchema,
} from '@barrio/contracts/coupons'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const tags = ['admin: coupons']
const idParams = z.object({ id: z.uuid({ error: 'El id del cupón no es válido' }) })

/** /api/v1/admin/coupons: the selected store's coupons (a discount is a price: `prices`). */
export const adminCouponsRoutes: FastifyPluginAsyncZod = async function adminCouponsRoutes(app) {
  const svc = app.couponsService
  app.addHook('onRequest', app.requireStore)
  const config = { permission: 'prices' } as const

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        querystring: couponListQuerySchema,
        response: { 200: couponPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => svc.list(request.store!.id, request.query),
  )
  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        body: couponInputSchema,
        response: { 201: couponSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await svc.create(request.store!.id, request.body)),
  )
  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: { 200: couponSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => svc.get(request.store!.id, request.params.id),
  )
  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: couponInputSchema,
        response: { 200: couponSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => svc.update(request.store!.id, request.params.id, request.body),
  )
  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await svc.remove(request.store!.id, request.params.id)
      return reply.code(204).send(null)
    },
  )
}
