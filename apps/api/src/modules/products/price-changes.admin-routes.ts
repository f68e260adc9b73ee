import {
  bulkPriceInputSchema,
  bulkPricePreviewSchema,
  bulkPriceResultSchema,
  priceChangeListQuerySchema,
  priceChangePageSchema,
  priceChangeUndoResultSchema,
} from '@barrio/contracts/price-changes'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

const tags = ['admin: price changes']
const idParams = z.object({ id: z.uuid({ error: 'El id del cambio no es válido' }) })
const seller = (request: FastifyRequest) => ({
  storeId: request.store!.id,
  userId: request.user!.id,
})

/**
 * Bulk price changes of the selected store (x-store-id; issue 28, decision 053). Every route needs
 * the `prices` permission: staff, who may not change a price, get 403 ROLE_NOT_ALLOWED, the
 * preview and the history included (they show what only a price change can do).
 * Registered without a prefix: POST /admin/products/bulk-price, /admin/price-changes[/{id}/undo].
 */
export const adminPriceChangesRoutes: FastifyPluginAsyncZod =
  async function adminPriceChangesRoutes(app) {
    app.post(
      '/products/bulk-price',
      {
        config: { permission: 'prices' },
        schema: {
          tags,
          body: bulkPriceInputSchema,
          response: {
            200: z.union([bulkPricePreviewSchema, bulkPriceResultSchema]),
            ...errorResponses(400, 401, 403, 422),
          },
        },
      },
      async (request) => {
        if (request.body.dryRun)
          return app.priceChangesService.preview(request.store!.id, request.body)
        const result = await app.priceChangesService.apply(seller(request), request.body)
        request.log.info({ storeId: request.store!.id, ...result }, 'bulk price change applied')
        return result
      },
    )
    app.get(
      '/price-changes',
      {
        config: { permission: 'prices' },
        schema: {
          tags,
          querystring: priceChangeListQuerySchema,
          response: { 200: priceChangePageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => app.priceChangesService.list(request.store!.id, request.query),
    )
    app.post(
      '/price-changes/:id/undo',
      {
        config: { permission: 'prices' },
        schema: {
          tags,
          params: idParams,
          response: {
            200: priceChangeUndoResultSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => {
        const result = await app.priceChangesService.undo(seller(request), request.params.id)
        request.log.info(
          { storeId: request.store!.id, changeId: result.changeId, restored: result.restored },
          'bulk price change undone',
        )
        return result
      },
    )
  }
