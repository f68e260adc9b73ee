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
    await app.register(swaggerUi, { routePrefix: '/api/docs' })
  },
  { name: 'swagger' },
)
