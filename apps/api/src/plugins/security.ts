import { HEADERS } from '@barrio/contracts/constants'
import cors from '@fastify/cors'
import fp from 'fastify-plugin'

/**
 * CORS with credentials for the web origin and the Capacitor WebView origins. Same-origin
 * requests (the SPA served by this process) need no CORS at all.
 */
export const securityPlugin = fp<{ origins: string[] }>(
  async function security(app, { origins }) {
    const allowed = new Set(origins)
    await app.register(cors, {
      credentials: true,
      origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
      allowedHeaders: ['content-type', 'accept-language', ...Object.values(HEADERS)],
      exposedHeaders: ['x-request-id', 'x-auth-forbidden', 'retry-after'],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    })
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('x-content-type-options', 'nosniff')
      void reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    })
  },
  { name: 'security' },
)
