import { HEADERS } from '@barrio/contracts/constants'
import { PLATFORMS, type Platform } from '@barrio/contracts/enums'
import type { RawRequestDefaultExpression } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { signDeviceId, verifyDeviceToken } from '../lib/tokens.ts'
import { findUnstorableText } from '../lib/validation.ts'

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
  readonly deviceInfo: DeviceInfo
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

type Headers = RawRequestDefaultExpression['headers']

const uuid = z.uuid()

/** A malformed id header is treated as absent: it can never name a row, and must not 500 a query. */
function uuidHeader(headers: Headers, name: string): string | null {
  const value = headers[name]
  if (typeof value !== 'string') return null
  return uuid.safeParse(value.trim()).success ? value.trim().toLowerCase() : null
}

/**
 * A URI-encoded x-device-* header, decoded and cut to a sane length; malformed means absent, and
 * so does text PostgreSQL cannot store once decoded (`%00`: decision 012).
 */
function textHeader(headers: Headers, name: string): string | undefined {
  const value = headers[name]
  if (typeof value !== 'string' || value.trim() === '') return undefined
  try {
    const text = decodeURIComponent(value.trim()).slice(0, 200)
    return findUnstorableText(text) === null ? text : undefined
  } catch {
    return undefined
  }
}

function readDeviceInfo(headers: Headers): DeviceInfo {
  const info: DeviceInfo = {
    model: textHeader(headers, HEADERS.deviceModel),
    operatingSystem: textHeader(headers, HEADERS.deviceOs),
    osVersion: textHeader(headers, HEADERS.deviceOsVersion),
    manufacturer: textHeader(headers, HEADERS.deviceManufacturer),
    name: textHeader(headers, HEADERS.deviceName),
  }
  const virtual = textHeader(headers, HEADERS.deviceVirtual)
  if (virtual === 'true' || virtual === 'false') info.isVirtual = virtual === 'true'
  return Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined))
}

const platforms = new Set<string>(PLATFORMS)

/**
 * The context as a class so that what few routes read stays unread on the hot path: the native
 * app's x-device-* headers are decoded on first use (sign-in, push registration), not on every
 * nearby read (bench/README.md, the request pipeline).
 */
class HeaderContext implements RequestContext {
  readonly deviceId: string | null
  readonly deviceTrusted: boolean
  readonly platform: Platform
  readonly userAgent: string | null
  readonly language: string
  readonly storeId: string | null
  readonly cartId: string | null
  readonly addressId: string | null
  #headers: Headers
  #deviceInfo: DeviceInfo | undefined

  constructor(headers: Headers, deviceSecret: string) {
    this.#headers = headers
    const platform = headers[HEADERS.platform]
    const language = headers['accept-language']
    const deviceId = uuidHeader(headers, HEADERS.deviceId)
    const deviceToken = headers[HEADERS.deviceToken]
    this.deviceId = deviceId
    this.deviceTrusted =
      deviceId !== null &&
      verifyDeviceToken(
        deviceSecret,
        deviceId,
        typeof deviceToken === 'string' ? deviceToken.trim() : null,
      )
    this.platform =
      typeof platform === 'string' && platforms.has(platform) ? (platform as Platform) : 'web'
    this.userAgent = headers['user-agent'] ?? null
    this.language =
      typeof language === 'string' ? (language.split(',')[0]?.trim() ?? 'es-AR') : 'es-AR'
    this.storeId = uuidHeader(headers, HEADERS.storeId)
    this.cartId = uuidHeader(headers, HEADERS.cartId)
    this.addressId = uuidHeader(headers, HEADERS.addressId)
  }

  get deviceInfo(): DeviceInfo {
    return (this.#deviceInfo ??= readDeviceInfo(this.#headers))
  }
}

export const requestContextPlugin = fp<{ deviceSecret: string }>(
  async function requestContext(app, { deviceSecret }) {
    app.decorateRequest('ctx', null as unknown as RequestContext)
    app.decorate('signDeviceId', (deviceId: string) => signDeviceId(deviceSecret, deviceId))
    app.addHook('onRequest', function readContext(request, _reply, done) {
      request.ctx = new HeaderContext(request.headers, deviceSecret)
      done()
    })
  },
  { name: 'request-context' },
)
