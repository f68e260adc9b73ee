import {
  adminFulfillInputSchema,
  adminFulfillmentCancelInputSchema,
  adminFulfillmentEventInputSchema,
  adminFulfillmentEventsSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminOrderStoreSchema,
  adminOrderUpdateInputSchema,
  adminRefundInputSchema,
} from '@barrio/contracts/admin-orders'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HEADERS } from '@barrio/contracts/constants'
import { errorResponses } from '../../lib/route-schemas.ts'
import { sendReceipt } from '../media/receipt-file.ts'
import { counterOrdersRoutes } from './counter-orders.admin-routes.ts'
import { adminInvoicesRoutes } from '../invoicing/invoicing.admin-routes.ts'
import { idempotencyKeyOf } from './idempotency.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id del pedido no es válido' }) })
const seller = (request: FastifyRequest) => ({
  userId: request.user!.id,
  storeId: request.store!.id,
})

/**
 * /api/v1/admin/orders: the selected store's orders (x-store-id, checked by requireStore; the
 * parent scope already required an admin). Orders of other stores answer 404, whatever the ids.
 * The module's service is wired at the root (admin-orders.plugin.ts): the stock-hold sweep uses it.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async function adminOrdersRoutes(app) {
  const tags = ['admin: orders']
  app.addHook('onRequest', app.requireStore)

  app.get(
    '/',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.adminOrdersService.list(request.store!.id, request.query),
  )
  app.get(
    '/:id',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.adminOrdersService.get(request.store!.id, request.params.id),
  )
  app.put(
    '/:id',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        body: adminOrderUpdateInputSchema,
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.adminOrdersService.update(seller(request), request.params.id, request.body),
  )
  app.get(
    '/:id/fulfillment-events',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminFulfillmentEventsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      app.adminOrdersService.fulfillmentEvents(request.store!.id, request.params.id),
  )
  /**
   * The customer's transfer receipt file, to the store's team (decision 037): checked beside
   * "Marcar como pagado". Another store's order is 404.
   */
  app.get(
    '/:id/transfer-receipt',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        summary: 'El comprobante de transferencia que subió el cliente (el archivo)',
        params: idParams,
        response: {
          200: z.string().describe('El archivo: JPEG, PNG, WebP o PDF'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendReceipt(
        reply,
        await app.adminOrdersService.transferReceipt(request.store!.id, request.params.id),
      ),
  )
  app.post(
    '/:id/mark-as-paid',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.adminOrdersService.markAsPaid(seller(request), request.params.id),
  )
  app.post(
    '/:id/cancel-unpaid',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.adminOrdersService.cancelUnpaid(seller(request), request.params.id),
  )
  app.post(
    '/:id/refund',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        params: idParams,
        // Optional: no body refunds everything not yet refunded (the spec's empty body).
        body: adminRefundInputSchema.nullish(),
        response: {
          200: adminOrderSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 503, 504),
        },
      },
    },
    // An optional Idempotency-Key (as on POST /admin/orders): a retry of a refund already made
    // answers the order as it is now, with `Idempotent-Replayed: true`, and refunds nothing; the
    // same key with another body (or for another order) is 422 IDEMPOTENCY_KEY_REUSED.
    async (request, reply) => {
      const { order, replayed } = await app.adminOrdersService.refund(
        seller(request),
        request.params.id,
        request.body ?? {},
        idempotencyKeyOf(request.headers[HEADERS.idempotencyKey]),
      )
      if (replayed) void reply.header('idempotent-replayed', 'true')
      return order
    },
  )
  app.post(
    '/:id/fulfill',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        // The body is optional: Fastify hands a missing body to the validator as null.
        body: adminFulfillInputSchema.nullish(),
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.adminOrdersService.fulfill(seller(request), request.params.id, request.body ?? {}),
  )
  app.post(
    '/:id/fulfillment-event',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        body: adminFulfillmentEventInputSchema,
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.adminOrdersService.applyFulfillmentEvent(
        seller(request),
        request.params.id,
        request.body.newEvent,
        request.body.fulfillmentId,
      ),
  )
  app.post(
    '/:id/fulfillment/:fid/cancel',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams.extend({
          fid: z.uuid({ error: 'El id de la preparación no es válido' }),
        }),
        body: adminFulfillmentCancelInputSchema.nullish(),
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.adminOrdersService.cancelFulfillment(
        seller(request),
        request.params.id,
        request.params.fid,
        request.body?.reason,
      ),
  )
}

/**
 * Everything under /api/v1/admin/orders, registered once by app.ts (one owner of the prefix): the
 * store's orders (`adminOrdersRoutes`) and the orders it takes itself (`counterOrdersRoutes`:
 * POST / and POST /quote, in their own files and service, decision 027). Each is an encapsulated
 * child with its own `requireStore`.
 */
export const adminOrdersScope: FastifyPluginAsyncZod = async function adminOrdersScope(app) {
  await app.register(adminOrdersRoutes)
  await app.register(counterOrdersRoutes)
  // An order's invoices and credit notes (decision 054).
  await app.register(adminInvoicesRoutes)
}

/**
 * /api/v1/admin/order-stores/{id}: the store of an order, among the stores the user may act on. It
 * names no store (no x-store-id): the back office asks it when an order link (the seller's
 * "Nuevo pedido" e-mail) belongs to another of the user's stores, then switches to that store.
 */
export const adminOrderStoresRoutes: FastifyPluginAsyncZod = async function adminOrderStoresRoutes(
  app,
) {
  app.get(
    '/:id',
    {
      // No single store: the service answers only among the user's stores (every role sees orders).
      config: { permission: 'any-seller' },
      schema: {
        tags: ['admin: orders'],
        params: idParams,
        response: { 200: adminOrderStoreSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.adminOrdersService.storeOf(request.user!.id, request.params.id),
  )
}
