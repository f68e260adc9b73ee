import fp from 'fastify-plugin'
import { createCustomersRepository } from './customers.repository.ts'
import { createCustomersService, type CustomersService } from './customers.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    customersService: CustomersService
  }
}

/**
 * A store's customers (decision 022). Registered before orders: placing an order records its
 * buyer through `customersService.recordOrder` in the order's transaction.
 */
export const customersPlugin = fp(
  async function customersModule(app) {
    app.decorate(
      'customersService',
      createCustomersService({ repository: createCustomersRepository(app.db) }),
    )
  },
  { name: 'customers', dependencies: ['db'] },
)
