import {
  adminCustomerDetailSchema,
  adminCustomerInputSchema,
  adminCustomerListQuerySchema,
  adminCustomerPageSchema,
  customerAddressInputSchema,
  customerAddressSchema,
} from '@barrio/contracts/admin-customers'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id del cliente no es válido' }) })

/**
 * /api/v1/admin/customers: the selected store's customers (x-store-id, checked by requireStore;
 * the parent scope already required an admin). A customer of another store answers 404.
 */
export const adminCustomersRoutes: FastifyPluginAsyncZod = async function adminCustomersRoutes(
  app,
) {
  const tags = ['admin: customers']
  app.addHook('onRequest', app.requireStore)

  app.get(
    '/',
    {
      config: { permission: 'customers' },
      schema: {
        tags,
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.customersService.list(request.store!.id, request.query),
  )
  app.post(
    '/',
    {
      config: { permission: 'customers' },
      schema: {
        tags,
        body: adminCustomerInputSchema,
        response: { 201: adminCustomerDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.customersService.create(request.store!.id, request.body)),
  )
  app.get(
    '/:id',
    {
      config: { permission: 'customers' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminCustomerDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.customersService.get(request.store!.id, request.params.id),
  )
  app.put(
    '/:id',
    {
      config: { permission: 'customers' },
      schema: {
        tags,
        params: idParams,
        body: adminCustomerInputSchema,
        response: { 200: adminCustomerDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.customersService.update(request.store!.id, request.params.id, request.body),
  )
  app.post(
    '/:id/addresses',
    {
      config: { permission: 'customers' },
      schema: {
        tags,
        params: idParams,
        body: customerAddressInputSchema,
        response: { 201: customerAddressSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await app.customersService.addAddress(request.store!.id, request.params.id, request.body),
        ),
  )
  app.delete(
    '/:id',
    {
      config: { permission: 'customers' },
      schema: {
        tags,
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.customersService.remove(request.store!.id, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
