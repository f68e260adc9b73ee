import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { issuedDevice, signedInCustomer } from '../../../test/factories.ts'
import { devices } from '../../db/schema/identity.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

const pushTest = (headers: Record<string, string>, deviceToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/push/test',
    headers,
    payload: { deviceToken, devicePlatform: 'android' },
  })

const registerToken = (headers: Record<string, string>, deviceToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/push/devices',
    headers,
    payload: { deviceToken, devicePlatform: 'android' },
  })

/** A signed-in customer whose proven device registered `token`. */
async function holderOf(token: string) {
  const person = await signedInCustomer(app)
  const device = await issuedDevice(app)
  const headers = { cookie: person.cookie, ...device }
  expect((await registerToken(headers, token)).statusCode).toBe(204)
  return { ...person, device, headers }
}

const deviceRow = async (uuid: string) =>
  (await app.db.select().from(devices).where(eq(devices.uuid, uuid)))[0]

const pushesTo = async (token: string) =>
  (await app.outbox.list(1000)).filter(
    (r) => r.kind === 'push' && (r.payload as { token?: string }).token === token,
  )

describe('push tokens belong to the device that proves it holds its id', () => {
  test("another device's bare id cannot redirect its push notifications", async () => {
    const victim = await holderOf('victim-fcm-token')

    const stolenIdOnly = { 'x-device-id': victim.device['x-device-id'] }
    const res = await pushTest(stolenIdOnly, 'attacker-fcm-token')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', errors: [{ name: 'x-device-token' }] })

    const attacker = await issuedDevice(app)
    const forged = { ...stolenIdOnly, 'x-device-token': attacker['x-device-token'] }
    expect((await pushTest(forged, 'attacker-fcm-token')).statusCode).toBe(403)

    expect((await deviceRow(victim.device['x-device-id']))?.pushToken).toBe('victim-fcm-token')
  })
})

describe('another account cannot claim a push token it learnt (issue 22)', () => {
  test("customer B registering A's token on B's own device leaves it on A's device (409)", async () => {
    const a = await holderOf('a-claimed-token')
    const b = await signedInCustomer(app)
    const bDevice = await issuedDevice(app)

    const claim = await registerToken({ cookie: b.cookie, ...bDevice }, 'a-claimed-token')
    expect(claim.statusCode).toBe(409)
    expect(claim.json()).toMatchObject({ code: 'CONFLICT', errors: [{ name: 'deviceToken' }] })
    expect(await deviceRow(a.device['x-device-id'])).toMatchObject({
      userId: a.user._id,
      pushToken: 'a-claimed-token',
    })
    expect((await deviceRow(bDevice['x-device-id']))?.pushToken ?? null).toBeNull()

    // A's next order update still reaches A's phone, and none of B's does.
    const queued = await app.db.transaction((tx) =>
      app.push.toUsers(tx, [b.user._id], { title: 't', body: 'b', data: { url: '/' } }),
    )
    expect(queued).toBe(0)
  })

  test("an anonymous POST /push/test with A's token claims nothing and sends nothing", async () => {
    const a = await holderOf('a-tested-token')
    const anonymous = await issuedDevice(app)

    const res = await pushTest(anonymous, 'a-tested-token')
    const unknown = await pushTest(anonymous, 'nobody-has-this-token')
    // Someone else's token answers exactly what an unknown one does: nothing to enumerate.
    expect(res.statusCode).toBe(404)
    expect(unknown.statusCode).toBe(404)
    expect(res.json()).toEqual(unknown.json())
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', errors: [{ name: 'deviceToken' }] })

    expect(await deviceRow(a.device['x-device-id'])).toMatchObject({
      userId: a.user._id,
      pushToken: 'a-tested-token',
    })
    expect((await deviceRow(anonymous['x-device-id']))?.pushToken ?? null).toBeNull()
    expect(await pushesTo('a-tested-token')).toHaveLength(0)
    expect(await pushesTo('nobody-has-this-token')).toHaveLength(0)
  })

  test("a signed-in B's POST /push/test with A's token is refused the same way", async () => {
    const a = await holderOf('a-tested-by-b')
    const b = await holderOf('b-own-token')

    const res = await pushTest(b.headers, 'a-tested-by-b')
    expect(res.statusCode).toBe(404)
    expect(await pushesTo('a-tested-by-b')).toHaveLength(0)
    expect((await deviceRow(a.device['x-device-id']))?.pushToken).toBe('a-tested-by-b')

    // B's own token is B's to test.
    expect((await pushTest(b.headers, 'b-own-token')).statusCode).toBe(202)
    expect(await pushesTo('b-own-token')).toHaveLength(1)
  })
})
