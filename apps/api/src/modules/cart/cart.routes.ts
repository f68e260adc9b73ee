import { cartClearInputSchema, cartSchema, cartUpdateInputSchema } from '@barrio/contracts/cart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

const caller = (request: FastifyRequest) => ({
  userId: request.user?.id ?? null,
  deviceId: request.ctx.deviceId,
})

/** /api/v1/cart: the cart named by x-cart-id (GET creates one when there is none). */
export const cartRoutes: FastifyPluginAsyncZod = async function cartRoutes(app) {
  const tags = ['cart']
  app.get('/', { schema: { tags, response: { 200: cartSchema } } }, async (request) =>
    app.cartService.get(request.ctx.cartId, caller(request)),
  )
  app.post(
    '/update',
    { schema: { tags, body: cartUpdateInputSchema, response: { 200: cartSchema } } },
    async (request) => app.cartService.update(request.body, caller(request)),
  )
  app.post(
    '/clear',
    { schema: { tags, body: cartClearInputSchema, response: { 200: cartSchema } } },
    async (request) => app.cartService.clear(request.body.cartId, caller(request)),
  )
}
