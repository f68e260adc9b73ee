import { HEADERS } from '@barrio/contracts/constants'
import { platformSchema, type Platform } from '@barrio/contracts/enums'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { signDeviceId, verifyDeviceToken } from '../lib/tokens.ts'

/** What the spec's request headers (section 7) say about the caller. */
export type RequestContext = {
  deviceId: string | null
  /**
   * x-device-token proves the device id was issued to this caller. Without it the id still names
   * the anonymous device's own carts and addresses (spec section 7), but nothing moves or is
   * claimed on sign-in.
   */
  deviceTrusted: boolean
  platform: Platform
  userAgent: string | null
  language: string
  storeId: string | null
  cartId: string | null
  addressId: string | null
  /**
   * What the native app says of the phone in x-device-* headers (spec section 3, Device): kept
   * with the device row whenever the server writes it (sign-in, push registration). Empty on web.
   */
  deviceInfo: DeviceInfo
}

export type DeviceInfo = {
  model?: string
  operatingSystem?: string
  osVersion?: string
  manufacturer?: string
  isVirtual?: boolean
  name?: string
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext
  }
  interface FastifyInstance {
    /** The x-device-token of a device id issued by this server. */
    signDeviceId(deviceId: string): string
  }
}

const uuid = z.uuid()

/** A malformed id header is treated as absent: it can never name a row, and must not 500 a query. */
function uuidHeader(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name]
  if (typeof value !== 'string') return null
  return uuid.safeParse(value.trim()).success ? value.trim().toLowerCase() : null
}

/** A URI-encoded x-device-* header, decoded and cut to a sane length; malformed means absent. */
function textHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  if (typeof value !== 'string' || value.trim() === '') return undefined
  try {
    return decodeURIComponent(value.trim()).slice(0, 200)
  } catch {
    return undefined
  }
}

function readDeviceInfo(request: FastifyRequest): DeviceInfo {
  const info: DeviceInfo = {
    model: textHeader(request, HEADERS.deviceModel),
    operatingSystem: textHeader(request, HEADERS.deviceOs),
    osVersion: textHeader(request, HEADERS.deviceOsVersion),
    manufacturer: textHeader(request, HEADERS.deviceManufacturer),
    name: textHeader(request, HEADERS.deviceName),
  }
  const virtual = textHeader(request, HEADERS.deviceVirtual)
  if (virtual === 'true' || virtual === 'false') info.isVirtual = virtual === 'true'
  return Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined))
}

function readContext(request: FastifyRequest, deviceSecret: string): RequestContext {
  const platform = platformSchema.safeParse(request.headers[HEADERS.platform])
  const language = request.headers['accept-language']
  const deviceId = uuidHeader(request, HEADERS.deviceId)
  const deviceToken = request.headers[HEADERS.deviceToken]
  return {
    deviceId,
    deviceTrusted:
      deviceId !== null &&
      verifyDeviceToken(
        deviceSecret,
        deviceId,
        typeof deviceToken === 'string' ? deviceToken.trim() : null,
      ),
    platform: platform.success ? platform.data : 'web',
    userAgent: request.headers['user-agent'] ?? null,
    language: typeof language === 'string' ? (language.split(',')[0]?.trim() ?? 'es-AR') : 'es-AR',
    storeId: uuidHeader(request, HEADERS.storeId),
    cartId: uuidHeader(request, HEADERS.cartId),
    addressId: uuidHeader(request, HEADERS.addressId),
    deviceInfo: readDeviceInfo(request),
  }
}

export const requestContextPlugin = fp<{ deviceSecret: string }>(
  async function requestContext(app, { deviceSecret }) {
    app.decorateRequest('ctx', null as unknown as RequestContext)
    app.decorate('signDeviceId', (deviceId: string) => signDeviceId(deviceSecret, deviceId))
    app.addHook('onRequest', async (request) => {
      request.ctx = readContext(request, deviceSecret)
    })
  },
  { name: 'request-context' },
)
