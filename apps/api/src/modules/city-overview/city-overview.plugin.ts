import fp from 'fastify-plugin'
import { createCityOverviewRepository } from './city-overview.repository.ts'
import { createCityOverviewService, type CityOverviewService } from './city-overview.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    cityOverviewService: CityOverviewService
  }
}

/** The operator's overview of the city: read-only aggregates over every store's orders. */
export const cityOverviewPlugin = fp(
  async function cityOverviewModule(app) {
    app.decorate(
      'cityOverviewService',
      createCityOverviewService({ repository: createCityOverviewRepository(app.db) }),
    )
  },
  { name: 'city-overview', dependencies: ['db'] },
)
