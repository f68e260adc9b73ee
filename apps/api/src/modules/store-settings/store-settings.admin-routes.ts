import {
  appPaymentMethodSchema,
  logisticsSettingsSchema,
  notificationSettingsSchema,
  paymentMethodSettingInputSchema,
  paymentMethodSettingSchema,
  paymentRulesSchema,
  printingSettingsSchema,
  taxSettingInputSchema,
  taxSettingSchema,
} from '@barrio/contracts/admin-settings'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id no es válido' }) })

/** /api/v1/admin/app_resources: platform facts sellers configure against. */
export const adminAppResourcesRoutes: FastifyPluginAsyncZod =
  async function adminAppResourcesRoutes(app) {
    app.get(
      '/payment_methods',
      {
        config: { permission: 'any-seller' },
        schema: {
          tags: ['admin: settings'],
          response: { 200: z.array(appPaymentMethodSchema), ...errorResponses(401, 403) },
        },
      },
      async () => app.storeSettingsService.appPaymentMethods(),
    )
  }

/** /api/v1/admin/store_settings_*: settings of the store named by x-store-id. */
export const adminStoreSettingsRoutes: FastifyPluginAsyncZod =
  async function adminStoreSettingsRoutes(app) {
    const tags = ['admin: settings']
    const svc = app.storeSettingsService
    app.addHook('onRequest', app.requireStore)

    app.get(
      '/store_settings_payment_methods',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          response: { 200: z.array(paymentMethodSettingSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.paymentMethods(request.store!.id),
    )
    app.post(
      '/store_settings_payment_methods',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          body: paymentMethodSettingInputSchema,
          response: { 200: paymentMethodSettingSchema, ...errorResponses(400, 401, 403, 503) },
        },
      },
      async (request) => svc.savePaymentMethod(request.store!.id, request.body, request.user!.id),
    )
    app.delete(
      '/store_settings_payment_methods/:id',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          params: idParams,
          response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await svc.deletePaymentMethod(request.store!.id, request.params.id, request.user!.id)
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/store_settings_payments',
      {
        config: { permission: 'payments' },
        schema: { tags, response: { 200: paymentRulesSchema, ...errorResponses(400, 401, 403) } },
      },
      async (request) => svc.paymentRules(request.store!.id),
    )
    app.post(
      '/store_settings_payments',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          body: paymentRulesSchema,
          response: { 200: paymentRulesSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.savePaymentRules(request.store!.id, request.body),
    )

    app.get(
      '/store_settings_logistics',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          response: { 200: logisticsSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.logistics(request.store!.id),
    )
    app.post(
      '/store_settings_logistics',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          body: logisticsSettingsSchema,
          response: { 200: logisticsSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.saveLogistics(request.store!.id, request.body),
    )

    app.get(
      '/store_settings_taxes',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          response: { 200: z.array(taxSettingSchema), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.taxes(request.store!.id),
    )
    app.post(
      '/store_settings_taxes',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          body: taxSettingInputSchema,
          response: { 201: taxSettingSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await svc.createTax(request.store!.id, request.body)),
    )
    app.put(
      '/store_settings_taxes/:id',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          params: idParams,
          body: taxSettingInputSchema,
          response: { 200: taxSettingSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => svc.updateTax(request.store!.id, request.params.id, request.body),
    )
    app.delete(
      '/store_settings_taxes/:id',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          params: idParams,
          response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await svc.deleteTax(request.store!.id, request.params.id)
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/store_settings_notifications',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.notifications(request.store!.id),
    )
    app.put(
      '/store_settings_notifications',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          body: notificationSettingsSchema,
          response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.saveNotifications(request.store!.id, request.body),
    )

    // Read by whoever opens the dashboard (it prints there); changed with the settings.
    app.get(
      '/store_settings_printing',
      {
        config: { permission: 'dashboard' },
        schema: {
          tags,
          response: { 200: printingSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.printing(request.store!.id),
    )
    app.put(
      '/store_settings_printing',
      {
        config: { permission: 'settings' },
        schema: {
          tags,
          body: printingSettingsSchema,
          response: { 200: printingSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => svc.savePrinting(request.store!.id, request.body),
    )
  }
