import { CART_TOKEN_REQUIRED } from '@barrio/contracts/cart'
import type { CheckoutRef } from '@barrio/contracts/checkout'
import { describe, expect, test, vi } from 'vitest'

import { CART_QUERY_KEY } from '@/features/cart/api/get-cart'
import { CHOOSE_ADDRESS_MESSAGE, startCheckout } from '@/features/cart/api/start-checkout'
import { writeCartToken } from '@/features/cart/utils/cart-token'
import { appStore, setSelectedAddressId, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { redirectTo } from '@/lib/redirect'
import { getToasts } from '@/lib/toast'
import { expectConsoleError } from '@/testing/console-guard'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { WAIT } from '@/testing/wait'
import {
  ADDRESS_ID,
  buildCart,
  buildCartItem,
  CART_ID,
  CHECKOUT_ID,
} from '@/testing/ordering-fixtures'

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }))

function ref(overrides: Partial<CheckoutRef> = {}): FakeReply {
  return {
    status: 201,
    data: {
      checkoutId: CHECKOUT_ID,
      step: 'contact_information',
      checkoutUrl: null,
      cartId: CART_ID,
      shippingAddressId: ADDRESS_ID,
      ...overrides,
    },
  }
}

function setup({
  items = 1,
  token = true,
  reply = ref(),
}: { items?: number; token?: boolean; reply?: FakeReply } = {}) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(
    CART_QUERY_KEY,
    buildCart(items ? [buildCartItem({ quantity: items })] : []),
  )
  if (token) writeCartToken(CART_ID)
  const adapter = createFakeAdapter(() => reply)
  http.defaults.adapter = adapter
  const navigate = vi.fn()
  return { queryClient, adapter, navigate }
}

function signIn() {
  setUser(buildUser({ _id: 'u_1' }))
  setSelectedAddressId(ADDRESS_ID)
}

describe('"Ir a pagar" guard (spec section 5)', () => {
  test('signed out: the login modal opens and nothing is sent', async () => {
    const { queryClient, adapter, navigate } = setup()
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('login')
    expect(appStore.getState().isLoginModalOpen).toBe(true)
    expect(adapter.calls).toHaveLength(0)
    expect(navigate).not.toHaveBeenCalled()
  })

  test('signing in from that modal goes on to the checkout without a second click', async () => {
    const { queryClient, adapter, navigate } = setup()
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('login')
    signIn()
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(`/checkout/${CHECKOUT_ID}`), WAIT)
    expect(adapter.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  test('closing the modal without signing in drops the pending purchase', async () => {
    const { queryClient, adapter, navigate } = setup()
    await startCheckout(queryClient, navigate)
    appStore.setState({ isLoginModalOpen: false })
    signIn()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(adapter.calls).toHaveLength(0)
    expect(navigate).not.toHaveBeenCalled()
  })

  test('an empty cart does nothing', async () => {
    signIn()
    const { queryClient, adapter, navigate } = setup({ items: 0 })
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('empty')
    expect(adapter.calls).toHaveLength(0)
    expect(navigate).not.toHaveBeenCalled()
    expect(appStore.getState().isLoginModalOpen).toBe(false)
  })

  test('a missing cart token is logged with the spec text', async () => {
    expectConsoleError(CART_TOKEN_REQUIRED)
    const error = vi.spyOn(console, 'error')
    signIn()
    const { queryClient, adapter, navigate } = setup({ token: false })
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('no-token')
    expect(error).toHaveBeenCalledWith(CART_TOKEN_REQUIRED)
    expect(adapter.calls).toHaveLength(0)
  })

  test('without a saved address the customer is sent to /addresses with a message', async () => {
    setUser(buildUser())
    const { queryClient, adapter, navigate } = setup()
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('no-address')
    expect(navigate).toHaveBeenCalledWith('/addresses')
    expect(getToasts('top').map((t) => t.message)).toContain(CHOOSE_ADDRESS_MESSAGE)
    expect(adapter.calls).toHaveLength(0)
  })
})

describe('after POST /checkout (spec section 4)', () => {
  test('it sends the cart token and the selected address, then goes to /checkout/{id}', async () => {
    signIn()
    const { queryClient, adapter, navigate } = setup()
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('started')
    expect(adapter.calls).toHaveLength(1)
    expect(adapter.calls[0]).toMatchObject({
      method: 'POST',
      url: '/checkout',
      data: { cartId: CART_ID, shippingAddressId: ADDRESS_ID },
    })
    expect(navigate).toHaveBeenCalledWith(`/checkout/${CHECKOUT_ID}`)
  })

  test('a checkout already at the review step goes to /checkout/{id}/review', async () => {
    signIn()
    const { queryClient, navigate } = setup({ reply: ref({ step: 'review' }) })
    await startCheckout(queryClient, navigate)
    expect(navigate).toHaveBeenCalledWith(`/checkout/${CHECKOUT_ID}/review`)
  })

  test('a checkoutUrl wins over the step', async () => {
    signIn()
    const url = 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123'
    const { queryClient, navigate } = setup({ reply: ref({ step: 'review', checkoutUrl: url }) })
    await startCheckout(queryClient, navigate)
    expect(redirectTo).toHaveBeenCalledWith(url)
    expect(navigate).not.toHaveBeenCalled()
  })

  test('a 401 opens the login modal', async () => {
    signIn()
    const { queryClient, navigate } = setup({
      reply: {
        status: 401,
        data: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Tenés que iniciar sesión.' },
      },
    })
    await expect(startCheckout(queryClient, navigate)).resolves.toBe('failed')
    expect(appStore.getState().isLoginModalOpen).toBe(true)
    expect(navigate).not.toHaveBeenCalled()
  })
})
