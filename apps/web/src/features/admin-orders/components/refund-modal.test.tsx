import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { REFUND_MODAL_TITLE, RefundModal } from '@/features/admin-orders/components/refund-modal'
import { buildAdminOrder, ORDER_ID } from '@/testing/admin-order-fixtures'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'

const URL = `/admin/orders/${ORDER_ID}/refund`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** Paid in cash: $ 7.000 left to refund. */
const order = buildAdminOrder(
  { paymentStatus: 'paid', paymentStatusLabel: 'Pagado' },
  {
    canMarkAsPaid: false,
    canRefund: true,
    canFulfill: false,
    nextEvents: [],
    refundableAmount: 700000,
  },
)

function fakeRefunds(reply: (attempt: number) => FakeReply) {
  let attempt = 0
  const adapter = createFakeAdapter(({ method, url }) =>
    method === 'POST' && url === URL ? reply(++attempt) : { status: 404 },
  )
  http.defaults.adapter = adapter
  return adapter
}
const keysSent = (adapter: FakeAdapter) =>
  adapter.calls.filter((c) => c.url === URL).map((c) => c.headers['idempotency-key'])

function openModal() {
  signInSeller()
  const onClose = vi.fn()
  const user = userEvent.setup({ delay: null })
  renderWithProviders(<RefundModal order={order} storeId={STORE_A} opened onClose={onClose} />)
  return { onClose, user }
}

async function refundByAmount(user: ReturnType<typeof userEvent.setup>, pesos: string) {
  const dialog = await screen.findByRole('dialog', { name: REFUND_MODAL_TITLE })
  await user.click(within(dialog).getByRole('radio', { name: 'Por monto' }))
  const amount = within(dialog).getByLabelText(/Monto a reembolsar/)
  await user.clear(amount)
  await user.type(amount, pesos)
  await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
  return dialog
}

describe('the refund carries an Idempotency-Key per attempt', () => {
  test('sending again after a lost answer carries the same key (one refund, not two)', async () => {
    const adapter = fakeRefunds((attempt) =>
      attempt === 1 ? { networkError: true } : { status: 200, data: order },
    )
    const { onClose, user } = openModal()
    const dialog = await refundByAmount(user, '1000')
    expect(await within(dialog).findByText(/No pudimos registrar el reembolso/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))

    const [first, second] = keysSent(adapter)
    expect(first).toMatch(UUID)
    expect(second).toBe(first)
  })

  test('after a refund is made, the next refund is a new attempt with a new key', async () => {
    const adapter = fakeRefunds(() => ({ status: 200, data: order }))
    const { onClose, user } = openModal()
    await refundByAmount(user, '1000')
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    await refundByAmount(user, '1000')
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2))
    const [first, second] = keysSent(adapter)
    expect(second).toMatch(UUID)
    expect(second).not.toBe(first)
  })

  test('a key the server already used with other data: the next send takes a new key', async () => {
    const message =
      'Este reembolso ya se hizo con otros datos. Revisá el pedido antes de reembolsar de nuevo.'
    const adapter = fakeRefunds((attempt) =>
      attempt === 1
        ? {
            status: 422,
            data: {
              statusCode: 422,
              code: 'IDEMPOTENCY_KEY_REUSED',
              message,
              errors: [{ name: 'Idempotency-Key', message: 'Ya se usó para otro reembolso' }],
            },
          }
        : { status: 200, data: order },
    )
    const { onClose, user } = openModal()
    const dialog = await refundByAmount(user, '1000')
    expect(await within(dialog).findByText(/No pudimos registrar el reembolso/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    const [first, second] = keysSent(adapter)
    expect(second).toMatch(UUID)
    expect(second).not.toBe(first)
  })
})

describe('the server’s field errors use its paths', () => {
  test('items.0.quantity lands under the first line sent, which is the second one shown', async () => {
    const [cafe] = order.items
    const twoLines = buildAdminOrder(
      {
        paymentStatus: 'paid',
        paymentStatusLabel: 'Pagado',
        items: [
          cafe!,
          { ...cafe!, _id: 'oi-2', title: 'Yerba Mate 1 kg', unitPrice: 150000, lineTotal: 300000 },
        ],
      },
      { canRefund: true, canMarkAsPaid: false, nextEvents: [], refundableAmount: 1000000 },
    )
    const message = 'Quedan 2 por reembolsar de "Yerba Mate 1 kg".'
    const adapter = fakeRefunds(() => ({
      status: 409,
      data: {
        statusCode: 409,
        code: 'CONFLICT',
        message,
        errors: [{ name: 'items.0.quantity', message }],
      },
    }))
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RefundModal order={twoLines} storeId={STORE_A} opened onClose={vi.fn()} />)
    const dialog = await screen.findByRole('dialog', { name: REFUND_MODAL_TITLE })
    const cafeUnits = within(dialog).getByRole('textbox', { name: /^Café de Colombia/ })
    const yerbaUnits = within(dialog).getByRole('textbox', { name: /^Yerba Mate/ })
    await user.clear(yerbaUnits)
    await user.type(yerbaUnits, '1')
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))

    await waitFor(() => expect(yerbaUnits).toHaveAttribute('aria-invalid', 'true'))
    expect(cafeUnits).not.toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText(message)).toBeVisible()
    expect(adapter.calls.find((c) => c.url === URL)?.data).toEqual({
      items: [{ itemId: 'oi-2', quantity: 1 }],
      restock: true,
    })

    // Changing the units makes it another request: the old line error goes.
    await user.type(yerbaUnits, '{backspace}2')
    expect(yerbaUnits).not.toHaveAttribute('aria-invalid', 'true')
  })
})

describe('checked with the refund contract before sending', () => {
  test('by products with no units chosen: the contract’s message, and nothing is sent', async () => {
    const adapter = fakeRefunds(() => ({ status: 200, data: order }))
    const { onClose, user } = openModal()
    const dialog = await screen.findByRole('dialog', { name: REFUND_MODAL_TITLE })
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    expect(await within(dialog).findByText('Elegí al menos un producto.')).toBeVisible()
    expect(keysSent(adapter)).toHaveLength(0)
    expect(onClose).not.toHaveBeenCalled()
  })
})
