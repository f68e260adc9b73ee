import { cartClearInputSchema, cartSchema, cartUpdateInputSchema } from '@barrio/contracts/cart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

const caller = (request: FastifyRequest) => ({
  userId: request.user?.id ?? null,
  deviceId: request.ctx.deviceId,
  deviceTrusted: request.ctx.deviceTrusted,
})

/**
 * /api/v1/cart: the cart named by x-cart-id. GET never writes (an empty cart comes with a new id);
 * the first update creates the row, at most `newCartsPerMinute` per client address.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ newCartsPerMinute: number }> =
  async function cartRoutes(app, { newCartsPerMinute }) {
    const tags = ['cart']
    const newCartsPerIp = app.limit('cart-new', {
      max: newCartsPerMinute,
      windowMs: 60_000,
      key: (r) => r.ip,
    })
    app.get(
      '/',
      { schema: { tags, response: { 200: cartSchema, ...errorResponses(401, 404, 429) } } },
      async (request) => app.cartService.get(request.ctx.cartId, caller(request)),
    )
    app.post(
      '/update',
      {
        schema: {
          tags,
          body: cartUpdateInputSchema,
          response: { 200: cartSchema, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request, reply) =>
        app.cartService.update(request.body, caller(request), {
          beforeCreate: async () => {
            await newCartsPerIp.call(app, request, reply)
          },
        }),
    )
    app.post(
      '/clear',
      {
        schema: {
          tags,
          body: cartClearInputSchema,
          response: { 200: cartSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => app.cartService.clear(request.body.cartId, caller(request)),
    )
  }
