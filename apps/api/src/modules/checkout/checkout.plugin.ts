import fp from 'fastify-plugin'
import { createMercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { createCheckoutRepository } from './checkout.repository.ts'
import { createCheckoutService, type CheckoutService } from './checkout.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    checkoutService: CheckoutService
  }
}

/** Checkout, wired to the cart, addresses, settings, coupons and orders (which places it). */
export const checkoutPlugin = fp<{ publicUrl: string; mpApiUrl: string }>(
  async function checkoutModule(app, opts) {
    app.decorate(
      'checkoutService',
      createCheckoutService({
        db: app.db,
        repository: createCheckoutRepository(app.db),
        cart: app.cartService,
        addresses: app.addressesService,
        settings: app.storeSettingsService,
        orders: app.ordersService,
        coupons: app.couponsService,
        // Creates the Checkout Pro preference of a Mercado Pago order.
        mercadoPago: createMercadoPagoClient({ baseUrl: opts.mpApiUrl }),
        publicUrl: opts.publicUrl,
        log: app.log,
        clock: app.clock,
      }),
    )
  },
  {
    name: 'checkout',
    dependencies: ['cart', 'addresses', 'store-settings', 'orders', 'coupons'],
  },
)
