import { CART_TOKEN_REQUIRED } from '@barrio/contracts/cart'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { CART_QUERY_KEY } from '@/features/cart/api/get-cart'
import { getCartController } from '@/features/cart/utils/cart-controller'
import { readCartToken, writeCartToken } from '@/features/cart/utils/cart-token'
import { setDeviceId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { getToasts } from '@/lib/toast'
import { expectConsoleError } from '@/testing/console-guard'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { WAIT } from '@/testing/wait'
import {
  buildCart,
  buildCartItem,
  CART_ID,
  VARIANT_A,
  VARIANT_B,
} from '@/testing/ordering-fixtures'
import type { Cart } from '@barrio/contracts/cart'

const NEW_CART_ID = '88888888-8888-4888-8888-888888888888'

function setup(
  cart: Cart | null,
  answer: (request: { method: string; url: string; data: unknown }) => FakeReply,
) {
  setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
  const queryClient = createQueryClient()
  if (cart) {
    queryClient.setQueryData(CART_QUERY_KEY, cart)
    writeCartToken(cart._id)
  }
  const adapter = createFakeAdapter(answer)
  http.defaults.adapter = adapter
  return { adapter, queryClient, controller: getCartController(queryClient) }
}

/** The server's answer to POST /cart/update: the items it was sent, with details. */
function echoUpdate(data: unknown): FakeReply {
  const body = data as { cartId: string; items: Array<{ variantId: string; quantity: number }> }
  return {
    status: 200,
    data: buildCart(
      body.items.map((i) => buildCartItem({ variantId: i.variantId, quantity: i.quantity })),
      { _id: body.cartId },
    ),
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('cart sync', () => {
  test('changes are applied at once and sent as the full item list, once, after 250 ms of quiet', async () => {
    vi.useFakeTimers()
    const { adapter, controller } = setup(
      buildCart([buildCartItem({ variantId: VARIANT_A, quantity: 1 })]),
      ({ url, data }) => (url === '/cart/update' ? echoUpdate(data) : { status: 500, data: {} }),
    )

    await controller.addItem({ variantId: VARIANT_A, quantity: 2 })
    await controller.addItem({
      variantId: VARIANT_B,
      quantity: 1,
      details: { title: 'Medialunas', unitPrice: 90000 },
    })
    controller.setQuantity(VARIANT_A, 4)
    // Optimistic: the screen already shows the new cart.
    expect(controller.read()?.items.map((i) => [i.variantId, i.quantity])).toEqual([
      [VARIANT_A, 4],
      [VARIANT_B, 1],
    ])
    expect(controller.read()?.itemCount).toBe(5)

    await vi.advanceTimersByTimeAsync(249)
    expect(adapter.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(adapter.calls).toHaveLength(1), WAIT)
    expect(adapter.calls[0]).toMatchObject({
      method: 'POST',
      url: '/cart/update',
      data: {
        cartId: CART_ID,
        items: [
          { variantId: VARIANT_A, quantity: 4 },
          { variantId: VARIANT_B, quantity: 1 },
        ],
        note: '',
      },
    })
    expect(adapter.calls[0]?.headers['x-cart-id']).toBe(CART_ID)
    await vi.advanceTimersByTimeAsync(1000)
    expect(adapter.calls).toHaveLength(1)
  })

  test('removing the last unit drops the item from the payload', async () => {
    vi.useFakeTimers()
    const { adapter, controller } = setup(
      buildCart([
        buildCartItem({ variantId: VARIANT_A, quantity: 1 }),
        buildCartItem({ variantId: VARIANT_B, quantity: 2 }),
      ]),
      ({ data }) => echoUpdate(data),
    )
    controller.setQuantity(VARIANT_A, 0)
    await vi.advanceTimersByTimeAsync(250)
    await vi.waitFor(() => expect(adapter.calls).toHaveLength(1), WAIT)
    expect(adapter.calls[0]?.data).toMatchObject({ items: [{ variantId: VARIANT_B, quantity: 2 }] })
  })

  test('a 409 shows the server message and brings back the server cart', async () => {
    const serverCart = buildCart([buildCartItem({ variantId: VARIANT_A, quantity: 3 })])
    const { adapter, controller } = setup(serverCart, ({ url }) => {
      if (url === '/cart/update') {
        return {
          status: 409,
          data: {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Quedan 3 de "Café de Colombia 250 g"',
            errors: [{ name: 'items.0.quantity', message: 'Quedan 3 de "Café de Colombia 250 g"' }],
          },
        }
      }
      return { status: 200, data: serverCart }
    })

    controller.setQuantity(VARIANT_A, 9)
    expect(controller.read()?.items[0]?.quantity).toBe(9)
    await vi.waitFor(
      () => expect(adapter.calls.map((c) => c.url)).toEqual(['/cart/update', '/cart']),
      WAIT,
    )
    await vi.waitFor(() => expect(controller.read()?.items[0]?.quantity).toBe(3), WAIT)
    expect(getToasts('top').map((t) => t.message)).toContain('Quedan 3 de "Café de Colombia 250 g"')
  })

  test('any other sync failure is only logged, and the cart on screen stays', async () => {
    expectConsoleError(/^No se pudo sincronizar el carrito\./)
    const error = vi.spyOn(console, 'error')
    const { adapter, controller } = setup(buildCart([buildCartItem({ quantity: 1 })]), () => ({
      status: 500,
      data: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Falló' },
    }))
    controller.setQuantity(VARIANT_A, 2)
    await vi.waitFor(() => expect(error).toHaveBeenCalled(), WAIT)
    expect(adapter.calls).toHaveLength(1)
    expect(controller.read()?.items[0]?.quantity).toBe(2)
    expect(getToasts('top')).toHaveLength(0)
    expect(getToasts('bottom')).toHaveLength(0)
  })

  test('a sync without a cart token only logs the spec text', async () => {
    expectConsoleError(CART_TOKEN_REQUIRED)
    const error = vi.spyOn(console, 'error')
    const { adapter, controller } = setup(buildCart([buildCartItem()]), () => ({ status: 200 }))
    controller.setQuantity(VARIANT_A, 2)
    window.localStorage.clear()
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(CART_TOKEN_REQUIRED), WAIT)
    expect(adapter.calls).toHaveLength(0)
  })

  test('clearing empties the cart at once and sends POST /cart/clear; a failure is only logged', async () => {
    expectConsoleError(/^No se pudo vaciar el carrito\./)
    const error = vi.spyOn(console, 'error')
    const { adapter, controller } = setup(buildCart([buildCartItem()]), () => ({
      status: 503,
      data: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'No' },
    }))
    await controller.clear()
    expect(controller.read()?.items).toEqual([])
    expect(adapter.calls[0]).toMatchObject({ url: '/cart/clear', data: { cartId: CART_ID } })
    expect(error).toHaveBeenCalled()
  })
})

describe('a vanished cart token (a different address was selected)', () => {
  test('the old cart is emptied, a new cart is created and the item goes to it', async () => {
    const { adapter, controller } = setup(
      buildCart([buildCartItem({ variantId: VARIANT_A, quantity: 2 })]),
      ({ method, url, data }) => {
        if (method === 'GET' && url === '/cart') {
          return { status: 200, data: buildCart([], { _id: NEW_CART_ID }) }
        }
        if (url === '/cart/clear') return { status: 200, data: buildCart([]) }
        return echoUpdate(data)
      },
    )
    // What the address selection does: it forgets the token.
    writeCartToken(null)

    const result = await controller.addItem({ variantId: VARIANT_B, quantity: 1 })

    expect(result).toBe('added')
    expect(readCartToken()).toBe(NEW_CART_ID)
    expect(controller.read()?.items.map((i) => i.variantId)).toEqual([VARIANT_B])
    const getCart = adapter.calls.find((c) => c.method === 'GET' && c.url === '/cart')
    expect(getCart?.headers['x-cart-id']).toBeUndefined()
    await vi.waitFor(
      () =>
        expect(adapter.calls.find((c) => c.url === '/cart/update')?.data).toMatchObject({
          cartId: NEW_CART_ID,
          items: [{ variantId: VARIANT_B, quantity: 1 }],
        }),
      WAIT,
    )
    expect(adapter.calls.find((c) => c.url === '/cart/clear')?.data).toEqual({ cartId: CART_ID })
  })
})
