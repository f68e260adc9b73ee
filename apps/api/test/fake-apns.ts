/**
 * A loopback APNs over cleartext HTTP/2 (h2c): POST /3/device/{token} with an ES256 provider
 * token. It verifies the JWT's signature with the public key of the key pair it made (its `kid`
 * and `iss` must be the key id and team id), checks apns-topic and apns-push-type, records the
 * notification, and answers as Apple does: 200 with an apns-id, 410 Unregistered, 400
 * BadDeviceToken, 403 InvalidProviderToken, or 500 for a token told to fail.
 *
 * `const apns = await startFakeApns()`, then build the app with `APNS_KEY_ID: apns.keyId,
 * APNS_TEAM_ID: apns.teamId, APNS_PRIVATE_KEY: apns.privateKeyPem, APNS_TOPIC: apns.topic,
 * APNS_API_URL: apns.url`.
 */
import { randomUUID } from 'node:crypto'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose'

export type ApnsAnswer = 410 | 'BadDeviceToken' | 500
export type ApnsReceived = {
  token: string
  headers: Record<string, string>
  payload: { aps: { alert: { title: string; body: string } } } & Record<string, unknown>
}

export async function startFakeApns(options: { topic?: string } = {}) {
  const keyId = 'ABC123DEFG'
  const teamId = 'TEAM123456'
  const topic = options.topic ?? 'ar.barrio.app'
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
  const privateKeyPem = await exportPKCS8(privateKey)
  const received: ApnsReceived[] = []
  const failures = new Map<string, ApnsAnswer>()
  /** Distinct provider tokens seen: the client should reuse one for ~50 minutes. */
  const providerTokens = new Set<string>()

  const server = http2.createServer()
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      void (async () => {
        const answer = (status: number, reason?: string) => {
          stream.respond({ ':status': status, 'apns-id': randomUUID() })
          stream.end(reason ? JSON.stringify({ reason }) : undefined)
        }
        const path = String(headers[':path'] ?? '')
        const device = /^\/3\/device\/([^/]+)$/.exec(path)
        if (headers[':method'] !== 'POST' || !device) return answer(404, 'BadPath')
        const jwt = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1]
        if (!jwt) return answer(403, 'MissingProviderToken')
        try {
          if (decodeProtectedHeader(jwt).kid !== keyId) throw new Error('kid')
          await jwtVerify(jwt, publicKey, { issuer: teamId, algorithms: ['ES256'] })
        } catch {
          return answer(403, 'InvalidProviderToken')
        }
        providerTokens.add(jwt)
        if (headers['apns-topic'] !== topic) return answer(400, 'DeviceTokenNotForTopic')
        if (!headers['apns-push-type']) return answer(400, 'InvalidPushType')
        const token = decodeURIComponent(device[1]!)
        const failure = failures.get(token)
        if (failure === 410) return answer(410, 'Unregistered')
        if (failure === 'BadDeviceToken') return answer(400, 'BadDeviceToken')
        if (failure === 500) return answer(500, 'InternalServerError')
        const plain: Record<string, string> = {}
        for (const [k, v] of Object.entries(headers)) if (!k.startsWith(':')) plain[k] = String(v)
        received.push({
          token,
          headers: plain,
          payload: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApnsReceived['payload'],
        })
        answer(200)
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (s) => {
    sessions.add(s)
    s.on('close', () => sessions.delete(s))
  })

  return {
    url,
    keyId,
    teamId,
    topic,
    privateKeyPem,
    received,
    providerTokens,
    failFor(token: string, answer: ApnsAnswer | null) {
      if (answer === null) failures.delete(token)
      else failures.set(token, answer)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sessions) s.destroy()
        server.close(() => resolve())
      }),
  }
}
export type FakeApns = Awaited<ReturnType<typeof startFakeApns>>
