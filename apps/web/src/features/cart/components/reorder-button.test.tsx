import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { CART_QUERY_KEY } from '@/features/cart/api/get-cart'
import { CartButton } from '@/features/cart/components/cart-button'
import { ReorderButton } from '@/features/cart/components/reorder-button'
import { closeCartDrawer } from '@/features/cart/utils/cart-drawer-store'
import { writeCartToken } from '@/features/cart/utils/cart-token'
import { http } from '@/lib/http/client'
import { createQueryClient } from '@/lib/query-client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import {
  buildCart,
  buildCartItem,
  buildOrder,
  renderOrdering,
  VARIANT_A,
  VARIANT_B,
} from '@/testing/ordering-fixtures'

function renderReorder(cartItems: ReturnType<typeof buildCartItem>[]) {
  closeCartDrawer()
  const queryClient = createQueryClient()
  const cart = buildCart(cartItems)
  queryClient.setQueryData(CART_QUERY_KEY, cart)
  writeCartToken(cart._id)
  const adapter = createFakeAdapter(({ data }) => {
    const body = data as { items: Array<{ variantId: string; quantity: number }> }
    return {
      status: 200,
      data: buildCart(
        body.items.map((i) => buildCartItem({ variantId: i.variantId, quantity: i.quantity })),
      ),
    }
  })
  http.defaults.adapter = adapter
  renderOrdering(
    [
      {
        path: '*',
        element: (
          <>
            <CartButton />
            <ReorderButton order={buildOrder()} />
          </>
        ),
      },
    ],
    { queryClient },
  )
  return { adapter, user: userEvent.setup({ delay: null }) }
}

describe('"Volver a pedir"', () => {
  test('asks before replacing a cart that has products, then opens the drawer', async () => {
    const { user, adapter } = renderReorder([buildCartItem({ variantId: VARIANT_B, quantity: 5 })])
    await user.click(screen.getByRole('button', { name: 'Volver a pedir' }))
    const popup = await screen.findByRole('dialog', { name: 'Esta seguro?' })
    expect(
      within(popup).getByText(
        'Tu carrito ya tiene productos. ¿Querés reemplazarlos por los de este pedido?',
      ),
    ).toBeInTheDocument()
    await user.click(within(popup).getByRole('button', { name: 'Confirmar' }))

    const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
    expect(within(drawer).getByText('Café de Colombia 250 g')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Carrito, 2 productos' })).toBeInTheDocument()
    await waitFor(() => expect(adapter.calls).toHaveLength(1))
    expect(adapter.calls[0]?.data).toMatchObject({ items: [{ variantId: VARIANT_A, quantity: 2 }] })
  })

  test('an empty cart is filled without asking', async () => {
    const { user } = renderReorder([])
    await user.click(screen.getByRole('button', { name: 'Volver a pedir' }))
    expect(await screen.findByRole('dialog', { name: 'Tu carrito' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Esta seguro?' })).not.toBeInTheDocument()
  })
})
