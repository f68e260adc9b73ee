import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { AdminOrderPage } from '@/app/routes/admin/orders'
import { PREPARE_SELECTED_LABEL } from '@/features/admin-orders/components/fulfillments-section'
import { ORDER_ACTION_LABELS } from '@/features/admin-orders/components/order-actions-panel'
import { REFUND_MODAL_TITLE } from '@/features/admin-orders/components/refund-modal'
import {
  buildAdminOrder,
  ORDER_ID,
} from '@/testing/admin-order-fixtures'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

const BASE = `/admin/orders/${ORDER_ID}`
const nbsp = (s: unknown) => String(s ?? '').replace(/\u00a0/g, ' ')

function fakeOrderApi(
  order: AdminOrder,
  onWrite: (call: { url: string; data: unknown }) => FakeReply,
) {
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url === BASE) return { status: 200, data: order }
    if (method === 'GET' && url === `${BASE}/fulfillment-events`)
      return {
        status: 200,
        data: { deliveryType: order.deliveryType, fulfillmentId: null, events: [] },
      }
    return onWrite({ url, data })
  })
  http.defaults.adapter = adapter
  return adapter
}
const writes = (adapter: ReturnType<typeof fakeOrderApi>) =>
  adapter.calls.filter((c) => c.method !== 'GET').map((c) => [c.url, c.data])

function renderOrderPage() {
  signInSeller()
  return renderRouter([{ path: '/admin/orders/:orderId', element: <AdminOrderPage /> }], {
    url: `/admin/orders/${ORDER_ID}`,
  })
}

/** Paid in cash; 2 × Café de Colombia 250 g at $ 3.500 (total $ 7.000). */
const paid = (over: Partial<AdminOrder> = {}, refundableAmount = 700000) =>
  buildAdminOrder(
    { paymentStatus: 'paid', paymentStatusLabel: 'Pagado', ...over },
    { canMarkAsPaid: false, canRefund: true, canFulfill: false, nextEvents: [], refundableAmount },
  )

describe('partial refunds on the seller’s order page', () => {
  test('refunding one unit with restock sends the line and shows what was refunded', async () => {
    const after = paid(
      {
        paymentStatus: 'partially_refunded',
        paymentStatusLabel: 'Reembolsado parcialmente',
        refundedAmount: 350000,
      },
      350000,
    )
    const adapter = fakeOrderApi(paid(), ({ url }) =>
      url === `${BASE}/refund` ? { status: 200, data: after } : { status: 404 },
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.refund }))
    const dialog = await screen.findByRole('dialog', { name: REFUND_MODAL_TITLE })
    expect(nbsp(within(dialog).getByTestId('refund-summary').textContent)).toBe(
      'Podés reembolsar hasta $ 7.000.',
    )
    const units = within(dialog).getByLabelText(/Café de Colombia 250 g/)
    await user.clear(units)
    await user.type(units, '1')
    expect(within(dialog).getByLabelText('Reponer el stock de estos productos')).toBeChecked()
    expect(nbsp(dialog.textContent)).toContain('A reembolsar: $ 3.500')
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))

    await waitFor(() =>
      expect(getToasts('bottom').map((t) => nbsp(t.message))).toContain(
        'Reembolso registrado: $ 3.500 de $ 7.000.',
      ),
    )
    expect(writes(adapter)).toEqual([
      [`${BASE}/refund`, { items: [{ itemId: 'oi-1', quantity: 1 }], restock: true }],
    ])
    const payment = screen.getByRole('region', { name: 'Pago' })
    expect(nbsp(payment.textContent)).toContain('Reembolsaste $ 3.500 de $ 7.000.')
  })

  test('an amount over what is left is a field error and sends nothing', async () => {
    const adapter = fakeOrderApi(
      paid(
        {
          paymentStatus: 'partially_refunded',
          paymentStatusLabel: 'Reembolsado parcialmente',
          refundedAmount: 350000,
        },
        350000,
      ),
      () => ({ status: 500 }),
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.refund }))
    const dialog = await screen.findByRole('dialog', { name: REFUND_MODAL_TITLE })
    expect(nbsp(within(dialog).getByTestId('refund-summary').textContent)).toBe(
      'Ya reembolsaste $ 3.500 de $ 7.000. Podés reembolsar hasta $ 3.500.',
    )
    await user.click(within(dialog).getByRole('radio', { name: 'Por monto' }))
    await user.type(within(dialog).getByLabelText(/Monto a reembolsar/), '4000')
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Monto a reembolsar/)).toHaveAccessibleDescription(
        /^Podés reembolsar hasta \$\s3\.500\./,
      ),
    )
    expect(writes(adapter)).toEqual([])
  })

  test('the server’s field error shows next to the line it names', async () => {
    fakeOrderApi(paid(), ({ url }) =>
      url === `${BASE}/refund`
        ? {
            status: 409,
            data: {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'De Café de Colombia 250 g quedan 1 por reembolsar; pediste 2.',
              errors: [
                {
                  name: 'items.0.quantity',
                  message: 'De Café de Colombia 250 g quedan 1 por reembolsar; pediste 2.',
                },
              ],
            },
          }
        : { status: 404 },
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.refund }))
    const dialog = await screen.findByRole('dialog', { name: REFUND_MODAL_TITLE })
    const units = within(dialog).getByLabelText(/Café de Colombia 250 g/)
    await user.clear(units)
    await user.type(units, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }))
    await waitFor(() =>
      expect(units).toHaveAccessibleDescription(/quedan 1 por reembolsar; pediste 2\./),
    )
  })
})

describe('partial fulfilment on the seller’s order page', () => {
  test('"Preparar seleccionados" sends the units chosen per line', async () => {
    const adapter = fakeOrderApi(buildAdminOrder({}, { canFulfill: true }), ({ url }) =>
      url === `${BASE}/fulfill` ? { status: 200, data: buildAdminOrder() } : { status: 404 },
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    const group = await screen.findByRole('group', { name: 'Por preparar' })
    const units = within(group).getByLabelText(/Café de Colombia 250 g/)
    expect(units).toHaveValue('2')
    await user.clear(units)
    await user.type(units, '1')
    await user.click(within(group).getByRole('button', { name: PREPARE_SELECTED_LABEL }))
    await waitFor(() =>
      expect(writes(adapter)).toEqual([
        [`${BASE}/fulfill`, { items: [{ itemId: 'oi-1', quantity: 1 }] }],
      ]),
    )
  })
})
