import {
  adminDashboardQuerySchema,
  adminDashboardSchema,
  dashboardStoresSchema,
} from '@barrio/contracts/admin-dashboard'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/route-schemas.ts'

const storeParams = z.object({ storeId: z.uuid({ error: 'El id del comercio no es válido' }) })

/**
 * /api/v1/admin/dashboard: the seller's home for the x-store-id store (checked by requireStore;
 * the parent scope already required an admin), the line per store of owners of several, and the
 * live stream of new orders of one store.
 */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async function adminDashboardRoutes(
  app,
) {
  const tags = ['admin: dashboard']

  app.get(
    '/',
    {
      config: { permission: 'dashboard' },
      schema: {
        tags,
        querystring: adminDashboardQuerySchema,
        response: { 200: adminDashboardSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: [app.requireStore],
    },
    async (request) =>
      app.dashboardService.summary(
        request.user!.id,
        request.store!.id,
        request.store!.role,
        request.query.date,
      ),
  )

  app.get(
    '/stores',
    {
      config: { permission: 'any-seller' },
      schema: { tags, response: { 200: dashboardStoresSchema, ...errorResponses(401, 403) } },
    },
    async (request) => app.dashboardService.stores(request.user!.id),
  )

  /**
   * Server-sent events: `event: order` with `{ type: 'order.created', orderId }` each time the
   * store gets an order, and a comment every ORDER_STREAM_HEARTBEAT_MS. The store is in the path
   * (EventSource cannot send x-store-id) and checked like x-store-id: another store answers 403.
   * Counted in the same bounded registry as the customers' order streams.
   */
  app.get(
    '/stores/:storeId/events',
    {
      config: { permission: 'orders', storeParam: 'storeId' },
      schema: {
        tags,
        params: storeParams,
        // 200 is a text/event-stream, not JSON: only the errors are described.
        response: errorResponses(400, 401, 403, 404, 503),
      },
    },
    async (request, reply) => {
      const { storeId } = request.params
      await app.storesService.roleIn(request.user!.id, storeId)
      if (app.orderStreams.isFull())
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Hay muchas conexiones abiertas. Probá en un momento.',
          { headers: { 'retry-after': '30' } },
        )
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      // An opening comment, so the client knows the stream is up.
      res.write(': open\n\n')
      const unsubscribe = app.ordersService.subscribeToStore(storeId, (orderId) => {
        res.write(`event: order\ndata: ${JSON.stringify({ type: 'order.created', orderId })}\n\n`)
      })
      const heartbeat = setInterval(() => res.write(': ping\n\n'), app.orderStreams.heartbeatMs)
      const stream = {
        owner: `seller:${request.user!.id}`,
        sessionId: request.sessionId,
        close: () => res.end(),
      }
      app.orderStreams.add(stream)
      request.raw.on('close', () => {
        clearInterval(heartbeat)
        unsubscribe()
        app.orderStreams.remove(stream)
      })
    },
  )
}
