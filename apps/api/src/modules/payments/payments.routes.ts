import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { paymentStatusFromMp, verifyMercadoPagoSignature } from '../../integrations/mercado-pago.ts'
import { AppError } from '../../lib/errors.ts'

/**
 * /api/v1/payments/mercadopago/webhook: Mercado Pago's notifications. The signature is checked
 * first, then the payment is fetched from Mercado Pago with the store's credentials (the
 * notification itself is never trusted), its reference and amount are checked against the order,
 * and the payment status moves once per (payment, status).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ webhookSecret: string | undefined }> =
  async function paymentsRoutes(app, { webhookSecret }) {
    app.post(
      '/mercadopago/webhook',
      {
        schema: {
          tags: ['payments'],
          querystring: z.object({
            orderId: z.uuid(),
            'data.id': z.string().max(64).optional(),
            type: z.string().max(40).optional(),
            topic: z.string().max(40).optional(),
          }),
          body: z
            .object({
              type: z.string().optional(),
              action: z.string().optional(),
              data: z.object({ id: z.union([z.string(), z.number()]) }).optional(),
            })
            .passthrough()
            .optional(),
          response: { 200: z.object({ received: z.boolean(), applied: z.boolean() }) },
        },
      },
      async (request) => {
        if (!webhookSecret)
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'Los avisos de Mercado Pago no están configurados (MP_WEBHOOK_SECRET).',
          )
        const dataId =
          request.query['data.id'] ??
          (request.body?.data?.id !== undefined ? String(request.body.data.id) : undefined)
        const type = request.query.type ?? request.body?.type ?? request.query.topic
        if (!dataId)
          throw new AppError('MISSING_REQUIRED_FIELD', 'Falta data.id.', {
            errors: [{ name: 'data.id', message: 'Este campo es obligatorio' }],
          })
        const signature = request.headers['x-signature']
        const requestId = request.headers['x-request-id']
        if (
          !verifyMercadoPagoSignature({
            secret: webhookSecret,
            signature: typeof signature === 'string' ? signature : undefined,
            requestId: typeof requestId === 'string' ? requestId : undefined,
            dataId,
          })
        ) {
          request.log.warn(
            { orderId: request.query.orderId, dataId },
            'mercado pago webhook with a bad signature',
          )
          throw new AppError('UNAUTHORIZED', 'Firma inválida.')
        }
        if (type && type !== 'payment') return { received: true, applied: false }
        const order = await app.ordersRepository.find(request.query.orderId)
        if (!order) throw new AppError('NOT_FOUND', 'No encontramos ese pedido.')
        const rules = await app.storeSettingsService.checkoutRules(order.storeId)
        const token = (
          rules.paymentMethods.find((m) => m.method === 'mercado_pago')?.details as
            { accessToken?: string } | undefined
        )?.accessToken
        if (!token)
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'El comercio no tiene Mercado Pago configurado.',
          )
        const payment = await app.mercadoPago.getPayment(token, dataId).catch((err: unknown) => {
          throw new AppError('GATEWAY_TIMEOUT', 'No pudimos consultar el pago en Mercado Pago.', {
            cause: err,
          })
        })
        if (payment.externalReference !== order.id) {
          request.log.warn(
            { orderId: order.id, paymentId: payment.id, reference: payment.externalReference },
            'payment belongs to another order',
          )
          throw new AppError('UNPROCESSABLE_ENTITY', 'El pago no corresponde a este pedido.')
        }
        const status = paymentStatusFromMp(payment.status)
        if (status === 'paid' && payment.amountCents !== order.total) {
          request.log.warn(
            {
              orderId: order.id,
              paymentId: payment.id,
              paid: payment.amountCents,
              total: order.total,
            },
            'payment amount does not match the order',
          )
          throw new AppError(
            'UNPROCESSABLE_ENTITY',
            'El monto pagado no coincide con el total del pedido.',
          )
        }
        const applied = await app.ordersRepository.applyPayment({
          orderId: order.id,
          provider: 'mercado_pago',
          externalId: payment.id,
          status: payment.status,
          amount: payment.amountCents,
          paymentStatus: status,
          event:
            status === 'paid'
              ? 'PAYMENT_RECEIVED'
              : status === 'refunded'
                ? 'PAYMENT_REFUNDED'
                : null,
        })
        request.log.info(
          { orderId: order.id, paymentId: payment.id, mpStatus: payment.status, applied },
          'mercado pago notification',
        )
        if (applied) app.ordersService.publish(order.id)
        return { received: true, applied }
      },
    )
  }
