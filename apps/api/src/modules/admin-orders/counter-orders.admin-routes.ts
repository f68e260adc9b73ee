import { adminOrderSchema } from '@barrio/contracts/admin-orders'
import {
  counterOrderInputSchema,
  counterOrderQuoteInputSchema,
  counterOrderQuoteSchema,
} from '@barrio/contracts/admin-counter-orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HEADERS } from '@barrio/contracts/constants'
import { errorResponses } from '../../lib/route-schemas.ts'
import { idempotencyKeyOf } from './idempotency.ts'

/**
 * POST /api/v1/admin/orders: an order the selected store takes itself (phone, WhatsApp,
 * counter) for one of its customers. Answers 201 with the order as GET /admin/orders/{id} does.
 * With an `Idempotency-Key` header (decision 027, addendum) a repeat of the same request within
 * 24 hours answers 201 again with the same order (as it is now) and `Idempotent-Replayed: true`;
 * the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.
 * POST /api/v1/admin/orders/quote prices it without writing anything (the form's running total).
 * Registered with adminOrdersRoutes by `adminOrdersScope`, the one owner of /admin/orders.
 */
export const counterOrdersRoutes: FastifyPluginAsyncZod = async function counterOrdersRoutes(app) {
  const tags = ['admin: orders']
  app.addHook('onRequest', app.requireStore)

  app.post(
    '/quote',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: counterOrderQuoteInputSchema,
        response: { 200: counterOrderQuoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.counterOrdersService.quote(request.store!.id, request.body),
  )
  app.post(
    '/',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: counterOrderInputSchema,
        response: { 201: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
      const key = idempotencyKeyOf(request.headers[HEADERS.idempotencyKey])
      const { order, replayed } = await app.counterOrdersService.create(
        { userId: user.id, storeId: request.store!.id, name: name || user.email || null },
        request.body,
        key,
      )
      if (replayed) void reply.header('idempotent-replayed', 'true')
      return reply.status(201).send(order)
    },
  )
}
