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
      createCustomersService({
        repository: createCustomersRepository(app.db),
        // Addresses typed without a map point are placed at their locality's centre.
        locate: async (query) => {
          const found = await app.geoService.findPlace(query, 1)
          const location = found.candidates[0]?.geometry.location
          return location ? { latitude: location.lat, longitude: location.lng } : null
        },
      }),
    )
  },
  { name: 'customers', dependencies: ['db', 'geo'] },
)
