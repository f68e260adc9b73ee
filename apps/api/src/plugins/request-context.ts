import { HEADERS } from '@barrio/contracts/constants'
import { platformSchema, type Platform } from '@barrio/contracts/enums'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'

/** What the spec's request headers (section 7) say about the caller. */
export type RequestContext = {
  deviceId: string | null
  platform: Platform
  userAgent: string | null
  language: string
  storeId: string | null
  cartId: string | null
  addressId: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext
  }
}

const uuid = z.uuid()

/** A malformed id header is treated as absent: it can never name a row, and must not 500 a query. */
function uuidHeader(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name]
  if (typeof value !== 'string') return null
  return uuid.safeParse(value.trim()).success ? value.trim().toLowerCase() : null
}

function readContext(request: FastifyRequest): RequestContext {
  const platform = platformSchema.safeParse(request.headers[HEADERS.platform])
  const language = request.headers['accept-language']
  return {
    deviceId: uuidHeader(request, HEADERS.deviceId),
    platform: platform.success ? platform.data : 'web',
    userAgent: request.headers['user-agent'] ?? null,
    language: typeof language === 'string' ? (language.split(',')[0]?.trim() ?? 'es-AR') : 'es-AR',
    storeId: uuidHeader(request, HEADERS.storeId),
    cartId: uuidHeader(request, HEADERS.cartId),
    addressId: uuidHeader(request, HEADERS.addressId),
  }
}

export const requestContextPlugin = fp(
  async function requestContext(app) {
    app.decorateRequest('ctx', null as unknown as RequestContext)
    app.addHook('onRequest', async (request) => {
      request.ctx = readContext(request)
    })
  },
  { name: 'request-context' },
)
