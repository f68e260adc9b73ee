import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { issuedDevice } from '../../../test/factories.ts'
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

describe('push tokens belong to the device that proves it holds its id', () => {
  test("another device's bare id cannot redirect its push notifications", async () => {
    const victim = await issuedDevice(app)
    expect((await pushTest(victim, 'victim-fcm-token')).statusCode).toBe(202)

    const stolenIdOnly = { 'x-device-id': victim['x-device-id'] }
    const res = await pushTest(stolenIdOnly, 'attacker-fcm-token')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', errors: [{ name: 'x-device-token' }] })

    const attacker = await issuedDevice(app)
    const forged = { ...stolenIdOnly, 'x-device-token': attacker['x-device-token'] }
    expect((await pushTest(forged, 'attacker-fcm-token')).statusCode).toBe(403)

    const [row] = await app.db.select().from(devices).where(eq(devices.uuid, victim['x-device-id']))
    expect(row?.pushToken).toBe('victim-fcm-token')
  })
})
