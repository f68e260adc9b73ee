import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseEnv, pushConfigFrom } from '../config/env.ts'
import { startFakeApns, type FakeApns } from '../../test/fake-apns.ts'
import { startFakeFcm, type FakeFcm } from '../../test/fake-fcm.ts'
import { createApnsClient } from './apns.ts'
import { createFcmClient } from './fcm.ts'
import { createPushGateway, PushRejectedError, PushTokenGoneError } from './push.ts'

let fcm: FakeFcm
let apns: FakeApns
beforeAll(async () => {
  fcm = await startFakeFcm()
  apns = await startFakeApns()
})
afterAll(async () => {
  await fcm.close()
  await apns.close()
})

const message = (token: string, platform = 'android') => ({
  token,
  platform,
  title: 'Tu pedido #12',
  body: 'Pedido en camino',
  data: { orderId: 'o-1', url: '/orders/o-1' },
})

describe('FCM HTTP v1', () => {
  test('exchanges a signed JWT at token_uri once and reuses the access token', async () => {
    const client = createFcmClient({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.url })
    const before = fcm.tokenRequests.length
    await client.send(message('android-a'))
    await Promise.all([client.send(message('android-b')), client.send(message('android-c'))])
    expect(fcm.tokenRequests.slice(before)).toEqual([{ ok: true }])
    const got = fcm.received.filter((m) => m.token.startsWith('android-'))
    expect(got.map((m) => m.token).sort()).toEqual(['android-a', 'android-b', 'android-c'])
    expect(got[0]).toMatchObject({
      projectId: 'barrio-test',
      notification: { title: 'Tu pedido #12', body: 'Pedido en camino' },
      data: { orderId: 'o-1', url: '/orders/o-1' },
    })
  })

  test('a token refused with 401 is dropped and a new one is fetched on the next attempt', async () => {
    const client = createFcmClient({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.url })
    await client.send(message('renew-1'))
    fcm.expireAccessTokens()
    const before = fcm.tokenRequests.length
    await expect(client.send(message('renew-2'))).rejects.toThrow(/FCM 401/)
    await client.send(message('renew-2'))
    expect(fcm.tokenRequests.length).toBe(before + 1)
    expect(fcm.received.some((m) => m.token === 'renew-2')).toBe(true)
  })

  test('an access token is renewed when it is about to expire', async () => {
    const shortLived = await startFakeFcm({ expiresInSeconds: 30 })
    try {
      const client = createFcmClient({
        serviceAccount: shortLived.serviceAccount,
        apiUrl: shortLived.url,
      })
      await client.send(message('short-1'))
      await client.send(message('short-2'))
      // 30 s is inside the renewal margin (60 s): each send fetches a fresh token.
      expect(shortLived.tokenRequests).toEqual([{ ok: true }, { ok: true }])
    } finally {
      await shortLived.close()
    }
  })

  test('a key that is not the service account key is refused by the token endpoint', async () => {
    const other = await startFakeFcm()
    try {
      const client = createFcmClient({
        serviceAccount: { ...fcm.serviceAccount, private_key: other.serviceAccount.private_key },
        apiUrl: fcm.url,
      })
      await expect(client.send(message('forged'))).rejects.toThrow(/token exchange failed: 400/)
      expect(fcm.tokenRequests.at(-1)?.ok).toBe(false)
    } finally {
      await other.close()
    }
  })

  test('UNREGISTERED and an invalid token are "gone"; a 500 is an ordinary (retried) failure', async () => {
    const client = createFcmClient({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.url })
    fcm.failFor('dead-1', 'UNREGISTERED')
    fcm.failFor('dead-2', 'INVALID_ARGUMENT')
    fcm.failFor('flaky', 500)
    await expect(client.send(message('dead-1'))).rejects.toBeInstanceOf(PushTokenGoneError)
    await expect(client.send(message('dead-2'))).rejects.toBeInstanceOf(PushTokenGoneError)
    const outage = client.send(message('flaky'))
    await expect(outage).rejects.toThrow(/FCM 500/)
    await expect(outage).rejects.not.toBeInstanceOf(PushTokenGoneError)
    await expect(outage).rejects.not.toBeInstanceOf(PushRejectedError)
  })

  test('a wrong project id is not mistaken for a dead token', async () => {
    const client = createFcmClient({
      serviceAccount: { ...fcm.serviceAccount, project_id: 'someone-else' },
      apiUrl: fcm.url,
    })
    const sent = client.send(message('alive'))
    await expect(sent).rejects.toThrow(/FCM 404/)
    await expect(sent).rejects.not.toBeInstanceOf(PushTokenGoneError)
  })
})

describe('APNs over HTTP/2', () => {
  const client = () =>
    createApnsClient({
      keyId: apns.keyId,
      teamId: apns.teamId,
      privateKey: apns.privateKeyPem,
      topic: apns.topic,
      apiUrl: apns.url,
    })

  test('sends with an ES256 provider token, reused across sends, and the topic headers', async () => {
    const c = client()
    await c.send(message('ios-a', 'ios'))
    await c.send(message('ios-b', 'ios'))
    expect(apns.providerTokens.size).toBe(1)
    const got = apns.received.find((m) => m.token === 'ios-a')!
    expect(got.headers).toMatchObject({
      'apns-topic': 'ar.barrio.app',
      'apns-push-type': 'alert',
    })
    expect(got.payload).toEqual({
      aps: { alert: { title: 'Tu pedido #12', body: 'Pedido en camino' }, sound: 'default' },
      orderId: 'o-1',
      url: '/orders/o-1',
    })
    c.close()
  })

  test('410 and BadDeviceToken are "gone"; a 500 is retried', async () => {
    const c = client()
    apns.failFor('ios-410', 410)
    apns.failFor('ios-bad', 'BadDeviceToken')
    apns.failFor('ios-500', 500)
    await expect(c.send(message('ios-410', 'ios'))).rejects.toBeInstanceOf(PushTokenGoneError)
    await expect(c.send(message('ios-bad', 'ios'))).rejects.toBeInstanceOf(PushTokenGoneError)
    const outage = c.send(message('ios-500', 'ios'))
    await expect(outage).rejects.toThrow(/APNs 500/)
    await expect(outage).rejects.not.toBeInstanceOf(PushTokenGoneError)
    c.close()
  })

  test('a provider token signed by another key is refused (403), not taken for a dead device', async () => {
    const other = await startFakeApns()
    try {
      const c = createApnsClient({
        keyId: apns.keyId,
        teamId: apns.teamId,
        privateKey: other.privateKeyPem,
        topic: apns.topic,
        apiUrl: apns.url,
      })
      const sent = c.send(message('ios-forged', 'ios'))
      await expect(sent).rejects.toThrow(/APNs 403 InvalidProviderToken/)
      await expect(sent).rejects.not.toBeInstanceOf(PushTokenGoneError)
      c.close()
    } finally {
      await other.close()
    }
  })
})

describe('the gateway', () => {
  test('routes by platform and handles only configured platforms', async () => {
    const onlyFcm = createPushGateway({
      fcm: { serviceAccount: fcm.serviceAccount, apiUrl: fcm.url },
      apns: null,
    })
    expect(onlyFcm.handles('android')).toBe(true)
    expect(onlyFcm.handles('ios')).toBe(false)
    expect(onlyFcm.handles('web')).toBe(false)
    expect(createPushGateway().handles('android')).toBe(false)
    await onlyFcm.send(message('routed'))
    expect(fcm.received.some((m) => m.token === 'routed')).toBe(true)
    onlyFcm.close()
  })
})

describe('push settings (config/env.ts)', () => {
  const base = { DATA_DIR: '/tmp/barrio-push-env', SESSION_SECRET: 'x'.repeat(48) }

  test('nothing set: both platforms are logged only', () => {
    expect(pushConfigFrom(parseEnv(base))).toEqual({ fcm: null, apns: null })
  })

  test('FCM_SERVICE_ACCOUNT takes the JSON itself or the path of its file', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'barrio-sa-')), 'sa.json')
    writeFileSync(file, fcm.serviceAccountJson)
    for (const value of [fcm.serviceAccountJson, file]) {
      const config = pushConfigFrom(parseEnv({ ...base, FCM_SERVICE_ACCOUNT: value }))
      expect(config.fcm).toMatchObject({
        apiUrl: 'https://fcm.googleapis.com',
        serviceAccount: { project_id: 'barrio-test', token_uri: `${fcm.url}/token` },
      })
    }
  })

  test('a service account without its key stops the start with the missing field', () => {
    const { private_key: _, ...noKey } = fcm.serviceAccount
    expect(() =>
      pushConfigFrom(parseEnv({ ...base, FCM_SERVICE_ACCOUNT: JSON.stringify(noKey) })),
    ).toThrow(/FCM_SERVICE_ACCOUNT lacks private_key/)
  })

  test('APNs needs all four values; a one-line key with \\n escapes is unfolded', () => {
    const oneLine = apns.privateKeyPem.trim().replaceAll('\n', '\\n')
    const apnsEnv = {
      APNS_KEY_ID: apns.keyId,
      APNS_TEAM_ID: apns.teamId,
      APNS_PRIVATE_KEY: oneLine,
      APNS_TOPIC: apns.topic,
    }
    expect(pushConfigFrom(parseEnv({ ...base, ...apnsEnv })).apns).toMatchObject({
      privateKey: apns.privateKeyPem.trim(),
      apiUrl: 'https://api.push.apple.com',
    })
    expect(pushConfigFrom(parseEnv({ ...base, ...apnsEnv, APNS_TOPIC: '' })).apns).toBeNull()
  })
})
