import type { Cart } from '@barrio/contracts/cart'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { CART_QUERY_KEY } from '@/features/cart/api/get-cart'
import { useAddToCart } from '@/features/cart/api/use-add-to-cart'
import { CartButton } from '@/features/cart/components/cart-button'
import { closeCartDrawer } from '@/features/cart/utils/cart-drawer-store'
import { writeCartToken } from '@/features/cart/utils/cart-token'
import { appStore, setDeviceId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import {
  buildCart,
  buildCartItem,
  CART_ID,
  OTHER_STORE,
  plain,
  renderOrdering,
  VARIANT_A,
  VARIANT_B,
} from '@/testing/ordering-fixtures'

function AddOtherStoreProduct() {
  const addToCart = useAddToCart()
  return (
    <button
      type="button"
      onClick={() =>
        void addToCart({
          variantId: VARIANT_B,
          quantity: 2,
          store: OTHER_STORE,
          details: { title: 'Tomates', unitPrice: 120000 },
        })
      }
    >
      Agregar tomates
    </button>
  )
}

function renderCart(cart: Cart, answer: (request: { url: string; data: unknown }) => FakeReply) {
  closeCartDrawer()
  setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
  const queryClient = createQueryClient()
  queryClient.setQueryData(CART_QUERY_KEY, cart)
  writeCartToken(cart._id)
  const adapter = createFakeAdapter(answer)
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  renderOrdering(
    [
      {
        path: '*',
        element: (
          <>
            <CartButton />
            <AddOtherStoreProduct />
          </>
        ),
      },
    ],
    { queryClient },
  )
  return { adapter, user }
}

const ok = ({ url, data }: { url: string; data: unknown }): FakeReply => {
  if (url === '/cart/clear') return { status: 200, data: buildCart([]) }
  const body = data as { items: Array<{ variantId: string; quantity: number }> }
  return {
    status: 200,
    data: buildCart(
      body.items.map((i) => buildCartItem({ variantId: i.variantId, quantity: i.quantity })),
    ),
  }
}

describe('the cart button and drawer', () => {
  test('the button counts the products; the drawer lists them with the es-AR subtotal', async () => {
    const { user, adapter } = renderCart(
      buildCart([
        buildCartItem({ variantId: VARIANT_A, quantity: 2, unitPrice: 350000 }),
        buildCartItem({
          variantId: VARIANT_B,
          quantity: 1,
          unitPrice: 125050,
          title: 'Medialunas x6',
          variantTitle: '',
        }),
      ]),
      ok,
    )

    await user.click(screen.getByRole('button', { name: 'Carrito, 3 productos' }))
    const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
    expect(within(drawer).getByRole('link', { name: 'Tostadero Soho' })).toHaveAttribute(
      'href',
      '/shops/tostadero-soho',
    )
    const list = within(drawer).getByRole('list', { name: 'Productos en tu carrito' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(plain(within(drawer).getByTestId('cart-subtotal').textContent)).toBe('$ 8.250,50')

    await user.click(within(drawer).getByRole('button', { name: 'Sumar uno de Medialunas x6' }))
    expect(plain(within(drawer).getByTestId('cart-subtotal').textContent)).toBe('$ 9.501')
    expect(screen.getByRole('button', { name: 'Carrito, 4 productos' })).toBeInTheDocument()

    await user.click(within(drawer).getByRole('button', { name: 'Quitar Café de Colombia 250 g' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    await waitFor(() => expect(adapter.calls).toHaveLength(1))
    expect(adapter.calls[0]?.data).toMatchObject({
      cartId: CART_ID,
      items: [{ variantId: VARIANT_B, quantity: 2 }],
    })
    expect(within(drawer).getByRole('button', { name: 'Ir a pagar' })).toBeEnabled()
  })

  test('an empty cart says so and links to the shops', async () => {
    const { user } = renderCart(buildCart([]), ok)
    await user.click(screen.getByRole('button', { name: 'Carrito, 0 productos' }))
    const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
    expect(within(drawer).getByText('Tu carrito está vacío')).toBeInTheDocument()
    expect(within(drawer).getByRole('link', { name: 'Ver comercios' })).toHaveAttribute(
      'href',
      '/shops',
    )
    expect(within(drawer).queryByRole('button', { name: 'Ir a pagar' })).not.toBeInTheDocument()
  })

  test('"Ir a pagar" while signed out opens the login modal', async () => {
    const { user, adapter } = renderCart(buildCart([buildCartItem()]), ok)
    await user.click(screen.getByRole('button', { name: 'Carrito, 1 producto' }))
    await user.click(await screen.findByRole('button', { name: 'Ir a pagar' }))
    expect(appStore.getState().isLoginModalOpen).toBe(true)
    expect(adapter.calls.filter((c) => c.url === '/checkout')).toHaveLength(0)
  })

  test('admins do not see a cart', () => {
    appStore.setState({ appType: 'admin' })
    renderCart(buildCart([buildCartItem()]), ok)
    expect(screen.queryByRole('button', { name: /^Carrito/ })).not.toBeInTheDocument()
  })
})

describe('adding a product of another shop', () => {
  test('asks first; on Confirmar the cart is emptied and starts over with the new product', async () => {
    const { user, adapter } = renderCart(buildCart([buildCartItem({ quantity: 2 })]), ok)

    await user.click(screen.getByRole('button', { name: 'Agregar tomates' }))
    const popup = await screen.findByRole('dialog', { name: 'Esta seguro?' })
    expect(
      within(popup).getByText(
        'Tu carrito tiene productos de Tostadero Soho. ¿Querés vaciarlo y empezar uno nuevo con Verdulería Don Carmelo?',
      ),
    ).toBeInTheDocument()
    await user.click(within(popup).getByRole('button', { name: 'Confirmar' }))

    await waitFor(() =>
      expect(adapter.calls.map((c) => c.url)).toEqual(['/cart/clear', '/cart/update']),
    )
    expect(adapter.calls[1]?.data).toMatchObject({ items: [{ variantId: VARIANT_B, quantity: 2 }] })
    expect(getToasts('bottom').map((t) => t.message)).toContain('Agregado al carrito')
  })

  test('on Descartar nothing changes', async () => {
    const { user, adapter } = renderCart(buildCart([buildCartItem({ quantity: 2 })]), ok)
    await user.click(screen.getByRole('button', { name: 'Agregar tomates' }))
    const popup = await screen.findByRole('dialog', { name: 'Esta seguro?' })
    await user.click(within(popup).getByRole('button', { name: 'Descartar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Carrito, 2 productos' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(adapter.calls).toHaveLength(0)
    expect(getToasts('bottom')).toHaveLength(0)
  })
})
