import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  acceptWithdrawalSchema,
  adminWithdrawalListQuerySchema,
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  rejectWithdrawalSchema,
} from '@barrio/contracts/withdrawals'
import { errorResponses } from '../../lib/route-schemas.ts'

const tags = ['admin-withdrawals']
const idParams = z.object({ id: z.uuid({ error: 'El id no es válido' }) })
const seller = (request: FastifyRequest) => ({
  userId: request.user!.id,
  storeId: request.store!.id,
})

/**
 * /api/v1/admin/withdrawals: the selected store's botón de arrepentimiento requests (issue 27).
 * Accepting refunds the order, so it needs the `payments` permission; listing and rejecting,
 * `orders`. Requests of other stores answer 404.
 */
export const adminWithdrawalsRoutes: FastifyPluginAsyncZod = async function adminWithdrawalsRoutes(
  app,
) {
  app.get(
    '/',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        querystring: adminWithdrawalListQuerySchema,
        response: { 200: adminWithdrawalPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.withdrawalsService.list(request.store!.id, request.query),
  )
  app.post(
    '/:id/accept',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        params: idParams,
        body: acceptWithdrawalSchema.nullish(),
        response: {
          200: adminWithdrawalSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 503, 504),
        },
      },
    },
    async (request) =>
      app.withdrawalsService.accept(seller(request), request.params.id, {
        restock: request.body?.restock ?? false,
      }),
  )
  app.post(
    '/:id/reject',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: idParams,
        body: rejectWithdrawalSchema,
        response: { 200: adminWithdrawalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.withdrawalsService.reject(seller(request), request.params.id, request.body),
  )
}
