import fp from 'fastify-plugin'
import { createSearchRepository } from './search.repository.ts'
import { createSearchService, type SearchService } from './search.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    searchService: SearchService
  }
}

/** The search engine (decision 042); the catalogue's search, lists and suggestions call it. */
export const searchPlugin = fp(
  async function search(app) {
    app.decorate(
      'searchService',
      createSearchService({ repository: createSearchRepository(app.db) }),
    )
  },
  { name: 'search', dependencies: ['db'] },
)
