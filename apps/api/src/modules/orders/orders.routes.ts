import {
  customerCancelInputSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  payOrderResponseSchema,
} from '@barrio/contracts/orders'
import { invoiceListSchema } from '@barrio/contracts/invoicing'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { orderOwner } from './orders.service.ts'
import { errorResponses } from '../../lib/route-schemas.ts'
import { readReceiptUpload, sendReceipt } from '../media/receipt-file.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id del pedido no es válido' }) })
const owner = (request: FastifyRequest) =>
  orderOwner(request.user?.id ?? null, request.ctx.deviceId)

/** /api/v1/orders: the customer's orders, by account or by device id. */
export const ordersRoutes: FastifyPluginAsyncZod = async function ordersRoutes(app) {
  const tags = ['orders']
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.ordersService.list(owner(request), request.query),
  )
  app.get(
    '/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: orderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => app.ordersService.get(owner(request), request.params.id),
  )

  /**
   * Server-sent events: the order as JSON each time it changes, and a comment every
   * ORDER_STREAM_HEARTBEAT_MS (25 s) so proxies keep the connection. EventSource cannot send
   * headers, so the device id may come as ?deviceId= for anonymous customers. Bounded per customer
   * and per process (order-streams.ts); closed when its session signs out: auth only announces the
   * sign-out (session-events), the registry closes the streams opened with that session.
   */
  app.get(
    '/:id/stream',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ deviceId: z.uuid().optional() }),
        // 200 is a text/event-stream, not JSON: only the errors are described.
        response: errorResponses(400, 401, 404, 503),
      },
    },
    async (request, reply) => {
      const who = orderOwner(
        request.user?.id ?? null,
        request.ctx.deviceId ?? request.query.deviceId ?? null,
      )
      const first = await app.ordersService.get(who, request.params.id)
      if (app.orderStreams.isFull())
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Hay muchas conexiones abiertas. Probá en un momento.',
          {
            headers: { 'retry-after': '30' },
          },
        )
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      const send = (order: unknown) => res.write(`event: order\ndata: ${JSON.stringify(order)}\n\n`)
      send(first)
      const unsubscribe = app.ordersService.subscribe(request.params.id, () => {
        app.ordersService
          .get(who, request.params.id)
          .then(send)
          .catch((err: unknown) => request.log.warn({ err }, 'order stream update failed'))
      })
      const heartbeat = setInterval(() => res.write(': ping\n\n'), app.orderStreams.heartbeatMs)
      const stream = {
        owner: 'userId' in who ? `user:${who.userId}` : `device:${who.deviceId}`,
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

  /** Decision 037: the customer cancels while the store has not started preparing it. */
  app.post(
    '/:id/cancel',
    {
      schema: {
        tags,
        params: idParams,
        // The body is optional: Fastify hands a missing body to the validator as null.
        body: customerCancelInputSchema.nullish(),
        response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      app.ordersService.cancel(owner(request), request.params.id, request.body?.reason || null),
  )

  /**
   * Decision 037: the bank transfer receipt (multipart field `file`: JPEG, PNG, WebP or PDF, at
   * most 5 MB), shown to the seller beside "Marcar como pagado". A new one replaces the last.
   */
  app.post(
    '/:id/transfer-receipt',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: orderSchema, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => {
      const who = owner(request)
      // Ownership first: a stranger's upload is not read at all.
      if (!(await app.ordersService.findOwned(who, request.params.id)))
        throw new AppError('NOT_FOUND', 'No encontramos ese pedido.')
      const file = await readReceiptUpload(request)
      return app.ordersService.attachTransferReceipt(who, request.params.id, file)
    },
  )

  /**
   * The receipt file itself, to the order's customer only (by account or device, as the order):
   * receipts are not public files (decision 037). Another's order is 404, as everywhere here.
   */
  app.get(
    '/:id/transfer-receipt',
    {
      schema: {
        tags,
        summary: 'El comprobante de transferencia del pedido (el archivo)',
        params: idParams,
        response: {
          200: z.string().describe('El archivo: JPEG, PNG, WebP o PDF'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) =>
      sendReceipt(
        reply,
        await app.ordersService.customerReceiptFile(owner(request), request.params.id),
      ),
  )

  app.post(
    '/:id/pay',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: payOrderResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 503, 504),
        },
      },
      onRequest: [app.requireUser],
    },
    async (request) => app.checkoutService.retryPayment(request.user!, request.params.id),
  )

  /**
   * The order's invoice and credit notes once ARCA authorized them (decision 054), and each one's
   * PDF; `/invoice.pdf` is the invoice itself. Another's order is 404.
   */
  app.get(
    '/:id/invoices',
    {
      schema: {
        tags,
        params: idParams,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await app.ordersService.get(owner(request), request.params.id)
      return { docs: await app.invoicingService.customerList(request.params.id) }
    },
  )
  const sendPdf = (reply: FastifyReply, file: { filename: string; pdf: Buffer }) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf)
  app.get(
    '/:id/invoice.pdf',
    { schema: { tags, params: idParams, response: errorResponses(400, 401, 404) } },
    async (request, reply) => {
      await app.ordersService.get(owner(request), request.params.id)
      return sendPdf(reply, await app.invoicingService.customerInvoicePdf(request.params.id))
    },
  )
  app.get(
    '/:id/invoices/:invoiceId/pdf',
    {
      schema: {
        tags,
        params: idParams.extend({
          invoiceId: z.uuid({ error: 'El id de la factura no es válido' }),
        }),
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      await app.ordersService.get(owner(request), request.params.id)
      return sendPdf(
        reply,
        await app.invoicingService.customerInvoicePdf(request.params.id, request.params.invoiceId),
      )
    },
  )
}
