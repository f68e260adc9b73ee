import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const swaggerPlugin = fp(
  async function openapi(app) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Barrio API', version: '1.0.0', description: 'API del marketplace Barrio' },
        servers: [{ url: '/' }],
      },
      transform: jsonSchemaTransform,
    })
    // staticCSP: the docs page sends its own CSP with the hashes of its inline code (no framing,
    // and no https upgrade, which would break the docs on a plain-http laptop).
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(/\s*upgrade-insecure-requests;?/, ''),
    })
  },
  { name: 'swagger' },
)
