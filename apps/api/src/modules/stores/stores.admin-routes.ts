import {
  adminStoreInputSchema,
  adminStoreListQuerySchema,
  adminStorePageSchema,
  adminStoreSchema,
  toggleOpenInputSchema,
} from '@barrio/contracts/admin-stores'
import { buildPage } from '@barrio/contracts/pagination'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readUploadedFiles } from '../../plugins/uploads.ts'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const tags = ['admin: stores']
const idParams = z.object({ id: z.uuid({ error: 'El id del comercio no es válido' }) })

/**
 * /api/v1/admin/stores. The parent scope requires an admin; each call on one store checks that
 * the user owns or collaborates on the store named in the path.
 */
export const adminStoresRoutes: FastifyPluginAsyncZod = async function adminStoresRoutes(app) {
  app.get(
    '/',
    {
      config: { permission: 'any-seller' },
      schema: {
        tags,
        querystring: adminStoreListQuerySchema,
        response: { 200: adminStorePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { docs, total } = await app.storesService.list(request.user!.id, request.query)
      return buildPage(docs, total, request.query)
    },
  )
  app.post(
    '/',
    {
      config: { permission: 'any-seller' },
      schema: {
        tags,
        description:
          'Opens a store of the signed-in account: approved merchants only (403 ROLE_NOT_ALLOWED for a member of another store team, decision 029).',
        body: adminStoreInputSchema,
        response: { 201: adminStoreSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const store = await app.storesService.create(request.user!, request.body)
      request.log.info({ storeId: store._id, handle: store.handle }, 'store created')
      return reply.status(201).send(store)
    },
  )
  app.get(
    '/:id',
    {
      config: { permission: 'dashboard', storeParam: 'id' },
      schema: {
        tags,
        params: idParams,
        response: { 200: adminStoreSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.storesService.get(request.user!.id, request.params.id),
  )
  app.put(
    '/:id',
    {
      config: { permission: 'settings', storeParam: 'id' },
      schema: {
        tags,
        params: idParams,
        body: adminStoreInputSchema,
        response: { 200: adminStoreSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.storesService.update(request.user!.id, request.params.id, request.body),
  )
  app.delete(
    '/:id',
    {
      config: { permission: 'store.delete', storeParam: 'id' },
      schema: {
        tags,
        params: idParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // A store with orders is archived instead: GET /admin/stores/{id} then reads it as archived.
      const result = await app.storesService.remove(request.user!.id, request.params.id)
      request.log.info({ storeId: request.params.id, archived: result.archived }, 'store removed')
      return reply.status(204).send(null)
    },
  )
  app.post(
    '/:id/toggle-open',
    {
      config: { permission: 'settings', storeParam: 'id' },
      schema: {
        tags,
        params: idParams,
        body: toggleOpenInputSchema,
        response: { 200: adminStoreSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      app.storesService.toggleOpen(request.user!.id, request.params.id, request.body.isOpen),
  )
  app.post(
    '/:id/media',
    {
      config: { permission: 'settings', storeParam: 'id' },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({
          kind: z.enum(['logo', 'cover'], { error: 'Indicá kind=logo o kind=cover' }),
        }),
        response: { 200: adminStoreSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      // Access is checked before the upload is read, so strangers cannot make us process files.
      await app.storesService.roleIn(request.user!.id, request.params.id)
      const files = await readUploadedFiles(request)
      return app.storesService.uploadImage(
        request.user!.id,
        request.params.id,
        request.query.kind,
        files,
      )
    },
  )
}
