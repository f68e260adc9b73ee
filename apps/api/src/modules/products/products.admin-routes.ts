import {
  adminProductInputSchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductSchema,
  inventoryAdjustInputSchema,
  inventoryPageSchema,
  inventoryQuerySchema,
  inventoryRowSchema,
  newProductIdSchema,
} from '@barrio/contracts/admin-products'
import { can } from '@barrio/contracts/permissions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readUploadedFiles } from '../../plugins/uploads.ts'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id del producto no es válido' }) })

/** /api/v1/admin/products: the selected store's products (x-store-id, checked by requireStore). */
export const adminProductsRoutes: FastifyPluginAsyncZod = async function adminProductsRoutes(app) {
  const tags = ['admin: products']
  app.addHook('onRequest', app.requireStore)

  app.get(
    '/',
    {
      config: { permission: 'stock' },
      schema: {
        tags,
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.productsService.list(request.store!.id, request.query),
  )
  // Registered before '/:id' so that "id" is never read as a product id.
  app.get(
    '/id',
    {
      config: { permission: 'products' },
      schema: { tags, response: { 200: newProductIdSchema, ...errorResponses(400, 401, 403) } },
    },
    async () => app.productsService.newId(),
  )
  app.post(
    '/',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        body: adminProductInputSchema,
        response: { 201: adminProductSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const product = await app.productsService.create(request.store!.id, request.body, {
        canSetPrices: can(request.store!.role, 'prices'),
      })
      request.log.info({ storeId: request.store!.id, productId: product._id }, 'product created')
      return reply.status(201).send(product)
    },
  )
  app.get(
    '/:id',
    {
      config: { permission: 'stock' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminProductSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.productsService.get(request.store!.id, request.params.id),
  )
  app.put(
    '/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        params: idParams,
        body: adminProductInputSchema,
        response: { 200: adminProductSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.productsService.update(request.store!.id, request.params.id, request.body, {
        canSetPrices: can(request.store!.role, 'prices'),
        actorId: request.user!.id,
      }),
  )
  app.delete(
    '/:id',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // The product is archived, not erased: GET /admin/products/{id} still reads it.
      await app.productsService.archive(request.store!.id, request.params.id)
      return reply.status(204).send(null)
    },
  )
  app.post(
    '/:id/media',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminProductSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      await app.productsService.get(request.store!.id, request.params.id)
      const files = await readUploadedFiles(request)
      const product = await app.productsService.addMedia(
        request.store!.id,
        request.params.id,
        files,
      )
      request.log.info({ productId: product._id, files: files.length }, 'product media uploaded')
      return product
    },
  )
  app.delete(
    '/:id/media/:mediaId',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        params: idParams.extend({ mediaId: z.uuid({ error: 'El id de la imagen no es válido' }) }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.productsService.removeMedia(
        request.store!.id,
        request.params.id,
        request.params.mediaId,
      )
      return reply.status(204).send(null)
    },
  )
}

/** /api/v1/admin/inventory: stock per variant and quick adjustments. */
export const adminInventoryRoutes: FastifyPluginAsyncZod = async function adminInventoryRoutes(
  app,
) {
  const tags = ['admin: inventory']
  app.addHook('onRequest', app.requireStore)
  app.get(
    '/',
    {
      config: { permission: 'stock' },
      schema: {
        tags,
        querystring: inventoryQuerySchema,
        response: { 200: inventoryPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.productsService.inventory(request.store!.id, request.query),
  )
  app.post(
    '/adjust',
    {
      config: { permission: 'stock' },
      schema: {
        tags,
        body: inventoryAdjustInputSchema,
        response: { 200: inventoryRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await app.productsService.adjustStock(request.store!.id, request.body)
      request.log.info(
        { storeId: request.store!.id, variantId: row.variantId, stock: row.stock },
        'stock adjusted',
      )
      return row
    },
  )
}
