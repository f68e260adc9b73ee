import fp from 'fastify-plugin'
import { createCartRepository } from './cart.repository.ts'
import { createCartService, type CartService } from './cart.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    cartService: CartService
  }
}

/** Carts; on sign-in the device's carts move to the account. */
export const cartPlugin = fp(
  async function cartModule(app) {
    const service = createCartService({ repository: createCartRepository(app.db) })
    app.decorate('cartService', service)
    app.authService.onSignIn((userId, deviceId) => service.moveDeviceToUser(deviceId, userId))
  },
  { name: 'cart', dependencies: ['auth'] },
)
