import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { InventoryTable } from '@/features/admin-inventory/components/inventory-table'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, PRODUCT_ID, signInSeller } from '@/testing/seller-fixtures'

const VARIANT_ID = '7c8d9e0f-1a2b-4c3d-8e4f-6a7b8c9d0e1f'
const row = (stock: number) => ({
  variantId: VARIANT_ID,
  productId: PRODUCT_ID,
  productTitle: 'Yerba mate',
  variantTitle: '1 kg',
  sku: 'YER-1',
  price: 450_000,
  stock,
  trackInventory: true,
  status: 'active' as const,
})

/** The adjust call waits until the test answers it, so the optimistic state can be seen. */
function fakeInventory() {
  let answer: (reply: FakeReply) => void = () => {}
  const lists: unknown[] = []
  const adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/admin/inventory') {
      lists.push(config.params)
      return { status: 200, data: pageOf([row(5)]) }
    }
    if (method === 'POST' && url === '/admin/inventory/adjust') {
      return new Promise<FakeReply>((resolve) => {
        answer = resolve
      })
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return { adapter, lists, answer: (reply: FakeReply) => answer(reply) }
}

describe('inventory quick adjust', () => {
  test('+1 shows at once and goes back with an error toast when the server refuses', async () => {
    const api = fakeInventory()
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<InventoryTable />)

    const stock = await screen.findByLabelText('Stock de Yerba mate – 1 kg')
    expect(stock).toHaveValue('5')
    await user.click(screen.getByRole('button', { name: 'Sumar 1 a Yerba mate – 1 kg' }))

    await waitFor(() => expect(stock).toHaveValue('6'))
    expect(api.adapter.calls.find((c) => c.method === 'POST')?.data).toEqual({
      variantId: VARIANT_ID,
      delta: 1,
    })

    api.answer({
      status: 422,
      data: {
        statusCode: 422,
        code: 'UNPROCESSABLE_ENTITY',
        message: 'El stock no puede superar 1.000.000.',
      },
    })
    await waitFor(() => expect(stock).toHaveValue('5'))
    expect(getToasts('top').map((t) => t.message)).toContain(
      'No se pudo actualizar el stock. El stock no puede superar 1.000.000.',
    )
  })

  test('typing a quantity and pressing Enter sets it; the server row is kept on success', async () => {
    const api = fakeInventory()
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<InventoryTable />)

    const stock = await screen.findByLabelText('Stock de Yerba mate – 1 kg')
    await user.clear(stock)
    await user.type(stock, '12{Enter}')
    await waitFor(() =>
      expect(api.adapter.calls.find((c) => c.method === 'POST')?.data).toEqual({
        variantId: VARIANT_ID,
        quantity: 12,
      }),
    )
    api.answer({ status: 200, data: row(12) })
    await waitFor(() => expect(stock).toHaveValue('12'))
  })
})

describe('inventory filters in the URL', () => {
  test('a link with the low-stock filter asks for it; turning it off goes back to all rows', async () => {
    const api = fakeInventory()
    signInSeller()
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<InventoryTable />, {
      url: '/admin/inventory?lowStock=1&below=3&page=2',
    })
    await screen.findByLabelText('Stock de Yerba mate – 1 kg')
    expect(api.lists[0]).toEqual({ page: 2, limit: 10, lowStock: 3 })

    await user.click(screen.getByRole('switch', { name: 'Solo stock bajo' }))
    expect(router.state.location.search).toBe('?below=3')
    await waitFor(() => expect(api.lists.at(-1)).toEqual({ page: 1, limit: 10 }))
  })
})
