import { adminOrderSchema } from '@barrio/contracts/admin-orders'
import {
  idempotencyKeySchema,
  sellerOrderInputSchema,
  sellerOrderQuoteInputSchema,
  sellerOrderQuoteSchema,
} from '@barrio/contracts/admin-seller-orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HEADERS } from '@barrio/contracts/constants'
import { AppError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/route-schemas.ts'

/** The optional Idempotency-Key header, checked (400 under its own name when malformed). */
function idempotencyKeyOf(value: string | string[] | undefined): string | null {
  if (value === undefined) return null
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(value) ? value.join(',') : value)
  if (parsed.success) return parsed.data
  const message = parsed.error.issues[0]?.message ?? 'Clave de idempotencia inválida'
  throw new AppError('INVALID', message, { errors: [{ name: 'Idempotency-Key', message }] })
}

/**
 * POST /api/v1/admin/orders: an order the selected store takes itself (phone, WhatsApp,
 * counter) for one of its customers. Answers 201 with the order as GET /admin/orders/{id} does.
 * With an `Idempotency-Key` header (decision 027, addendum) a repeat of the same request within
 * 24 hours answers 201 again with the same order (as it is now) and `Idempotent-Replayed: true`;
 * the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.
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
        response: { 201: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = request.user!
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim()
      const key = idempotencyKeyOf(request.headers[HEADERS.idempotencyKey])
      const { order, replayed } = await app.sellerOrdersService.create(
        { userId: user.id, storeId: request.store!.id, name: name || user.email || null },
        request.body,
        key,
      )
      if (replayed) void reply.header('idempotent-replayed', 'true')
      return reply.status(201).send(order)
    },
  )
}
