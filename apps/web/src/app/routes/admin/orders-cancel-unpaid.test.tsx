import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { AdminOrderPage } from '@/app/routes/admin/orders'
import { ORDER_ACTION_LABELS } from '@/features/admin-orders/components/order-actions-panel'
import { ORDER_FILTER_LABELS } from '@/features/admin-orders/components/order-filters'
import { OrdersList } from '@/features/admin-orders/components/orders-list'
import {
  buildAdminOrder,
  buildOrderSummary,
  ORDER_ID,
} from '@/testing/admin-order-fixtures'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter, renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'

const BASE = `/admin/orders/${ORDER_ID}`
const cancelledOrder = () =>
  buildAdminOrder(
    {
      status: 'cancelled',
      statusLabel: 'Cancelado',
      paymentStatus: 'voided',
      paymentStatusLabel: 'Anulado',
    },
    { canCancelUnpaid: false, canCancel: false, canMarkAsPaid: false, canArchive: true },
  )

describe('seller cancels an unpaid order', () => {
  test('on the order: "Cancelar pedido impago" asks first, then the order shows as cancelled', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === BASE)
        return { status: 200, data: buildAdminOrder({}, { canCancelUnpaid: true }) }
      if (method === 'GET' && url === `${BASE}/fulfillment-events`)
        return { status: 200, data: { deliveryType: 'pickup', fulfillmentId: null, events: [] } }
      if (method === 'POST' && url === `${BASE}/cancel-unpaid`)
        return { status: 200, data: cancelledOrder() }
      return { status: 404 }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '/admin/orders/:orderId', element: <AdminOrderPage /> }], {
      url: `/admin/orders/${ORDER_ID}`,
    })

    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.cancelUnpaid }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('¿Querés cancelar el pedido #1001 porque no se pagó?')
    expect(dialog).toHaveTextContent('el stock vuelve a estar a la venta')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: ORDER_ACTION_LABELS.cancelUnpaid })).toBeNull(),
    )
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Pedido #1001 cancelado; el stock volvió a estar a la venta.',
    )
    expect(adapter.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${BASE}/cancel-unpaid`,
    ])
  })

  test('on the list: the "Pago pendiente" chip filters unpaid orders and a row cancels one after confirming', async () => {
    const queries: Array<string | undefined> = []
    let cancelled = false
    const adapter = createFakeAdapter(({ method, url, config }) => {
      if (method === 'GET' && url === '/admin/orders') {
        queries.push((config.params as { query?: string }).query)
        const pending = buildOrderSummary()
        const paid = buildOrderSummary({
          _id: '88888888-8888-4888-8888-888888888888',
          number: 1002,
          paymentStatus: 'paid',
          paymentStatusLabel: 'Pagado',
        })
        return {
          status: 200,
          data: pageOf(cancelled ? [paid] : [pending, paid]),
        }
      }
      if (method === 'POST' && url === `${BASE}/cancel-unpaid`) {
        cancelled = true
        return { status: 200, data: cancelledOrder() }
      }
      return { status: 404 }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OrdersList />)

    const table = await screen.findByRole('table')
    await user.click(screen.getByRole('checkbox', { name: ORDER_FILTER_LABELS.unpaid }))
    await waitFor(() => expect(queries.at(-1)).toBe(JSON.stringify({ unpaid: true })))

    const rows = within(table).getAllByRole('row').slice(1)
    // Only the unpaid order offers the action.
    expect(within(rows[1]!).queryByRole('button', { name: 'Acciones de Pedido #1002' })).toBeNull()
    await user.click(within(rows[0]!).getByRole('button', { name: 'Acciones de Pedido #1001' }))
    await user.click(
      await screen.findByRole('menuitem', { name: ORDER_ACTION_LABELS.cancelUnpaid }),
    )
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('¿Querés cancelar el pedido #1001 porque no se pagó?')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pedido #1001' })).toBeNull())
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Pedido #1001 cancelado; el stock volvió a estar a la venta.',
    )
    expect(adapter.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${BASE}/cancel-unpaid`,
    ])
  })
})
