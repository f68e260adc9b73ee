import {
  changeCheckoutAddressInputSchema,
  checkoutRefSchema,
  checkoutSlotsQuerySchema,
  checkoutSlotsSchema,
  checkoutSummarySchema,
  confirmConflictSchema,
  createCheckoutInputSchema,
  reviewInputSchema,
} from '@barrio/contracts/checkout'
import { confirmResponseSchema } from '@barrio/contracts/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id del checkout no es válido' }) })

/** /api/v1/checkout: needs a signed-in customer (the web app opens the login modal otherwise). */
export const checkoutRoutes: FastifyPluginAsyncZod = async function checkoutRoutes(app) {
  const tags = ['checkout']
  app.addHook('onRequest', app.requireUser)
  app.post(
    '/',
    {
      schema: {
        tags,
        body: createCheckoutInputSchema,
        response: { 201: checkoutRefSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.checkoutService.create(request.user!, request.body)),
  )
  app.get(
    '/:id/init',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: checkoutSummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.checkoutService.summary(request.user!, request.params.id),
  )
  app.get(
    '/:id/review',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: checkoutSummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.checkoutService.review(request.user!, request.params.id),
  )
  app.get(
    '/:id/slots',
    {
      schema: {
        tags,
        params: idParams,
        querystring: checkoutSlotsQuerySchema,
        response: { 200: checkoutSlotsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.checkoutService.slots(request.user!, request.params.id, request.query),
  )
  app.put(
    '/:id/review',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: checkoutRefSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.checkoutService.edit(request.user!, request.params.id),
  )
  app.put(
    '/:id/address',
    {
      schema: {
        tags,
        summary: 'Cambiar la dirección de entrega de un checkout (se vuelve a cotizar)',
        params: idParams,
        body: changeCheckoutAddressInputSchema,
        response: { 200: checkoutSummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.checkoutService.changeAddress(
        request.user!,
        request.params.id,
        request.body.shippingAddressId,
      ),
  )
  app.post(
    '/:id/review',
    {
      schema: {
        tags,
        params: idParams,
        body: reviewInputSchema,
        response: { 200: checkoutRefSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.checkoutService.submitReview(request.user!, request.params.id, request.body),
  )
  app.post(
    '/:id/confirm',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: confirmResponseSchema,
          409: confirmConflictSchema,
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    // A 409 for changed pricing carries the new summary: the error handler writes it.
    async (request) => app.checkoutService.confirm(request.user!, request.params.id),
  )
}
