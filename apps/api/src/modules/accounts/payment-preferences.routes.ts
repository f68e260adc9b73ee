import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import type { PaymentMethod } from '@barrio/contracts/enums'
import { customerPaymentMethodsSchema, preferredPaymentInputSchema } from '@barrio/contracts/orders'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../lib/errors.ts'
import { PROCESSABLE_METHODS } from '../store-settings/store-settings.service.ts'
import { errorResponses } from '../../lib/route-schemas.ts'

const DESCRIPTIONS: Partial<Record<PaymentMethod, string>> = {
  cash: 'Pagás en efectivo al retirar o al recibir tu pedido.',
  bank_transfer:
    'Transferís desde tu banco o billetera; el comercio te muestra su CBU/CVU y alias.',
  mercado_pago: 'Pagás con tu cuenta de Mercado Pago, tarjetas o dinero en cuenta.',
}

/** /api/v1/payment-methods: the methods a customer can use on Barrio and their preferred one. */
export const paymentPreferencesRoutes: FastifyPluginAsyncZod =
  async function paymentPreferencesRoutes(app) {
    const tags = ['payment-methods']
    const methods = [...PROCESSABLE_METHODS].map((method) => ({
      method,
      label: PAYMENT_METHOD_LABELS[method],
      description: DESCRIPTIONS[method] ?? '',
    }))

    app.get(
      '/',
      { schema: { tags, response: { 200: customerPaymentMethodsSchema, ...errorResponses() } } },
      async (request) => ({
        methods,
        preferred:
          (request.user?.preferredPaymentMethod as PaymentMethod | null | undefined) ?? null,
      }),
    )

    app.put(
      '/preferred',
      {
        schema: {
          tags,
          body: preferredPaymentInputSchema,
          response: { 200: customerPaymentMethodsSchema, ...errorResponses(400, 401, 403) },
        },
        onRequest: [app.requireUser],
      },
      async (request) => {
        const { method } = request.body
        if (method && !PROCESSABLE_METHODS.has(method)) {
          throw new AppError('INVALID', 'Ese medio de pago todavía no está disponible.', {
            errors: [{ name: 'method', message: 'No disponible' }],
          })
        }
        await app.accountsService.setPreferredPaymentMethod(request.user!.id, method)
        return { methods, preferred: method }
      },
    )
  }
