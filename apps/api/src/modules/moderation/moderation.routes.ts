import {
  moderationReasonInputSchema,
  operatorProductModerationSchema,
  operatorStoreListQuerySchema,
  operatorStoreProductPageSchema,
  operatorStoreProductsQuerySchema,
  operatorStorePageSchema,
  operatorStoreSchema,
} from '@barrio/contracts/operator'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'
import {
  toProductModerationDto,
  type ModerationAction,
  type OutcomeOf,
} from './moderation.service.ts'

const storeParams = z.object({
  id: z.uuid({ error: 'El identificador del comercio no es válido' }),
})
const productParams = z.object({
  id: z.uuid({ error: 'El identificador del producto no es válido' }),
})

/**
 * /api/v1/operator/stores and /api/v1/operator/products: every store of the city with its owner,
 * status and figures; suspending and reactivating stores, hiding and showing products (issue 24,
 * decision 044). Operators only, with their second factor confirmed in the session.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async function moderationRoutes(app) {
  const tags = ['operator']
  app.addHook('preHandler', app.requireOperator)

  /** Every moderation action goes through here: applied, then logged with who did it. */
  async function act<A extends ModerationAction>(
    request: FastifyRequest,
    action: A,
  ): Promise<OutcomeOf<A>> {
    const operatorId = request.user!.id
    const outcome = await app.moderationService.moderate(operatorId, action)
    request.log.info({ action, operatorId }, 'operator moderation')
    return outcome
  }

  app.get(
    '/stores',
    {
      schema: {
        tags,
        querystring: operatorStoreListQuerySchema,
        response: { 200: operatorStorePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.moderationService.listStores(request.query),
  )

  app.get(
    '/stores/:id/products',
    {
      schema: {
        tags,
        description:
          "A store's products, hidden ones too (title or handle in `q`), for hiding and showing them.",
        params: storeParams,
        querystring: operatorStoreProductsQuerySchema,
        response: { 200: operatorStoreProductPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.moderationService.storeProducts(request.params.id, request.query),
  )

  app.post(
    '/stores/:id/suspend',
    {
      schema: {
        tags,
        description:
          'Suspends a store: it leaves every customer list, page and search at once (on every process) and cannot be checked out; its team sees the reason.',
        params: storeParams,
        body: moderationReasonInputSchema,
        response: { 200: operatorStoreSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      await act(request, { kind: 'store.suspend', storeId: id, reason: request.body.reason })
      return app.moderationService.store(id)
    },
  )

  app.post(
    '/stores/:id/unsuspend',
    {
      schema: {
        tags,
        params: storeParams,
        response: { 200: operatorStoreSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params
      await act(request, { kind: 'store.unsuspend', storeId: id })
      return app.moderationService.store(id)
    },
  )

  app.post(
    '/products/:id/hide',
    {
      schema: {
        tags,
        description:
          'Hides a product from customers (lists, pages, search, carts and checkout); its store sees the reason.',
        params: productParams,
        body: moderationReasonInputSchema,
        response: { 200: operatorProductModerationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const outcome = await act(request, {
        kind: 'product.hide',
        productId: request.params.id,
        reason: request.body.reason,
      })
      return toProductModerationDto(outcome.after)
    },
  )

  app.post(
    '/products/:id/unhide',
    {
      schema: {
        tags,
        params: productParams,
        response: { 200: operatorProductModerationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const outcome = await act(request, { kind: 'product.unhide', productId: request.params.id })
      return toProductModerationDto(outcome.after)
    },
  )
}
