import fp from 'fastify-plugin'
import { createCouponsRepository } from './coupons.repository.ts'
import { createCouponsService, type CouponsService } from './coupons.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    couponsService: CouponsService
  }
}

/** A store's coupons (issue 28, decision 056); checkout prices and redeems them. */
export const couponsPlugin = fp(
  async function coupons(app) {
    app.decorate(
      'couponsService',
      createCouponsService({ repository: createCouponsRepository(app.db), clock: app.clock }),
    )
  },
  { name: 'coupons', dependencies: ['db'] },
)
