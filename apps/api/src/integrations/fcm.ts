import { importPKCS8, SignJWT } from 'jose'
import type { FcmServiceAccount } from '../config/env.ts'
import { PushRejectedError, PushTokenGoneError } from './push-errors.ts'
import type { PushMessage } from './push.ts'

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
/** An access token is renewed this long before Google says it expires. */
const RENEW_EARLY_MS = 60_000

type FcmError = {
  error?: {
    code?: number
    message?: string
    status?: string
    details?: Array<{
      '@type'?: string
      errorCode?: string
      fieldViolations?: Array<{ field?: string }>
    }>
  }
}

/**
 * Firebase Cloud Messaging, HTTP v1 API. The service account signs a JWT (RS256) that its
 * `token_uri` exchanges for an OAuth access token (the "JWT bearer" grant), cached until shortly
 * before it expires and shared by concurrent sends; each message is one POST to
 * `{apiUrl}/v1/projects/{project_id}/messages:send`.
 */
export function createFcmClient(opts: {
  serviceAccount: FcmServiceAccount
  apiUrl: string
  timeoutMs?: number
}) {
  const { serviceAccount: sa } = opts
  const timeoutMs = opts.timeoutMs ?? 10_000
  const sendUrl = `${opts.apiUrl.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(sa.project_id)}/messages:send`
  let cached: { token: string; expiresAt: number } | null = null
  let pending: Promise<string> | null = null
  let key: ReturnType<typeof importPKCS8> | null = null

  async function fetchAccessToken(): Promise<string> {
    key ??= importPKCS8(sa.private_key, 'RS256')
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(sa.private_key_id ? { kid: sa.private_key_id } : {}),
      })
      .setIssuer(sa.client_email)
      .setSubject(sa.client_email)
      .setAudience(sa.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await key)
    const res = await fetch(sa.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string
      expires_in?: number
      error?: string
    }
    if (!res.ok || !body.access_token)
      throw new Error(`FCM token exchange failed: ${res.status} ${body.error ?? ''}`.trim())
    cached = {
      token: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - RENEW_EARLY_MS,
    }
    return body.access_token
  }

  function accessToken(): Promise<string> {
    if (cached && Date.now() < cached.expiresAt) return Promise.resolve(cached.token)
    pending ??= fetchAccessToken().finally(() => {
      pending = null
    })
    return pending
  }

  return {
    accessToken,
    async send(message: PushMessage): Promise<void> {
      const bearer = await accessToken()
      const res = await fetch(sendUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: message.token,
            notification: { title: message.title, body: message.body },
            ...(message.data ? { data: message.data } : {}),
            android: { priority: 'HIGH', notification: { sound: 'default' } },
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (res.ok) return
      const body = (await res.json().catch(() => ({}))) as FcmError
      const error = body.error ?? {}
      const codes = (error.details ?? []).map((d) => d.errorCode).filter(Boolean)
      const text = `FCM ${res.status} ${error.status ?? ''} ${codes.join(',')} ${error.message ?? ''}`
      if (res.status === 401) {
        // Revoked or expired early: the next attempt fetches a new access token.
        cached = null
        throw new Error(text)
      }
      // Only the token's own verdict removes it: a wrong project id is also a 404 and must not
      // wipe every device's token.
      if (codes.includes('UNREGISTERED')) throw new PushTokenGoneError(text)
      if (res.status === 400) {
        const onToken = (error.details ?? []).some((d) =>
          (d.fieldViolations ?? []).some((v) => v.field === 'message.token'),
        )
        if (onToken || /registration token/i.test(error.message ?? ''))
          throw new PushTokenGoneError(text)
        throw new PushRejectedError(text)
      }
      if (res.status === 403) throw new PushRejectedError(text)
      // 429, 5xx: try again later (the outbox's backoff).
      throw new Error(text)
    },
  }
}
export type FcmClient = ReturnType<typeof createFcmClient>
