import http2 from 'node:http2'
import { importPKCS8, SignJWT } from 'jose'
import { PushRejectedError, PushTokenGoneError } from './push-errors.ts'
import type { PushMessage } from './push.ts'

/** Apple refuses provider tokens older than an hour and throttles new ones more often than 20 min. */
const TOKEN_REUSE_MS = 50 * 60_000
// Not DeviceTokenNotForTopic: a wrong APNS_TOPIC answers it for every token, which must not wipe them.
const GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered'])

/**
 * Apple Push Notification service over HTTP/2 with token-based authentication: an ES256 JWT
 * (`kid` = key id, `iss` = team id) reused for 50 minutes, one long-lived HTTP/2 connection
 * (reopened when it closes), POST `/3/device/{token}` with the apns-topic and apns-push-type
 * headers. An `http://` base URL speaks cleartext HTTP/2 (the loopback fake in tests).
 */
export function createApnsClient(opts: {
  keyId: string
  teamId: string
  privateKey: string
  topic: string
  apiUrl: string
  timeoutMs?: number
}) {
  const timeoutMs = opts.timeoutMs ?? 10_000
  let provider: { jwt: string; issuedAt: number } | null = null
  let key: ReturnType<typeof importPKCS8> | null = null
  let session: http2.ClientHttp2Session | null = null

  async function providerToken(): Promise<string> {
    if (provider && Date.now() - provider.issuedAt < TOKEN_REUSE_MS) return provider.jwt
    key ??= importPKCS8(opts.privateKey, 'ES256')
    const issuedAt = Date.now()
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: opts.keyId })
      .setIssuer(opts.teamId)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(await key)
    provider = { jwt, issuedAt }
    return jwt
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session
    const s = http2.connect(opts.apiUrl)
    const forget = () => {
      if (session === s) session = null
    }
    s.on('close', forget)
    s.on('goaway', forget)
    s.on('error', forget)
    // An idle connection must not keep the process alive (tests, graceful shutdown).
    s.unref()
    session = s
    return s
  }

  return {
    providerToken,
    async send(message: PushMessage): Promise<void> {
      const jwt = await providerToken()
      const payload = JSON.stringify({
        aps: { alert: { title: message.title, body: message.body }, sound: 'default' },
        ...message.data,
      })
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const req = connection().request({
            ':method': 'POST',
            ':path': `/3/device/${encodeURIComponent(message.token)}`,
            authorization: `bearer ${jwt}`,
            'apns-topic': opts.topic,
            'apns-push-type': 'alert',
            'apns-priority': '10',
            'content-type': 'application/json',
          })
          let status = 0
          const chunks: Buffer[] = []
          req.setTimeout(timeoutMs, () => {
            req.close(http2.constants.NGHTTP2_CANCEL)
            reject(new Error(`APNs did not answer within ${timeoutMs} ms`))
          })
          req.on('response', (headers) => {
            status = Number(headers[':status'])
          })
          req.on('data', (c: Buffer) => chunks.push(c))
          req.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }))
          req.on('error', reject)
          req.end(payload)
        },
      )
      if (status === 200) return
      let reason = ''
      try {
        reason = (JSON.parse(body) as { reason?: string }).reason ?? ''
      } catch {
        // An empty or non-JSON body: the status alone decides.
      }
      const text = `APNs ${status} ${reason}`.trim()
      if (status === 410 || (status === 400 && GONE_REASONS.has(reason)))
        throw new PushTokenGoneError(text)
      if (status === 403 && /ProviderToken/.test(reason)) {
        // Apple refused our JWT (expired, or the key rotated): sign a new one next time.
        provider = null
        throw new Error(text)
      }
      if (status === 429 || status >= 500) throw new Error(text)
      throw new PushRejectedError(text)
    },
    close() {
      session?.close()
      session = null
    },
  }
}
export type ApnsClient = ReturnType<typeof createApnsClient>
