import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  certificateInputSchema,
  csrInputSchema,
  csrResponseSchema,
  fiscalSettingsInputSchema,
  fiscalSettingsResponseSchema,
  fiscalSettingsSchema,
  invoiceListSchema,
} from '@barrio/contracts/invoicing'
import { errorResponses } from '../../lib/route-schemas.ts'

const tags = ['admin: invoicing']

/**
 * /api/v1/admin/store_settings_fiscal: the store's fiscal data and ARCA certificate (the
 * "Impuestos" page, decision 054). The `settings` permission, like the rest of the settings.
 */
export const adminFiscalSettingsRoutes: FastifyPluginAsyncZod =
  async function adminFiscalSettingsRoutes(app) {
    const svc = app.fiscalSettingsService
    app.addHook('onRequest', app.requireStore)
    const config = { permission: 'settings' } as const

    app.get(
      '/store_settings_fiscal',
      {
        config,
        schema: {
          tags,
          response: { 200: fiscalSettingsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({ settings: await svc.get(request.store!.id) }),
    )
    app.put(
      '/store_settings_fiscal',
      {
        config,
        schema: {
          tags,
          body: fiscalSettingsInputSchema,
          response: { 200: fiscalSettingsSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => svc.save(request.store!.id, request.body),
    )
    app.post(
      '/store_settings_fiscal/csr',
      {
        config,
        schema: {
          tags,
          description: 'A new key pair (the private key stays sealed on the server) and its CSR.',
          body: csrInputSchema.nullish(),
          response: { 200: csrResponseSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => svc.createCsr(request.store!.id, request.body?.alias ?? 'barrio'),
    )
    app.get(
      '/store_settings_fiscal/csr',
      {
        config,
        schema: {
          tags,
          description: 'The CSR to upload to ARCA, as a .csr file.',
          response: { 200: z.string(), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'application/pkcs10; charset=utf-8')
          .header('content-disposition', 'attachment; filename="barrio-arca.csr"')
          .header('cache-control', 'no-store')
          .send(await svc.csr(request.store!.id)),
    )
    app.post(
      '/store_settings_fiscal/certificate',
      {
        config,
        schema: {
          tags,
          body: certificateInputSchema,
          response: { 200: fiscalSettingsSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => svc.uploadCertificate(request.store!.id, request.body.certificatePem),
    )
  }

const orderParams = z.object({ id: z.uuid({ error: 'El id del pedido no es válido' }) })
const documentParams = orderParams.extend({
  invoiceId: z.uuid({ error: 'El id de la factura no es válido' }),
})

/**
 * /api/v1/admin/orders/{id}/invoices: an order's invoice and credit notes, "Facturar", and each
 * one's PDF. Registered by `adminOrdersScope`, the one owner of /admin/orders.
 */
export const adminInvoicesRoutes: FastifyPluginAsyncZod = async function adminInvoicesRoutes(app) {
  app.addHook('onRequest', app.requireStore)
  app.get(
    '/:id/invoices',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: orderParams,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      docs: await app.invoicingService.list(request.store!.id, request.params.id),
    }),
  )
  app.post(
    '/:id/invoices',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        description: 'Invoices a paid order now (or retries its pending documents).',
        params: orderParams,
        response: { 202: invoiceListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        docs: await app.invoicingService.invoiceNow(request.store!.id, request.params.id),
      }),
  )
  app.get(
    '/:id/invoices/:invoiceId/pdf',
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        params: documentParams,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await app.invoicingService.sellerPdf(
        request.store!.id,
        request.params.id,
        request.params.invoiceId,
      )
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf)
    },
  )
}
