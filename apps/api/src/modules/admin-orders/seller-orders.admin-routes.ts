import { adminOrderSchema } from '@barrio/contracts/admin-orders'
import {
  sellerOrderInputSchema,
  sellerOrderQuoteInputSchema,
  sellerOrderQuoteSchema,
} from '@barrio/contracts/admin-seller-orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * POST /api/v1/admin/orders: an order the selected store takes itself (phone, WhatsApp,
 * counter) for one of its customers. Answers 201 with the order as GET /admin/orders/{id} does.
 * POST /api/v1/admin/orders/quote prices it without writing anything (the form's running total).
 * Registered beside adminOrdersRoutes under the same prefix (its own file: decision 027).
 */
export const sellerOrdersRoutes: FastifyPluginAsyncZod = async function sellerOrdersRoutes(app) {
  const tags = ['admin: orders']
  app.addHook('onRequest', app.requireStore)

  app.post(
    '/quote',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: sellerOrderQuoteInputSchema,
        response: { 200: sellerOrderQuoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.sellerOrdersService.quote(request.store!.id, request.body),
  )
  app.post(
    '/',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: sellerOrderInputSchema,
        response: { 201: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user!
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
      const order = await app.sellerOrdersService.create(
        { userId: user.id, storeId: request.store!.id, name: name || user.email || null },
        request.body,
      )
      return reply.status(201).send(order)
    },
  )
}
