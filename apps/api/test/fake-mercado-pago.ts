import { createHmac, randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

type Payment = {
  status: string
  transaction_amount: number
  external_reference: string
  /** Optional, as Mercado Pago reports them on approved payments (pesos). */
  fee_details?: Array<{ type: string; amount: number; fee_payer?: string }>
  transaction_details?: { net_received_amount: number }
}

/** The account GET /users/me answers for the known token (a subset of Mercado Pago's fields). */
export const FAKE_MP_ACCOUNT = {
  id: 1234567890,
  nickname: 'ALMACENTITO',
  email: 'cobros@almacen-tito.example',
  first_name: 'Tito',
  last_name: 'Almacén',
  country_id: 'AR',
  site_id: 'MLA',
  user_type: 'normal',
  status: { site_status: 'active' },
}

/**
 * A loopback Mercado Pago: POST /checkout/preferences, GET /v1/payments/:id,
 * POST /v1/payments/:id/refunds (partial or whole, refused over what is left, honouring
 * X-Idempotency-Key: a key already seen answers the refund it made, whatever the body, and makes
 * no second one; every call recorded in `refundCalls`; `loseNextRefundAnswer()` makes a refund
 * and drops the connection instead of answering) and GET /users/me
 * (the token's account; 401 for any other token) with Bearer tokens,
 * plus `signedNotification()` producing the webhook request Mercado Pago would send, signed with
 * the shared secret exactly as its docs describe (x-signature: ts=...,v1=HMAC over the manifest).
 */
/** The platform's Mercado Pago application the fake knows (POST /oauth/token checks them). */
export const FAKE_MP_APP = { clientId: '4815162342', clientSecret: 'fake-mp-client-secret-123' }
/** The seller account that authorizes the platform in the fake (the token answer's user_id). */
export const FAKE_MP_SELLER_USER_ID = 555000111

export async function startFakeMercadoPago({
  accessToken,
  webhookSecret,
}: {
  accessToken: string
  webhookSecret: string
}) {
  /**
   * OAuth (decision 049): codes the fake's "authorization page" issued (one use, for the redirect
   * URI they were issued to), the access tokens it gave (accepted like `accessToken`, but they are
   * marketplace tokens: only they may send `marketplace_fee`) and the live refresh tokens (one use:
   * a refresh gives new ones).
   */
  const codes = new Map<string, { redirectUri: string; userId: number }>()
  const oauthTokens = new Map<string, { userId: number }>()
  const refreshTokens = new Map<string, { userId: number }>()
  const tokenCalls: Array<Record<string, unknown>> = []
  /** Every call with a Bearer token: which account's token each preference, read or refund used. */
  const requests: Array<{ method: string; path: string; token: string }> = []
  /** Which token created each preference. */
  const preferenceTokens = new Map<string, string>()
  let expiresIn = 15_552_000
  function issueTokens(userId: number) {
    const access = `APP_USR-oauth-${randomUUID()}`
    const refresh = `TG-${randomUUID()}`
    oauthTokens.set(access, { userId })
    refreshTokens.set(refresh, { userId })
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: expiresIn,
      scope: 'offline_access payments read write',
      user_id: userId,
      refresh_token: refresh,
      public_key: `APP_USR-pk-${userId}`,
      live_mode: true,
    }
  }
  const preferences = new Map<
    string,
    {
      external_reference: string
      notification_url: string
      items: Array<{ unit_price: number; quantity: number }>
      expires?: boolean
      expiration_date_to?: string
      marketplace_fee?: number
    }
  >()
  const payments = new Map<string, Payment>()
  /** Every refund call, as received (also the ones answered from the idempotency cache). */
  const refundCalls: Array<{ paymentId: string; amount: number; idempotencyKey: string | null }> =
    []
  const refunds = new Map<string, Array<{ id: number; amount: number }>>()
  const refundsByKey = new Map<string, { id: number; amount: number; payment_id: number }>()
  let nextRefundId = 9_000_000
  /** Set by holdNextRefund(): the next refund is made, then its answer waits for release(). */
  let refundHold: { reached: () => void; released: Promise<void> } | null = null
  /** Set by holdNextPreference(): the next preference is made, then its answer waits. */
  let preferenceHold: { reached: () => void; released: Promise<void> } | null = null
  /** Set by loseNextRefundAnswer(): the next refund is made, then the connection is dropped. */
  let loseRefundAnswer = false
  /** Waiters for the next GET /v1/payments/:id of a payment (readsOf). */
  const readWaiters: Array<{ paymentId: string; resolve: () => void }> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      const oauthUrl = new URL(req.url ?? '/', 'http://localhost')
      if (req.method === 'POST' && oauthUrl.pathname === '/oauth/token') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
          string,
          unknown
        >
        tokenCalls.push(body)
        const refuse = (status: number, error: string) => {
          res.statusCode = status
          return res.end(JSON.stringify({ error, message: error, status }))
        }
        if (
          body.client_id !== FAKE_MP_APP.clientId ||
          body.client_secret !== FAKE_MP_APP.clientSecret
        )
          return refuse(401, 'invalid_client')
        if (body.grant_type === 'authorization_code') {
          const issued = codes.get(String(body.code))
          if (!issued) return refuse(400, 'invalid_grant')
          codes.delete(String(body.code))
          if (issued.redirectUri !== body.redirect_uri) return refuse(400, 'invalid_grant')
          return res.end(JSON.stringify(issueTokens(issued.userId)))
        }
        if (body.grant_type === 'refresh_token') {
          const live = refreshTokens.get(String(body.refresh_token))
          if (!live) return refuse(400, 'invalid_grant')
          refreshTokens.delete(String(body.refresh_token))
          return res.end(JSON.stringify(issueTokens(live.userId)))
        }
        return refuse(400, 'unsupported_grant_type')
      }
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '')
      requests.push({ method: req.method ?? '', path: oauthUrl.pathname, token: bearer })
      const marketplaceToken = oauthTokens.has(bearer)
      if (bearer !== accessToken && !marketplaceToken) {
        res.statusCode = 401
        return res.end(JSON.stringify({ message: 'invalid access token', status: 401 }))
      }
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        // As Mercado Pago: a marketplace_fee needs a token of the marketplace's application, and
        // is a non-negative amount in pesos no larger than what is charged.
        if (body.marketplace_fee !== undefined) {
          const total = (body.items as Array<{ unit_price: number; quantity: number }>).reduce(
            (sum, i) => sum + Math.round(i.unit_price * 100) * i.quantity,
            0,
          )
          const fee = body.marketplace_fee
          if (
            !marketplaceToken ||
            typeof fee !== 'number' ||
            fee < 0 ||
            Math.round(fee * 100) > total ||
            Math.abs(fee * 100 - Math.round(fee * 100)) > 1e-6
          ) {
            res.statusCode = 400
            return res.end(JSON.stringify({ message: 'invalid marketplace_fee', status: 400 }))
          }
        }
        const id = `pref-${randomUUID()}`
        preferences.set(id, body)
        preferenceTokens.set(id, bearer)
        const answer = () => {
          res.statusCode = 201
          res.end(
            JSON.stringify({
              id,
              init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
            }),
          )
        }
        if (!preferenceHold) return answer()
        // Received but not yet answered: the caller waits on Mercado Pago.
        const hold = preferenceHold
        preferenceHold = null
        hold.reached()
        return void hold.released.then(answer)
      }
      if (req.method === 'GET' && url.pathname === '/users/me') {
        return res.end(JSON.stringify(FAKE_MP_ACCOUNT))
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(url.pathname)
      if (req.method === 'POST' && refund) {
        const paymentId = refund[1]!
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
          amount?: number
        }
        const key = (req.headers['x-idempotency-key'] as string | undefined) ?? null
        refundCalls.push({ paymentId, amount: body.amount ?? NaN, idempotencyKey: key })
        if (key && refundsByKey.has(key)) {
          res.statusCode = 201
          return res.end(JSON.stringify({ ...refundsByKey.get(key), status: 'approved' }))
        }
        const found = payments.get(paymentId)
        if (!found || found.status !== 'approved') {
          res.statusCode = found ? 400 : 404
          return res.end(
            JSON.stringify({ message: 'Payment not refundable', status: res.statusCode }),
          )
        }
        const done = refunds.get(paymentId) ?? []
        const given = done.reduce((s, r) => s + r.amount, 0)
        const amount = body.amount ?? found.transaction_amount - given
        // Pesos with two decimals: compare in centavos to avoid float drift.
        if (Math.round((given + amount) * 100) > Math.round(found.transaction_amount * 100)) {
          res.statusCode = 400
          return res.end(JSON.stringify({ message: 'Invalid refund amount', status: 400 }))
        }
        const made = { id: nextRefundId++, amount, payment_id: Number(paymentId) }
        done.push(made)
        refunds.set(paymentId, done)
        if (key) refundsByKey.set(key, made)
        if (Math.round((given + amount) * 100) === Math.round(found.transaction_amount * 100))
          found.status = 'refunded'
        res.statusCode = 201
        if (loseRefundAnswer) {
          // Made (the payment lists it) but the caller never hears: a lost answer.
          loseRefundAnswer = false
          return void res.destroy()
        }
        const answer = () => res.end(JSON.stringify({ ...made, status: 'approved' }))
        if (!refundHold) return answer()
        // Made (and visible to GET) but not yet answered: the caller's transaction stays open.
        const hold = refundHold
        refundHold = null
        hold.reached()
        return void hold.released.then(answer)
      }
      const payment = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && payment) {
        const found = payments.get(payment[1]!)
        if (!found) {
          res.statusCode = 404
          return res.end(JSON.stringify({ message: 'Payment not found', status: 404 }))
        }
        for (let i = readWaiters.length - 1; i >= 0; i--)
          if (readWaiters[i]!.paymentId === payment[1]) readWaiters.splice(i, 1)[0]!.resolve()
        // As Mercado Pago lists them on the payment (pesos).
        const made = refunds.get(payment[1]!) ?? []
        return res.end(
          JSON.stringify({
            id: Number(payment[1]),
            ...found,
            refunds: made.map((r) => ({ id: r.id, amount: r.amount, status: 'approved' })),
          }),
        )
      }
      res.statusCode = 404
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    preferences,
    preferenceTokens,
    /** Every POST /oauth/token body, as received. */
    tokenCalls,
    requests,
    /**
     * What Mercado Pago's authorization page does when the seller accepts: a one-use code for
     * that redirect URI (the callback then exchanges it).
     */
    authorize(redirectUri: string, userId = FAKE_MP_SELLER_USER_ID) {
      const code = `TG-code-${randomUUID()}`
      codes.set(code, { redirectUri, userId })
      return code
    },
    /** Whether the fake issued this access token through OAuth (a marketplace token). */
    isOAuthToken: (token: string) => oauthTokens.has(token),
    /** Seconds the next issued access tokens last (Mercado Pago: 180 days). */
    setExpiresIn(seconds: number) {
      expiresIn = seconds
    },
    payments,
    refunds,
    refundCalls,
    /**
     * The notification Mercado Pago sends for a payment, signed (or signed with another secret),
     * stamped now or at another time (ms since the epoch, as Mercado Pago's `ts`).
     */
    signedNotification(
      paymentId: string,
      { secret = webhookSecret, at = Date.now() }: { secret?: string; at?: number } = {},
    ) {
      const ts = String(at)
      const requestId = randomUUID()
      const v1 = createHmac('sha256', secret)
        .update(`id:${paymentId};request-id:${requestId};ts:${ts};`)
        .digest('hex')
      return {
        query: `data.id=${paymentId}&type=payment`,
        headers: {
          'x-signature': `ts=${ts},v1=${v1}`,
          'x-request-id': requestId,
          'content-type': 'application/json',
        },
        payload: { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
      }
    },
    /**
     * The next refund call is made at once (the payment shows it) but answered only after
     * `release()`: the refunding transaction is held open. `reached` resolves when it arrives.
     */
    holdNextRefund() {
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      const reached = new Promise<void>((r) => (refundHold = { reached: r, released }))
      return { reached, release }
    },
    /** The next preference is made, but answered only after `release()` (a slow Mercado Pago). */
    holdNextPreference() {
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      const reached = new Promise<void>((r) => (preferenceHold = { reached: r, released }))
      return { reached, release }
    },
    /** The next refund call is made, but its connection is dropped before any answer. */
    loseNextRefundAnswer() {
      loseRefundAnswer = true
    },
    /** Resolves at the next GET /v1/payments/:id of this payment (a webhook reading it). */
    nextRead(paymentId: string) {
      return new Promise<void>((resolve) => readWaiters.push({ paymentId, resolve }))
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
