import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInSeller } from '../../../test/factories.ts'
import { FAKE_MP_ACCOUNT, startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts'

const TOKEN = 'APP_USR-valido-0000000000'
let app: TestApp
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>
beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: 'webhook-secret-789' })
  app = await buildTestApp({ MP_API_URL: mp.baseUrl })
})
afterAll(async () => {
  await app.close()
  await mp.close()
})

async function seller() {
  const s = await signedInSeller(app)
  const save = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_payment_methods',
      headers: { cookie: s.cookie, 'x-store-id': s.store._id },
      payload,
    })
  const list = async () =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/store_settings_payment_methods',
        headers: { cookie: s.cookie, 'x-store-id': s.store._id },
      })
    ).json() as Array<{ method: string; details: Record<string, unknown> }>
  return { save, list }
}

describe('a Mercado Pago access token is checked with Mercado Pago before it is saved', () => {
  test('a token Mercado Pago does not know is refused with 400 next to the field, and nothing is saved', async () => {
    const { save, list } = await seller()
    const res = await save({
      method: 'mercado_pago',
      details: { accessToken: 'APP_USR-inventado-123' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('Mercado Pago'),
      errors: [{ name: 'details.accessToken', message: expect.stringContaining('Mercado Pago') }],
    })
    expect((await list()).find((m) => m.method === 'mercado_pago')).toBeUndefined()
  })

  test('a valid token is saved with the account it belongs to, shown instead of the token', async () => {
    const { save, list } = await seller()
    const res = await save({ method: 'mercado_pago', details: { accessToken: TOKEN } })
    expect(res.statusCode).toBe(200)
    const account = {
      id: String(FAKE_MP_ACCOUNT.id),
      nickname: FAKE_MP_ACCOUNT.nickname,
      email: FAKE_MP_ACCOUNT.email,
    }
    expect(res.json().details).toEqual({ connected: true, oauth: false, account })
    const saved = (await list()).find((m) => m.method === 'mercado_pago')
    expect(saved?.details).toEqual({ connected: true, oauth: false, account })
    expect(JSON.stringify(saved)).not.toContain(TOKEN)
  })

  test('replacing a valid token with an invalid one keeps the valid one', async () => {
    const { save, list } = await seller()
    await save({ method: 'mercado_pago', details: { accessToken: TOKEN } })
    const bad = await save({
      method: 'mercado_pago',
      details: { accessToken: 'APP_USR-vencido-999' },
    })
    expect(bad.statusCode).toBe(400)
    const saved = (await list()).find((m) => m.method === 'mercado_pago')
    expect(saved?.details).toMatchObject({ connected: true, account: { nickname: 'ALMACENTITO' } })
  })
})
