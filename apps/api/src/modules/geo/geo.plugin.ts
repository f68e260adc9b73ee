import fp from 'fastify-plugin'
import { createGeorefClient } from '../../integrations/georef.ts'
import { createGoogleGeocoder } from '../../integrations/google-geocoding.ts'
import type { Env } from '../../config/env.ts'
import { createDoorGeocoder } from './door-geocoder.ts'
import { createGeoService, type GeoService } from './geo.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    geoService: GeoService
  }
}

type GeocodingEnv = Pick<
  Env,
  'GEOREF_API_URL' | 'GOOGLE_GEOCODING_KEY' | 'GOOGLE_GEOCODING_URL' | 'GEOCODER_TIMEOUT_MS'
>

/**
 * The place lookup (built-in gazetteer) and the door geocoder (Google with a server key, else
 * georef-ar; decision 038), shared by the /geo routes and any module that geocodes.
 */
export const geoPlugin = fp<{ env: GeocodingEnv }>(
  async function geo(app, { env }) {
    const timeoutMs = env.GEOCODER_TIMEOUT_MS
    const doors = createDoorGeocoder({
      georef: env.GEOREF_API_URL
        ? createGeorefClient({ baseUrl: env.GEOREF_API_URL, timeoutMs })
        : null,
      google: env.GOOGLE_GEOCODING_KEY
        ? createGoogleGeocoder({
            baseUrl: env.GOOGLE_GEOCODING_URL,
            apiKey: env.GOOGLE_GEOCODING_KEY,
            timeoutMs,
          })
        : null,
      log: app.log,
    })
    app.decorate('geoService', createGeoService(app.db, { doors }))
  },
  { name: 'geo', dependencies: ['db'] },
)
