import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import axios, { type AxiosInstance } from 'axios'
import * as rax from 'retry-axios'

export type MpPreferenceInput = {
  externalReference: string
  items: Array<{ title: string; quantity: number; unitPriceCents: number }>
  payerEmail: string
  backUrl: string
  notificationUrl: string
  /** After this moment the link no longer takes payments (nor cash tickets); null: no limit. */
  expiresAt?: Date | null
  /**
   * What Mercado Pago keeps for the platform out of the payment (the order's commission, integer
   * centavos), only with a token obtained through the platform's OAuth application (decision 049).
   */
  marketplaceFeeCents?: number | null
}
export type MpPreference = { id: string; initPoint: string }
/** The answer of POST /oauth/token (authorization code or refresh token). */
export type MpOAuthTokens = {
  accessToken: string
  refreshToken: string
  /** Mercado Pago's user id of the account that authorized the platform. */
  userId: string
  /** Seconds the access token lasts (Mercado Pago gives 15552000: 180 days). */
  expiresIn: number
  publicKey: string | null
}

/** Mercado Pago refused the code or the refresh token (400/401/403 of POST /oauth/token). */
export class MpOAuthRefused extends Error {
  constructor(
    readonly status: number,
    readonly mpError: string | null,
  ) {
    super(`mercado pago refused the oauth grant (${status}${mpError ? `: ${mpError}` : ''})`)
  }
}

/**
 * Integer centavos as Mercado Pago's decimal pesos, written with integer operations only:
 * 12345 -> 123.45, 100 -> 1, 5 -> 0.05 (the JSON number of that exact decimal text).
 */
export function centsToPesos(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new Error(`centavos must be an integer: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const whole = Math.trunc(abs / 100)
  const rest = String(abs % 100).padStart(2, '0')
  return Number(`${sign}${whole}.${rest}`)
}
/** The Mercado Pago account an access token belongs to (GET /users/me). */
export type MpAccount = { id: string; nickname: string | null; email: string | null }
export type MpPayment = {
  id: string
  status: string
  amountCents: number
  externalReference: string | null
  /** What Mercado Pago kept (sum of fee_details) and what reached the seller; null if unsaid. */
  feeCents: number | null
  netCents: number | null
  /**
   * What Mercado Pago kept for the marketplace out of it (`fee_details` of type `application_fee`,
   * the preference's `marketplace_fee`): 0 when it lists fees but none for the marketplace, null
   * when it lists no fees at all (decision 049).
   */
  marketplaceFeeCents: number | null
  /** The refunds made on it so far, as GET /v1/payments/{id} lists them (`refunds`). */
  refunds: Array<{ id: string; amountCents: number }>
}

/** A refund Mercado Pago made on a payment (POST /v1/payments/{id}/refunds). */
export type MpRefund = { id: string; amountCents: number; status: string }

const toCents = (pesos: unknown) => Math.round(Number(pesos) * 100)

/** The marketplace's part of fee_details (`application_fee`), when the payment reports fees. */
function marketplaceFeeOf(data: {
  fee_details?: Array<{ type?: unknown; amount?: unknown }>
}): number | null {
  if (!Array.isArray(data.fee_details) || data.fee_details.length === 0) return null
  return data.fee_details
    .filter((f) => f.type === 'application_fee')
    .reduce((sum, f) => sum + toCents(f.amount ?? 0), 0)
}

/** Sums fee_details (Mercado Pago's commission, financing…) when the payment reports them. */
function feeOf(data: { fee_details?: Array<{ amount?: unknown }> }): number | null {
  if (!Array.isArray(data.fee_details) || data.fee_details.length === 0) return null
  return data.fee_details.reduce((sum, f) => sum + toCents(f.amount ?? 0), 0)
}

/**
 * The `X-Idempotency-Key` of a seller's refund sent with our own Idempotency-Key (issue 22,
 * decision 025): SHA-256 (hex, 64 characters) of the store, the order, that key and the request's
 * fingerprint. Scoped like ours (a key is the store's), never our raw key, and another body under
 * the same key (which our side refuses once it committed) can never be answered with the refund
 * of the first body by Mercado Pago.
 */
export function refundIdempotencyKey(input: {
  storeId: string
  orderId: string
  key: string
  fingerprint: string
}): string {
  return createHash('sha256')
    .update(`${input.storeId}:${input.orderId}:${input.key}:${input.fingerprint}`)
    .digest('hex')
}

/**
 * A thin Mercado Pago client (Checkout Pro preferences and payments) with a configurable base URL,
 * so tests talk to a fake server on loopback. Reads are retried; creation carries an idempotency key.
 */
export function createMercadoPagoClient({
  baseUrl,
  timeoutMs = 10_000,
}: {
  baseUrl: string
  timeoutMs?: number
}) {
  const http: AxiosInstance = axios.create({
    baseURL: baseUrl.replace(/\/$/, ''),
    timeout: timeoutMs,
  })
  http.defaults.raxConfig = {
    retry: 3,
    httpMethodsToRetry: ['GET'],
    backoffType: 'exponential',
    retryDelay: 100,
  }
  rax.attach(http)

  return {
    async createPreference(accessToken: string, input: MpPreferenceInput): Promise<MpPreference> {
      const { data } = await http.post(
        '/checkout/preferences',
        {
          external_reference: input.externalReference,
          items: input.items.map((i) => ({
            title: i.title.slice(0, 250),
            quantity: i.quantity,
            unit_price: centsToPesos(i.unitPriceCents),
            currency_id: 'ARS',
          })),
          payer: { email: input.payerEmail },
          back_urls: { success: input.backUrl, pending: input.backUrl, failure: input.backUrl },
          auto_return: 'approved',
          notification_url: input.notificationUrl,
          ...(input.marketplaceFeeCents != null && {
            marketplace_fee: centsToPesos(input.marketplaceFeeCents),
          }),
          ...(input.expiresAt && {
            expires: true,
            expiration_date_to: input.expiresAt.toISOString(),
            date_of_expiration: input.expiresAt.toISOString(),
          }),
        },
        {
          headers: {
            Authorization: `Bearer ${accessToken}`,
            'X-Idempotency-Key': `pref-${input.externalReference}`,
          },
        },
      )
      return { id: String(data.id), initPoint: String(data.init_point) }
    },

    /**
     * POST /oauth/token: an authorization code (with the redirect URI it was issued for) or a
     * refresh token exchanged for the seller's tokens. A 4xx is `MpOAuthRefused`; other failures
     * (network, 5xx) are thrown as they are.
     */
    async oauthToken(
      input: { clientId: string; clientSecret: string } & (
        | { grantType: 'authorization_code'; code: string; redirectUri: string }
        | { grantType: 'refresh_token'; refreshToken: string }
      ),
    ): Promise<MpOAuthTokens> {
      const body =
        input.grantType === 'authorization_code'
          ? { grant_type: input.grantType, code: input.code, redirect_uri: input.redirectUri }
          : { grant_type: input.grantType, refresh_token: input.refreshToken }
      try {
        const { data } = await http.post('/oauth/token', {
          client_id: input.clientId,
          client_secret: input.clientSecret,
          ...body,
        })
        if (!data?.access_token || !data?.refresh_token || data?.user_id == null)
          throw new Error('mercado pago oauth answer without tokens')
        return {
          accessToken: String(data.access_token),
          refreshToken: String(data.refresh_token),
          userId: String(data.user_id),
          expiresIn: Number(data.expires_in) > 0 ? Number(data.expires_in) : 15_552_000,
          publicKey: typeof data.public_key === 'string' ? data.public_key : null,
        }
      } catch (err) {
        const status = axios.isAxiosError(err) ? err.response?.status : undefined
        if (status !== undefined && status >= 400 && status < 500) {
          const answer = axios.isAxiosError(err) ? err.response?.data : null
          throw new MpOAuthRefused(status, typeof answer?.error === 'string' ? answer.error : null)
        }
        throw err
      }
    },

    /** The token's account, or null when Mercado Pago refuses the token (401/403). */
    async getAccount(accessToken: string): Promise<MpAccount | null> {
      try {
        const { data } = await http.get('/users/me', {
          headers: { Authorization: `Bearer ${accessToken}` },
        })
        return {
          id: String(data.id),
          nickname: typeof data.nickname === 'string' ? data.nickname : null,
          email: typeof data.email === 'string' ? data.email : null,
        }
      } catch (err) {
        const status = axios.isAxiosError(err) ? err.response?.status : undefined
        if (status === 401 || status === 403) return null
        throw err
      }
    },

    async getPayment(accessToken: string, paymentId: string): Promise<MpPayment> {
      const { data } = await http.get(`/v1/payments/${encodeURIComponent(paymentId)}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
      return {
        id: String(data.id),
        status: String(data.status),
        // The API speaks decimal pesos; centavos are whole numbers from here on.
        amountCents: toCents(data.transaction_amount),
        externalReference: data.external_reference ? String(data.external_reference) : null,
        feeCents: feeOf(data),
        marketplaceFeeCents: marketplaceFeeOf(data),
        netCents:
          data.transaction_details?.net_received_amount != null
            ? toCents(data.transaction_details.net_received_amount)
            : null,
        refunds: Array.isArray(data.refunds)
          ? (data.refunds as Array<{ id?: unknown; amount?: unknown }>)
              .filter((r) => r.id != null)
              .map((r) => ({ id: String(r.id), amountCents: toCents(r.amount ?? 0) }))
          : [],
      }
    },

    /**
     * Refunds `amountCents` of the payment (partial refunds are allowed; Mercado Pago refuses
     * more than what is left). The idempotency key makes a retried call return the same refund.
     */
    async refundPayment(
      accessToken: string,
      paymentId: string,
      amountCents: number,
      idempotencyKey: string,
    ): Promise<MpRefund> {
      const { data } = await http.post(
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
        { amount: centsToPesos(amountCents) },
        {
          headers: {
            Authorization: `Bearer ${accessToken}`,
            'X-Idempotency-Key': idempotencyKey,
          },
        },
      )
      return {
        id: String(data.id),
        amountCents: toCents(data.amount),
        status: String(data.status ?? 'approved'),
      }
    },
  }
}
export type MercadoPagoClient = ReturnType<typeof createMercadoPagoClient>

/** How far a notification's signed `ts` may be from our clock (replayed notifications are refused). */
export const MP_SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000

/**
 * Verifies Mercado Pago's `x-signature` ("ts=...,v1=...") over the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the webhook secret (HMAC-SHA256, hex),
 * and that `ts` (milliseconds, or seconds) is within MP_SIGNATURE_TOLERANCE_MS of `now`.
 */
export function verifyMercadoPagoSignature(opts: {
  secret: string
  signature: string | undefined
  requestId: string | undefined
  dataId: string
  now?: number
}) {
  if (!opts.signature) return false
  const parts = Object.fromEntries(
    opts.signature.split(',').map((p) => p.trim().split('=') as [string, string]),
  )
  const ts = parts.ts
  const v1 = parts.v1
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts)) return false
  const stampedMs = ts.length <= 11 ? Number(ts) * 1000 : Number(ts)
  if (Math.abs((opts.now ?? Date.now()) - stampedMs) > MP_SIGNATURE_TOLERANCE_MS) return false
  const id = /^[a-z0-9]+$/i.test(opts.dataId) ? opts.dataId.toLowerCase() : opts.dataId
  let manifest = `id:${id};`
  if (opts.requestId) manifest += `request-id:${opts.requestId};`
  manifest += `ts:${ts};`
  const expected = createHmac('sha256', opts.secret).update(manifest).digest('hex')
  return expected.length === v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(v1))
}

/** Mercado Pago payment statuses in our payment status terms. */
export function paymentStatusFromMp(
  status: string,
): 'pending' | 'paid' | 'refunded' | 'authorized' | 'voided' {
  switch (status) {
    case 'approved':
      return 'paid'
    case 'authorized':
      return 'authorized'
    case 'refunded':
    case 'charged_back':
      return 'refunded'
    case 'cancelled':
    case 'rejected':
      return 'voided'
    default:
      return 'pending'
  }
}
