import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeApns, type FakeApns } from '../../../test/fake-apns.ts'
import { startFakeFcm, type FakeFcm } from '../../../test/fake-fcm.ts'
import { issuedDevice, signedInCustomer } from '../../../test/factories.ts'
import { devices } from '../../db/schema/identity.ts'
import { outbox } from '../../db/schema/outbox.ts'

let app: TestApp
let fcm: FakeFcm
let apns: FakeApns
beforeAll(async () => {
  fcm = await startFakeFcm()
  apns = await startFakeApns()
  app = await buildTestApp({
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountJson,
    FCM_API_URL: fcm.url,
    APNS_KEY_ID: apns.keyId,
    APNS_TEAM_ID: apns.teamId,
    APNS_PRIVATE_KEY: apns.privateKeyPem,
    APNS_TOPIC: apns.topic,
    APNS_API_URL: apns.url,
  })
})
afterAll(async () => {
  await app.close()
  await fcm.close()
  await apns.close()
})

/** A signed-in customer on a device that holds its signed device id. */
async function personOnDevice() {
  const person = await signedInCustomer(app)
  const device = await issuedDevice(app)
  return { ...person, device, headers: { cookie: person.cookie, ...device } }
}

const register = (
  headers: Record<string, string>,
  deviceToken: string,
  devicePlatform = 'android',
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/push/devices',
    headers,
    payload: { deviceToken, devicePlatform },
  })

const deviceRow = async (uuid: string) =>
  (await app.db.select().from(devices).where(eq(devices.uuid, uuid)))[0]

const pushRowsTo = (token: string) =>
  app.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'push'))
    .orderBy(desc(outbox.createdAt))
    .then((rows) => rows.filter((r) => (r.payload as { token: string }).token === token))

describe('POST /push/devices registers the token of the signed-in user’s device', () => {
  test('stores the token and platform on the device, for the user', async () => {
    const p = await personOnDevice()
    const res = await register(p.headers, 'fcm-token-1')
    expect(res.statusCode).toBe(204)
    expect(await deviceRow(p.device['x-device-id'])).toMatchObject({
      userId: p.user._id,
      pushToken: 'fcm-token-1',
      pushPlatform: 'android',
    })
  })

  test('keeps what the app says of the phone in its x-device-* headers (spec section 3)', async () => {
    const p = await personOnDevice()
    const res = await register(
      {
        ...p.headers,
        'x-device-model': 'Pixel%207',
        'x-device-os': 'android',
        'x-device-os-version': '14',
        'x-device-manufacturer': 'Google',
        'x-device-virtual': 'false',
        'x-device-name': encodeURIComponent('Teléfono de Lucía'),
      },
      'fcm-token-described',
    )
    expect(res.statusCode).toBe(204)
    expect(await deviceRow(p.device['x-device-id'])).toMatchObject({
      model: 'Pixel 7',
      operatingSystem: 'android',
      osVersion: '14',
      manufacturer: 'Google',
      isVirtual: false,
      name: 'Teléfono de Lucía',
    })
  })

  test('needs a session (401) and a device that proves its id (403)', async () => {
    const p = await personOnDevice()
    const anonymous = await register(p.device, 'fcm-token-anon')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    const bareId = await register(
      { cookie: p.cookie, 'x-device-id': p.device['x-device-id'] },
      'fcm-token-bare',
    )
    expect(bareId.statusCode).toBe(403)
    expect(bareId.json()).toMatchObject({ code: 'FORBIDDEN', errors: [{ name: 'x-device-token' }] })
    expect((await deviceRow(p.device['x-device-id']))?.pushToken ?? null).toBeNull()
  })

  test('refuses bad input with catalogue codes and Spanish messages', async () => {
    const p = await personOnDevice()
    const web = await register(p.headers, 'fcm-token-2', 'web')
    expect(web.statusCode).toBe(400)
    expect(web.json()).toMatchObject({
      code: 'INVALID',
      errors: [{ name: 'devicePlatform', message: 'Plataforma no válida' }],
    })
    const junk = await register(p.headers, 'token with spaces')
    expect(junk.statusCode).toBe(400)
    expect(junk.json().errors).toEqual([
      { name: 'deviceToken', message: 'El token del dispositivo no es válido' },
    ])
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: p.headers,
      payload: { devicePlatform: 'ios' },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'MISSING_REQUIRED_FIELD' })
  })

  test("a token moves between the same account's devices, never to another account's", async () => {
    const first = await personOnDevice()
    const stranger = await personOnDevice()
    await register(first.headers, 'moving-token')
    const claim = await register(stranger.headers, 'moving-token')
    expect(claim.statusCode).toBe(409)
    expect(claim.json()).toMatchObject({ code: 'CONFLICT', errors: [{ name: 'deviceToken' }] })
    expect(await deviceRow(first.device['x-device-id'])).toMatchObject({
      userId: first.user._id,
      pushToken: 'moving-token',
    })

    // The same account on a new device id (a reinstalled app) takes its own token along.
    const reinstalled = await issuedDevice(app)
    const moved = await register({ cookie: first.cookie, ...reinstalled }, 'moving-token')
    expect(moved.statusCode).toBe(204)
    expect((await deviceRow(first.device['x-device-id']))?.pushToken).toBeNull()
    expect(await deviceRow(reinstalled['x-device-id'])).toMatchObject({
      userId: first.user._id,
      pushToken: 'moving-token',
    })
    // One token per device: a refreshed token replaces the old one.
    await register({ cookie: first.cookie, ...reinstalled }, 'refreshed-token')
    expect((await deviceRow(reinstalled['x-device-id']))?.pushToken).toBe('refreshed-token')
  })
})

describe('registering the same token from two devices at once', () => {
  test('one account gets it (204), the others are told it is taken (409), one device keeps it', async () => {
    const people = await Promise.all([personOnDevice(), personOnDevice(), personOnDevice()])
    const answers = await Promise.all(people.map((p) => register(p.headers, 'raced-token')))
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409, 409])
    const holders = await app.db.select().from(devices).where(eq(devices.pushToken, 'raced-token'))
    expect(holders).toHaveLength(1)
    const winner = people[answers.findIndex((r) => r.statusCode === 204)]!
    expect(holders[0]).toMatchObject({ uuid: winner.device['x-device-id'] })
  })

  test("the same account's devices racing for its token: every call 204, one device keeps it", async () => {
    const person = await signedInCustomer(app)
    const phones = await Promise.all([issuedDevice(app), issuedDevice(app), issuedDevice(app)])
    const answers = await Promise.all(
      phones.map((d) => register({ cookie: person.cookie, ...d }, 'own-raced-token')),
    )
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204])
    const holders = await app.db
      .select()
      .from(devices)
      .where(eq(devices.pushToken, 'own-raced-token'))
    expect(holders).toHaveLength(1)
  })
})

describe('removing a token', () => {
  test('DELETE /push/devices/{token} removes it from the caller’s device, idempotently', async () => {
    const p = await personOnDevice()
    await register(p.headers, 'to-delete')
    const del = () =>
      app.inject({ method: 'DELETE', url: '/api/v1/push/devices/to-delete', headers: p.device })
    expect((await del()).statusCode).toBe(204)
    expect((await deviceRow(p.device['x-device-id']))?.pushToken).toBeNull()
    expect((await del()).statusCode).toBe(204)
  })

  test('a real-looking FCM token (with a colon) is registered and removed by its URL', async () => {
    const p = await personOnDevice()
    const token = 'dQw4w9WgXcQ:APA91bH-x_y.z0123456789'
    expect((await register(p.headers, token)).statusCode).toBe(204)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/push/devices/${encodeURIComponent(token)}`,
      headers: p.headers,
    })
    expect(res.statusCode).toBe(204)
    expect((await deviceRow(p.device['x-device-id']))?.pushToken).toBeNull()
  })

  test('nobody else can remove it, and an anonymous caller without a device gets 401', async () => {
    const p = await personOnDevice()
    const stranger = await personOnDevice()
    await register(p.headers, 'kept-token')
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/push/devices/kept-token',
      headers: stranger.headers,
    })
    expect(res.statusCode).toBe(204)
    expect((await deviceRow(p.device['x-device-id']))?.pushToken).toBe('kept-token')
    const anonymous = await app.inject({ method: 'DELETE', url: '/api/v1/push/devices/kept-token' })
    expect(anonymous.statusCode).toBe(401)
  })

  test('signing out clears the device’s token on the server', async () => {
    const p = await personOnDevice()
    await register(p.headers, 'signed-out-token')
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: p.headers })
    expect(out.statusCode).toBe(200)
    expect((await deviceRow(p.device['x-device-id']))?.pushToken).toBeNull()
  })
})

describe('POST /push/test sends a real push through the outbox', () => {
  /** A test push from a signed-in person's device that registered the token first. */
  const pushTest = async (
    headers: Record<string, string>,
    deviceToken: string,
    devicePlatform: string,
  ) => {
    const registered = await register(
      headers,
      deviceToken,
      devicePlatform === 'web' ? 'android' : devicePlatform,
    )
    expect(registered.statusCode).toBe(204)
    return app.inject({
      method: 'POST',
      url: '/api/v1/push/test',
      headers,
      payload: { deviceToken, devicePlatform },
    })
  }

  test('Android: FCM receives the Spanish test notification', async () => {
    const p = await personOnDevice()
    expect((await pushTest(p.headers, 'test-android', 'android')).statusCode).toBe(202)
    await app.outboxWorker.drain()
    expect(fcm.received.find((m) => m.token === 'test-android')).toMatchObject({
      notification: { title: 'Barrio', body: 'Las notificaciones funcionan en este dispositivo.' },
      data: { url: '/' },
    })
    expect((await pushRowsTo('test-android'))[0]?.status).toBe('sent')
  })

  test('iOS: APNs receives it over HTTP/2 with the app topic', async () => {
    const p = await personOnDevice()
    expect((await pushTest(p.headers, 'abcdef0123456789', 'ios')).statusCode).toBe(202)
    await app.outboxWorker.drain()
    const got = apns.received.find((m) => m.token === 'abcdef0123456789')
    expect(got?.payload.aps.alert).toEqual({
      title: 'Barrio',
      body: 'Las notificaciones funcionan en este dispositivo.',
    })
    expect(got?.headers['apns-topic']).toBe(apns.topic)
  })

  test('a web token has no provider: the push is only logged', async () => {
    const p = await personOnDevice()
    expect((await pushTest(p.headers, 'web-token', 'web')).statusCode).toBe(202)
    await app.outboxWorker.drain()
    expect((await pushRowsTo('web-token'))[0]?.status).toBe('logged')
  })

  test('a 5xx is retried with backoff until FCM takes it', async () => {
    const p = await personOnDevice()
    fcm.failFor('flaky-token', 500)
    await pushTest(p.headers, 'flaky-token', 'android')
    await app.outboxWorker.drain()
    const [failed] = await pushRowsTo('flaky-token')
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(failed!.lastError).toContain('FCM 500')
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    expect((await deviceRow(p.device['x-device-id']))?.pushToken).toBe('flaky-token')

    fcm.failFor('flaky-token', null)
    await app.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, failed!.id))
    await app.outboxWorker.drain()
    expect((await pushRowsTo('flaky-token'))[0]).toMatchObject({ status: 'sent', attempts: 2 })
    expect(fcm.received.some((m) => m.token === 'flaky-token')).toBe(true)
  })

  test.each([
    [
      'FCM UNREGISTERED',
      'android',
      'dead-android',
      () => fcm.failFor('dead-android', 'UNREGISTERED'),
    ],
    [
      'FCM INVALID_ARGUMENT',
      'android',
      'bad-android',
      () => fcm.failFor('bad-android', 'INVALID_ARGUMENT'),
    ],
    ['APNs 410', 'ios', 'dead0ios', () => apns.failFor('dead0ios', 410)],
    ['APNs BadDeviceToken', 'ios', 'bad0ios', () => apns.failFor('bad0ios', 'BadDeviceToken')],
  ])(
    '%s: the token is removed from its device and not retried',
    async (_, platform, token, fail) => {
      const p = await personOnDevice()
      fail()
      await pushTest(p.headers, token, platform)
      await app.outboxWorker.drain()
      expect((await deviceRow(p.device['x-device-id']))?.pushToken).toBeNull()
      const [row] = await pushRowsTo(token)
      expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    },
  )
})
