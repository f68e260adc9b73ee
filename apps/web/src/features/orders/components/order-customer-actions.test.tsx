import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { OrderDetail } from '@/features/orders/components/order-detail'
import { setDeviceId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { recordDownloads } from '@/testing/record-downloads'
import { buildOrder, ORDER_ID, renderOrdering } from '@/testing/ordering-fixtures'
import type { Order } from '@barrio/contracts/orders'

const RECEIPT = new Blob(['%PDF-1.4'], { type: 'application/pdf' })

function renderOrder(order: Order, cancelled?: Order) {
  setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === `/orders/${ORDER_ID}`) return { status: 200, data: order }
    if (method === 'GET' && url === `/orders/${ORDER_ID}/transfer-receipt`)
      return { status: 200, data: RECEIPT, headers: { 'content-type': 'application/pdf' } }
    if (method === 'POST' && url === `/orders/${ORDER_ID}/cancel` && cancelled)
      return { status: 200, data: cancelled }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No' } }
  })
  http.defaults.adapter = adapter
  renderOrdering([{ path: '/orders/:orderId', element: <OrderDetail orderId={ORDER_ID} /> }], {
    url: `/orders/${ORDER_ID}`,
  })
  return { adapter, user: userEvent.setup({ delay: null }) }
}

describe('order page: what the customer can do (issue 30)', () => {
  test('cancels before the store starts preparing, and contacts the store', async () => {
    const order = buildOrder({
      store: { ...buildOrder().store, phone: '+5491155550202' },
      customerActions: { canCancel: true, canUploadReceipt: true },
    })
    const cancelled = buildOrder({
      ...order,
      status: 'cancelled',
      statusLabel: 'Cancelado',
      customerActions: { canCancel: false, canUploadReceipt: false },
    })
    const { adapter, user } = renderOrder(order, cancelled)
    const contact = await screen.findByRole('group', { name: 'Contactar al comercio' })
    expect(within(contact).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringContaining('https://wa.me/5491155550202'),
    )
    expect(screen.getByRole('button', { name: 'Subir comprobante' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }))
    await user.type(await screen.findByLabelText(/Motivo/), 'Me equivoqué')
    await user.click(screen.getByRole('button', { name: 'Sí, cancelar el pedido' }))
    expect(
      await screen.findByText('Este pedido fue cancelado.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    const call = adapter.calls.find((c) => c.url === `/orders/${ORDER_ID}/cancel`)
    expect(call?.data).toEqual({ reason: 'Me equivoqué' })
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).not.toBeInTheDocument()
  })

  test('the receipt sent opens through the order’s own route, with the device’s headers, not a public link', async () => {
    const saved = recordDownloads()
    const order = buildOrder({
      paymentMethod: 'bank_transfer',
      customerActions: { canCancel: true, canUploadReceipt: true },
      transferReceipt: {
        url: `/api/v1/orders/${ORDER_ID}/transfer-receipt`,
        fileName: 'transferencia.pdf',
        contentType: 'application/pdf',
        uploadedAt: '2026-11-22T13:00:00.000Z',
      },
    })
    const { adapter, user } = renderOrder(order)
    const sent = await screen.findByTestId('transfer-receipt', {}, { timeout: 20_000 })
    // No plain link: one would reach the file without the session or the device's headers.
    expect(within(sent).queryByRole('link')).not.toBeInTheDocument()
    await user.click(within(sent).getByRole('button', { name: 'transferencia.pdf' }))
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 20_000 })
    expect(saved[0]).toEqual({ blob: RECEIPT, fileName: 'transferencia.pdf' })
    const call = adapter.calls.find((c) => c.url === `/orders/${ORDER_ID}/transfer-receipt`)
    expect(call?.method).toBe('GET')
    expect(call?.headers['x-device-id']).toBe('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
  })

  test('after delivery "Qué sigue" says it was delivered, and the total is shown net of refunds', async () => {
    const order = buildOrder({
      status: 'completed',
      statusLabel: 'Completado',
      deliveryType: 'delivery',
      deliveryTypeLabel: 'Envío a domicilio',
      fulfillmentStatus: 'delivered',
      fulfillmentStatusLabel: 'Entregado',
      paymentStatus: 'partially_refunded',
      paymentStatusLabel: 'Reembolsado parcialmente',
      refundedAmount: 350000,
    })
    renderOrder(order)
    expect(await screen.findByTestId('delivery-step', {}, { timeout: 20_000 })).toHaveTextContent(
      'Entregamos el pedido.',
    )
    expect(screen.queryByText(/lo llevamos/)).not.toBeInTheDocument()
    expect(screen.getByText('Total con reembolsos').nextSibling?.textContent).toMatch(/3\.500/)
  })
})
