import { clockStartingAt, systemClock, type Clock } from './lib/clock.ts'
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import cookie from '@fastify/cookie'
import Fastify, {
  LogController,
  type FastifyContextConfig,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { pushConfigFrom, type Env } from './config/env.ts'
import type { Database } from './db/client.ts'
import { rejectUnstorableText, validatorCompiler } from './lib/validation.ts'
import { accountsPlugin } from './modules/accounts/accounts.plugin.ts'
import { addressesPlugin } from './modules/addresses/addresses.plugin.ts'
import { addressesRoutes } from './modules/addresses/addresses.routes.ts'
import { catalogPlugin } from './modules/catalog/catalog.plugin.ts'
import { searchPlugin } from './modules/search/search.plugin.ts'
import { productsRoutes, searchRoutes, storesRoutes } from './modules/catalog/catalog.routes.ts'
import { accountsRoutes } from './modules/accounts/accounts.routes.ts'
import { secondFactorRoutes } from './modules/auth/second-factor.routes.ts'
import { merchantVettingRoutes } from './modules/accounts/merchant-vetting.routes.ts'
import { moderationPlugin } from './modules/moderation/moderation.plugin.ts'
import { auditPlugin } from './modules/audit/audit.plugin.ts'
import { operatorAuditRoutes } from './modules/audit/audit.routes.ts'
import { moderationRoutes } from './modules/moderation/moderation.routes.ts'
import { commissionsPlugin } from './modules/commissions/commissions.plugin.ts'
import { operatorCommissionsRoutes } from './modules/commissions/commissions.routes.ts'
import { adminStatementsRoutes } from './modules/commissions/statements.admin-routes.ts'
import { cityOverviewPlugin } from './modules/city-overview/city-overview.plugin.ts'
import { cityOverviewRoutes } from './modules/city-overview/city-overview.routes.ts'
import { authPlugin } from './modules/auth/auth.plugin.ts'
import { sessionEventsPlugin } from './plugins/session-events.ts'
import { catalogEventsPlugin } from './plugins/catalog-events.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { geoPlugin } from './modules/geo/geo.plugin.ts'
import { geoRoutes } from './modules/geo/geo.routes.ts'
import { oauthPlugin } from './modules/oauth/oauth.plugin.ts'
import { oauthRoutes } from './modules/oauth/oauth.routes.ts'
import { usersPlugin } from './modules/users/users.plugin.ts'
import { operatorRoutes } from './modules/operator/operator.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { notificationsPlugin } from './modules/notifications/notifications.plugin.ts'
import { pushRoutes } from './modules/notifications/push.routes.ts'
import { rateLimitPlugin } from './plugins/rate-limit.ts'
import { paymentPreferencesRoutes } from './modules/accounts/payment-preferences.routes.ts'
import { cartPlugin } from './modules/cart/cart.plugin.ts'
import { cartRoutes } from './modules/cart/cart.routes.ts'
import { checkoutPlugin } from './modules/checkout/checkout.plugin.ts'
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts'
import { ordersPlugin } from './modules/orders/orders.plugin.ts'
import { customersPlugin } from './modules/customers/customers.plugin.ts'
import { adminCustomersRoutes } from './modules/customers/customers.admin-routes.ts'
import { ordersRoutes } from './modules/orders/orders.routes.ts'
import { withdrawalsRoutes } from './modules/admin-orders/withdrawals.routes.ts'
import { adminWithdrawalsRoutes } from './modules/admin-orders/withdrawals.admin-routes.ts'
import { invoicingPlugin } from './modules/invoicing/invoicing.plugin.ts'
import { couponsPlugin } from './modules/coupons/coupons.plugin.ts'
import { adminCouponsRoutes } from './modules/coupons/coupons.admin-routes.ts'
import { adminFiscalSettingsRoutes } from './modules/invoicing/invoicing.admin-routes.ts'
import { paymentsPlugin } from './modules/payments/payments.plugin.ts'
import { adminPaymentsRoutes } from './modules/payments/payments.admin-routes.ts'
import { paymentsRoutes } from './modules/payments/payments.routes.ts'
import { mercadoPagoConnectionPlugin } from './modules/mercado-pago/mercado-pago-connection.plugin.ts'
import { adminMercadoPagoConnectionRoutes } from './modules/mercado-pago/mercado-pago-connection.admin-routes.ts'
import { mercadoPagoOAuthRoutes } from './modules/mercado-pago/mercado-pago-connection.routes.ts'
import { uploadsPlugin } from './plugins/uploads.ts'
import { collectionsPlugin } from './modules/collections/collections.plugin.ts'
import { adminCollectionsRoutes } from './modules/collections/collections.admin-routes.ts'
import { productsPlugin } from './modules/products/products.plugin.ts'
import {
  adminInventoryRoutes,
  adminProductsRoutes,
} from './modules/products/products.admin-routes.ts'
import { priceChangesPlugin } from './modules/products/price-changes.plugin.ts'
import { adminPriceChangesRoutes } from './modules/products/price-changes.admin-routes.ts'
import { catalogCsvPlugin } from './modules/products/catalog-csv.plugin.ts'
import { adminCatalogCsvRoutes } from './modules/products/catalog-csv.admin-routes.ts'
import { storeSettingsPlugin } from './modules/store-settings/store-settings.plugin.ts'
import {
  adminAppResourcesRoutes,
  adminStoreSettingsRoutes,
} from './modules/store-settings/store-settings.admin-routes.ts'
import { storesPlugin } from './modules/stores/stores.plugin.ts'
import { collaboratorsPlugin } from './modules/collaborators/collaborators.plugin.ts'
import { adminCollaboratorsRoutes } from './modules/collaborators/collaborators.admin-routes.ts'
import { invitationsRoutes } from './modules/collaborators/collaborators.routes.ts'
import { adminStoresRoutes } from './modules/stores/stores.admin-routes.ts'
import {
  adminOrderStoresRoutes,
  adminOrdersScope,
} from './modules/admin-orders/admin-orders.admin-routes.ts'
import { adminDashboardRoutes } from './modules/dashboard/dashboard.admin-routes.ts'
import { dashboardPlugin } from './modules/dashboard/dashboard.plugin.ts'
import { adminOrdersPlugin } from './modules/admin-orders/admin-orders.plugin.ts'
import { counterOrdersPlugin } from './modules/admin-orders/counter-orders.plugin.ts'
import { analyticsRoutes } from './modules/analytics/analytics.admin-routes.ts'
import { analyticsPlugin } from './modules/analytics/analytics.plugin.ts'
import { anonymousPurgePlugin } from './plugins/anonymous-purge.ts'
import { busPlugin } from './plugins/bus.ts'
import { gracefulShutdownPlugin } from './plugins/graceful-shutdown.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { compressionPlugin } from './plugins/compression.ts'
import { dbPlugin } from './plugins/db.ts'
import { addPermissionGuard } from './plugins/permissions.ts'
import { errorHandler } from './plugins/error-handler.ts'
import { requestContextPlugin } from './plugins/request-context.ts'
import { securityPlugin } from './plugins/security.ts'
import { staticFilesPlugin } from './plugins/static-files.ts'
import { createFirstPageReader } from './modules/catalog/first-page.ts'
import { swaggerPlugin } from './plugins/swagger.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (full URL), so tests can walk the route table, never a copy. */
    routeTable: Array<{ method: string; url: string; config: FastifyContextConfig }>
    /** The time store schedules are judged by (lib/clock.ts). */
    clock: Clock
  }
}

/**
 * One log line per request, written when it ends (Fastify's default is two, each serializing the
 * request or the response): id, method, URL, status and time, which is what the logs are read
 * for; errors keep their stack at error level.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request')
  }
}

export type BuildAppOptions = {
  env: Env
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Folder of the built web app; null serves the API only (tests). */
  webDist?: string | null
  /** Poll the outbox in the background (off in tests, which drain it explicitly). */
  runWorker?: boolean
  /**
   * Opens /api/v1/operator/* to requests carrying this token: the server holding the embedded
   * database answers operator commands through it (decision 039). Absent: no operator routes.
   */
  operatorToken?: string
}

/**
 * Builds the whole application without listening: plugins, the error handler, the customer API
 * under /api/v1 and the seller API under /api/v1/admin in its own encapsulated scope.
 */
export async function buildApp({
  env,
  database,
  logger = false,
  webDist = null,
  runWorker = false,
  operatorToken,
}: BuildAppOptions) {
  const app = Fastify({
    logger,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY, off by default).
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    // While shutting down, a request that still reaches this process on an open keep-alive
    // connection is served (with `Connection: close`) instead of answered 503: a balancer retries
    // a refused connection elsewhere, but it must not retry a 503 to a POST (docs/operations.md).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(errorHandler)
  app.addHook('preValidation', rejectUnstorableText)
  const routeTable: App['routeTable'] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, config: route.config ?? {} })
  })

  // Store schedules are judged by this clock (lib/clock.ts); tests may pin its start.
  app.decorate(
    'clock',
    env.SCHEDULE_CLOCK_START ? clockStartingAt(new Date(env.SCHEDULE_CLOCK_START)) : systemClock,
  )

  const uploadsDir = path.join(env.DATA_DIR, 'uploads')
  mkdirSync(uploadsDir, { recursive: true })

  await app.register(gracefulShutdownPlugin)
  await app.register(compressionPlugin)
  await app.register(dbPlugin, { database })
  await app.register(cookie, { secret: env.SESSION_SECRET })
  await app.register(securityPlugin, {
    origins: env.WEB_ORIGINS,
    publicUrl: env.PUBLIC_URL,
    webDist,
    mediaUrl: s3ConfigFrom(env)?.publicUrl ?? null,
    mapTileUrl: env.MAP_TILE_URL,
  })
  await app.register(requestContextPlugin, { deviceSecret: env.SESSION_SECRET })
  await app.register(swaggerPlugin)
  await app.register(busPlugin, { redisUrl: env.REDIS_URL, redisPrefix: env.REDIS_PREFIX })
  // GET /metrics (decision 060): on METRICS_PORT or behind METRICS_TOKEN, else 404.
  await app.register(metricsPlugin, {
    database,
    port: env.METRICS_PORT,
    token: env.METRICS_TOKEN,
    smtpUrl: env.SMTP_URL,
  })
  await app.register(rateLimitPlugin, { redisPrefix: env.REDIS_PREFIX })
  await app.register(notificationsPlugin, {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    runWorker,
    pollMs: env.OUTBOX_POLL_MS,
    push: pushConfigFrom(env),
  })
  await app.register(sessionEventsPlugin)
  await app.register(catalogEventsPlugin)
  // Before every module that records what its people did (decision 047).
  await app.register(auditPlugin)
  await app.register(usersPlugin)
  await app.register(authPlugin, {
    publicUrl: env.PUBLIC_URL,
    serverSecret: env.SESSION_SECRET,
    allowedOrigins: env.WEB_ORIGINS,
    passwordLimit: {
      max: env.RATE_LIMIT_ACCOUNT_MAX,
      windowMs: env.RATE_LIMIT_ACCOUNT_WINDOW_S * 1000,
    },
  })
  await app.register(oauthPlugin, { env })
  await app.register(accountsPlugin, { approval: env.MERCHANT_APPROVAL })
  await app.register(geoPlugin, { env })
  await app.register(uploadsPlugin, {
    uploadsDir,
    // Outside uploadsDir, which /uploads serves to anyone (transfer receipts, decision 037).
    privateDir: path.join(env.DATA_DIR, 'private'),
    s3: s3ConfigFrom(env),
  })
  // Image URLs sellers save must name files of our own storage (lib/own-media.ts).
  const mediaOrigins = {
    publicUrl: env.PUBLIC_URL,
    s3PublicUrl: s3ConfigFrom(env)?.publicUrl ?? null,
  }
  await app.register(storesPlugin, { mediaOrigins })
  await app.register(collaboratorsPlugin, { publicUrl: env.PUBLIC_URL })
  await app.register(productsPlugin)
  await app.register(priceChangesPlugin)
  await app.register(catalogCsvPlugin, {
    images: {
      allowedAddresses: env.IMPORT_IMAGE_ALLOWED_ADDRESSES,
      timeoutMs: env.IMPORT_IMAGE_TIMEOUT_MS,
    },
  })
  await app.register(collectionsPlugin, { mediaOrigins })
  // Stores' Mercado Pago accounts connected through OAuth (decision 049), read by the settings.
  await app.register(mercadoPagoConnectionPlugin, {
    serverSecret: env.SESSION_SECRET,
    publicUrl: env.PUBLIC_URL,
    mpApiUrl: env.MP_API_URL,
    authUrl: env.MP_AUTH_URL,
    clientId: env.MP_CLIENT_ID,
    clientSecret: env.MP_CLIENT_SECRET,
    refreshDays: env.MP_TOKEN_REFRESH_DAYS,
    runWorker,
  })
  await app.register(storeSettingsPlugin, { mpApiUrl: env.MP_API_URL })
  await app.register(addressesPlugin)
  await app.register(cartPlugin)
  await app.register(anonymousPurgePlugin, {
    retentionDays: env.ANONYMOUS_RETENTION_DAYS,
    run: runWorker,
  })
  await app.register(customersPlugin)
  await app.register(commissionsPlugin)
  await app.register(ordersPlugin, {
    streams: {
      perOwnerMax: env.ORDER_STREAMS_PER_USER,
      totalMax: env.ORDER_STREAMS_MAX,
      heartbeatMs: env.ORDER_STREAM_HEARTBEAT_MS,
    },
    publicUrl: env.PUBLIC_URL,
  })
  await app.register(couponsPlugin)
  await app.register(checkoutPlugin, { publicUrl: env.PUBLIC_URL, mpApiUrl: env.MP_API_URL })
  await app.register(paymentsPlugin, {
    mpApiUrl: env.MP_API_URL,
    webhookSecret: env.MP_WEBHOOK_SECRET,
    publicUrl: env.PUBLIC_URL,
  })
  await app.register(adminOrdersPlugin, {
    publicUrl: env.PUBLIC_URL,
    sweepIntervalMs: runWorker ? env.PAYMENT_EXPIRY_SWEEP_S * 1000 : null,
  })
  await app.register(counterOrdersPlugin)
  await app.register(invoicingPlugin, {
    serverSecret: env.SESSION_SECRET,
    publicUrl: env.PUBLIC_URL,
    wsaaUrl: env.ARCA_WSAA_URL,
    wsfeUrl: env.ARCA_WSFE_URL,
    timeoutMs: env.ARCA_TIMEOUT_MS,
    runWorker,
  })
  await app.register(dashboardPlugin)
  await app.register(analyticsPlugin)
  await app.register(cityOverviewPlugin)
  // Changes reach every process's caches through the bus: a long life is safe with Redis (or
  // one embedded process); PostgreSQL without Redis may be several processes with no channel.
  const eventsReachEveryProcess = database.driver === 'pglite' || Boolean(env.REDIS_URL)
  const cacheTtlMs = env.CATALOG_CACHE_TTL_MS ?? (eventsReachEveryProcess ? 60_000 : 1_000)
  await app.register(searchPlugin, { cacheTtlMs, eventsReachEveryProcess })
  await app.register(moderationPlugin)
  await app.register(catalogPlugin, {
    radius: { browseKm: env.BROWSE_RADIUS_KM },
    cacheTtlMs,
    // Where changes reach every process the TTL is a backstop: a kept value past it answers for
    // as long again while it is read anew (catalog.cache.ts, `staleMs`), as the search index does.
    cacheStaleMs: eventsReachEveryProcess ? cacheTtlMs : 0,
  })

  await app.register(
    async function v1(api) {
      await api.register(healthRoutes)
      if (operatorToken)
        await api.register(operatorRoutes, { prefix: '/operator', token: operatorToken })
      await api.register(authRoutes, {
        prefix: '/auth',
        limits: {
          accountMax: env.RATE_LIMIT_ACCOUNT_MAX,
          accountWindowMs: env.RATE_LIMIT_ACCOUNT_WINDOW_S * 1000,
          ipMax: env.RATE_LIMIT_IP_MAX,
          deviceIdMax: env.RATE_LIMIT_ANON_CREATE_MAX,
        },
      })
      await api.register(oauthRoutes, { prefix: '/auth', env })
      await api.register(secondFactorRoutes, { prefix: '/auth/totp' })
      await api.register(merchantVettingRoutes, { prefix: '/operator/merchant-applications' })
      // Every store of the city, suspension, product moderation (decision 044).
      await api.register(moderationRoutes, { prefix: '/operator' })
      // The platform's commission rates and the stores' monthly statements (decision 045).
      await api.register(operatorCommissionsRoutes, { prefix: '/operator' })
      // The city at a glance: the figures of every store (decision 048).
      await api.register(cityOverviewRoutes, { prefix: '/operator' })
      // The audit log (decision 047).
      await api.register(operatorAuditRoutes, { prefix: '/operator/audit' })
      await api.register(invitationsRoutes, { prefix: '/auth/invitations' })
      await api.register(accountsRoutes, { prefix: '/account' })
      await api.register(pushRoutes, { prefix: '/push' })
      await api.register(geoRoutes, { prefix: '/geo' })
      await api.register(addressesRoutes, { prefix: '/addresses' })
      await api.register(storesRoutes, { prefix: '/stores' })
      await api.register(productsRoutes, { prefix: '/products' })
      await api.register(searchRoutes, { prefix: '/search' })
      await api.register(cartRoutes, {
        prefix: '/cart',
        newCartsPerMinute: env.RATE_LIMIT_ANON_CREATE_MAX,
      })
      await api.register(checkoutRoutes, { prefix: '/checkout' })
      await api.register(ordersRoutes, { prefix: '/orders' })
      await api.register(withdrawalsRoutes, {
        prefix: '/withdrawals',
        perIpMax: env.RATE_LIMIT_WITHDRAWAL_IP_MAX,
        perEmailMax: env.RATE_LIMIT_WITHDRAWAL_EMAIL_MAX,
      })
      await api.register(paymentsRoutes, { prefix: '/payments' })
      await api.register(mercadoPagoOAuthRoutes, {
        prefix: '/payments/mercadopago/oauth',
        publicUrl: env.PUBLIC_URL,
      })
      await api.register(paymentPreferencesRoutes, { prefix: '/payment-methods' })
      // Seller routes live in their own child scope so that their guards never reach customer routes.
      await api.register(
        async function admin(sellerApi) {
          // onRequest: strangers are refused before their input is even read, and so is what the
          // user's role in the store may not do: every route declares `config: { permission }`
          // (decision 029, plugins/permissions.ts).
          addPermissionGuard(sellerApi, { requireAdmin: sellerApi.requireAdmin })
          // Any successful seller write on a selected store (products, variants, stock, media,
          // collections, orders giving stock back) may change what customers see near them: the
          // store's cached nearby answers are dropped before this answer leaves (decision 024).
          // Writes to a store's place, radius or delivery types also publish a geometry change.
          sellerApi.addHook('onSend', async (request, reply) => {
            if (request.method === 'GET' || request.method === 'HEAD') return
            if (!request.store || reply.statusCode >= 400) return
            app.catalogEvents.publish({ kind: 'products', storeId: request.store.id })
          })
          await sellerApi.register(adminStoresRoutes, { prefix: '/stores' })
          await sellerApi.register(adminProductsRoutes, { prefix: '/products' })
          await sellerApi.register(adminInventoryRoutes, { prefix: '/inventory' })
          // POST /admin/products/bulk-price and /admin/price-changes (issue 28, decision 053).
          await sellerApi.register(adminPriceChangesRoutes)
          // GET /admin/products/export.csv, POST /admin/products/import, /admin/imports (decision 055).
          await sellerApi.register(adminCatalogCsvRoutes)
          await sellerApi.register(adminCollectionsRoutes, { prefix: '/collections' })
          await sellerApi.register(adminAppResourcesRoutes, { prefix: '/app_resources' })
          await sellerApi.register(adminStoreSettingsRoutes)
          // The store's fiscal data and ARCA certificate (decision 054).
          await sellerApi.register(adminFiscalSettingsRoutes)
          // The store's orders and the orders it takes itself (counter orders): one prefix owner.
          await sellerApi.register(adminOrdersScope, { prefix: '/orders' })
          await sellerApi.register(adminOrderStoresRoutes, { prefix: '/order-stores' })
          await sellerApi.register(adminWithdrawalsRoutes, { prefix: '/withdrawals' })
          // The store's coupons (issue 28, decision 056).
          await sellerApi.register(adminCouponsRoutes, { prefix: '/coupons' })
          await sellerApi.register(adminCustomersRoutes, { prefix: '/customers' })
          await sellerApi.register(adminDashboardRoutes, { prefix: '/dashboard' })
          await sellerApi.register(adminPaymentsRoutes, { prefix: '/payments' })
          await sellerApi.register(adminMercadoPagoConnectionRoutes, {
            prefix: '/payments/mercadopago',
          })
          // /admin/statements and /admin/statements.csv: the store's commission statement.
          await sellerApi.register(adminStatementsRoutes)
          await sellerApi.register(analyticsRoutes, { prefix: '/analytics' })
          await sellerApi.register(adminCollaboratorsRoutes, { prefix: '/collaborators' })
        },
        { prefix: '/admin' },
      )
    },
    { prefix: '/api/v1' },
  )

  await app.register(staticFilesPlugin, {
    webDist,
    uploadsDir,
    readFirstPage: createFirstPageReader(app.catalogService, app.log),
  })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count trusts that many hops nearest to us
 * (Fastify 5 refuses bare numbers, so it is spelled as proxy-addr's trust function); the
 * server must then be reachable only through those proxies.
 */
function trustProxyOption(setting: Env['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting
  const hops = setting
  return (_address: string, hop: number) => hop < hops
}

/** S3 storage is on only when bucket, credentials and public URL are all configured. */
function s3ConfigFrom(env: Env) {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY || !env.S3_PUBLIC_URL)
    return null
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL.replace(/\/$/, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  }
}
