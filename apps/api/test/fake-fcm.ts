/**
 * A loopback Firebase Cloud Messaging that speaks the real protocol:
 * - POST /token: Google's OAuth token endpoint for the JWT-bearer grant. The assertion's RS256
 *   signature is verified against the public key of the service account this fake made, and its
 *   iss / aud / scope are checked; it answers `{ access_token, expires_in, token_type }`.
 * - POST /v1/projects/{project}/messages:send: FCM HTTP v1. It checks the bearer token (issued
 *   by /token and not expired) and records the message; a token told to fail answers as FCM
 *   does (404 UNREGISTERED, 400 INVALID_ARGUMENT on message.token, or 500).
 * - For other processes (the e2e run): GET /health, GET /__fake/messages (what was received),
 *   DELETE /__fake/messages, POST /__fake/fail `{ token, answer }`.
 *
 * In a test: `const fcm = await startFakeFcm()`, then build the app with
 * `FCM_SERVICE_ACCOUNT: fcm.serviceAccountJson, FCM_API_URL: fcm.url`.
 * Standalone: `node --import tsx apps/api/test/fake-fcm.ts <port> <service-account-file>` writes
 * the service account to the file and listens; point the API at it with
 * `FCM_SERVICE_ACCOUNT=<service-account-file> FCM_API_URL=http://127.0.0.1:<port>`.
 */
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose'

export type FcmAnswer = 'UNREGISTERED' | 'INVALID_ARGUMENT' | 500
export type FcmReceived = {
  projectId: string
  token: string
  notification: { title: string; body: string }
  data?: Record<string, string>
  android?: unknown
  receivedAt: number
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

export async function startFakeFcm(
  options: { port?: number; projectId?: string; expiresInSeconds?: number } = {},
) {
  const projectId = options.projectId ?? 'barrio-test'
  const clientEmail = `push@${projectId}.iam.gserviceaccount.com`
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  const privateKeyPem = await exportPKCS8(privateKey)
  const accessTokens = new Map<string, number>()
  const failures = new Map<string, FcmAnswer>()
  const received: FcmReceived[] = []
  const tokenRequests: Array<{ ok: boolean; reason?: string }> = []
  let url = ''

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(body))
  }
  const fcmError = (res: http.ServerResponse, answer: FcmAnswer) => {
    if (answer === 'UNREGISTERED')
      return json(res, 404, {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [
            {
              '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
              errorCode: 'UNREGISTERED',
            },
          ],
        },
      })
    if (answer === 'INVALID_ARGUMENT')
      return json(res, 400, {
        error: {
          code: 400,
          message: 'The registration token is not a valid FCM registration token',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
              errorCode: 'INVALID_ARGUMENT',
            },
            {
              '@type': 'type.googleapis.com/google.rpc.BadRequest',
              fieldViolations: [
                { field: 'message.token', description: 'Invalid registration token' },
              ],
            },
          ],
        },
      })
    return json(res, 500, { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } })
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (req.method === 'GET' && path === '/health') return json(res, 200, { ok: true })
    if (path === '/__fake/messages') {
      if (req.method === 'DELETE') received.length = 0
      return json(res, 200, received)
    }
    if (req.method === 'POST' && path === '/__fake/fail') {
      const { token, answer } = JSON.parse(raw) as { token: string; answer: FcmAnswer | null }
      if (answer === null) failures.delete(token)
      else failures.set(token, answer)
      return json(res, 200, { ok: true })
    }
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw)
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        tokenRequests.push({ ok: false, reason: 'grant_type' })
        return json(res, 400, { error: 'unsupported_grant_type' })
      }
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
          issuer: clientEmail,
          audience: `${url}/token`,
          algorithms: ['RS256'],
        })
        if (
          !String(payload.scope ?? '')
            .split(' ')
            .includes(SCOPE)
        )
          throw new Error('scope')
      } catch (err) {
        tokenRequests.push({ ok: false, reason: String(err) })
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid JWT Signature.',
        })
      }
      tokenRequests.push({ ok: true })
      const expiresIn = options.expiresInSeconds ?? 3599
      const accessToken = `ya29.fake-${randomBytes(12).toString('hex')}`
      accessTokens.set(accessToken, Date.now() + expiresIn * 1000)
      return json(res, 200, {
        access_token: accessToken,
        expires_in: expiresIn,
        token_type: 'Bearer',
      })
    }
    const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)
    if (req.method === 'POST' && send) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
      const expires = accessTokens.get(bearer)
      if (!expires || expires <= Date.now())
        return json(res, 401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        })
      if (decodeURIComponent(send[1]!) !== projectId)
        return json(res, 404, {
          error: { code: 404, message: 'Project not found', status: 'NOT_FOUND' },
        })
      const { message } = JSON.parse(raw) as {
        message: Omit<FcmReceived, 'projectId' | 'receivedAt'>
      }
      if (!message?.token || !message.notification) return fcmError(res, 'INVALID_ARGUMENT')
      const failure = failures.get(message.token)
      if (failure) return fcmError(res, failure)
      received.push({ ...message, projectId, receivedAt: Date.now() })
      return json(res, 200, {
        name: `projects/${projectId}/messages/${randomBytes(8).toString('hex')}`,
      })
    }
    return json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) =>
        json(res, 500, { error: { code: 500, message: String(err), status: 'INTERNAL' } }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const serviceAccount = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(8).toString('hex'),
    private_key: privateKeyPem,
    client_email: clientEmail,
    client_id: '1234567890',
    token_uri: `${url}/token`,
  }

  return {
    url,
    serviceAccount,
    /** The value for FCM_SERVICE_ACCOUNT. */
    serviceAccountJson: JSON.stringify(serviceAccount),
    /** Messages FCM accepted, oldest first. */
    received,
    /** Every call to the token endpoint, and whether its assertion was accepted. */
    tokenRequests,
    /** Makes sends to this token answer as FCM does for a dead token or an outage; null heals. */
    failFor(token: string, answer: FcmAnswer | null) {
      if (answer === null) failures.delete(token)
      else failures.set(token, answer)
    },
    /** Expires every access token issued so far (the next send gets a 401). */
    expireAccessTokens() {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type FakeFcm = Awaited<ReturnType<typeof startFakeFcm>>

// Standalone: node --import tsx apps/api/test/fake-fcm.ts <port> <service-account-file>
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port = '4599', file] = process.argv.slice(2)
  const fcm = await startFakeFcm({ port: Number(port) })
  if (file) writeFileSync(file, fcm.serviceAccountJson, { mode: 0o600 })
  process.stdout.write(`fake FCM at ${fcm.url}\n`)
}
