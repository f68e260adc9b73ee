import { afterEach, describe, expect, test } from 'vitest'

import { CART_QUERY_KEY } from '@/features/cart/api/get-cart'
import { stopCartSession, watchCartSession } from '@/features/cart/utils/cart-session'
import { appStore, chooseAppType, setDeviceId, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildCart } from '@/testing/ordering-fixtures'

afterEach(() => {
  stopCartSession()
})

/** GET /cart answers only when the test says so: a load stays in flight meanwhile. */
function serveCartOnDemand() {
  const pending: Array<() => void> = []
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === '/cart')
      return new Promise((resolve) => {
        pending.push(() => resolve({ status: 200, data: buildCart([]) }))
      })
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return { adapter, answerAll: () => pending.splice(0).forEach((answer) => answer()) }
}

/**
 * Issue 30 (minor): after a merchant's approval the account page logged "No se pudo cargar el
 * carrito. CancelledError". Becoming a seller, or switching to the seller app (decision 036),
 * closes the cart while its load may be in flight: that load is cancelled on purpose, not failed.
 * The console guard fails these tests on any console.error.
 */
describe('the cart session when the app becomes the seller app', () => {
  test('a merchant approved while the cart loads: the load is dropped without an error', async () => {
    setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
    setUser(buildUser())
    const { adapter, answerAll } = serveCartOnDemand()
    const queryClient = createQueryClient()
    watchCartSession(queryClient)
    await expect.poll(() => adapter.calls.length).toBe(1)

    // What the merchant application does with the approved account.
    setUser(buildUser({ userType: 'admin', merchantApproved: true }), { persist: true })
    expect(appStore.getState().appType).toBe('admin')
    answerAll()
    await expect.poll(() => queryClient.getQueryState(CART_QUERY_KEY)).toBeUndefined()
  })

  test('a seller switching apps: the customer app loads the cart, the seller app closes it', async () => {
    setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
    setUser(buildUser({ userType: 'admin', merchantApproved: true }))
    const { adapter, answerAll } = serveCartOnDemand()
    const queryClient = createQueryClient()
    watchCartSession(queryClient)
    expect(adapter.calls).toHaveLength(0)

    chooseAppType('customer')
    await expect.poll(() => adapter.calls.length).toBe(1)
    chooseAppType('admin')
    answerAll()
    await expect.poll(() => queryClient.getQueryState(CART_QUERY_KEY)).toBeUndefined()

    chooseAppType('customer')
    await expect.poll(() => adapter.calls.length).toBe(2)
    answerAll()
    await expect.poll(() => queryClient.getQueryData(CART_QUERY_KEY)).toBeTruthy()
  })
})
