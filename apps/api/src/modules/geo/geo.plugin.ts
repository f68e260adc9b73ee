import fp from 'fastify-plugin'
import { createGeoService, type GeoService } from './geo.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    geoService: GeoService
  }
}

/** The built-in place lookup, shared by the /geo routes and any module that geocodes. */
export const geoPlugin = fp(
  async function geo(app) {
    app.decorate('geoService', createGeoService(app.db))
  },
  { name: 'geo', dependencies: ['db'] },
)
