import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { OrderInvoiceLinks } from '@/features/orders/components/order-invoice-links'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { ORDER_ID } from '@/testing/ordering-fixtures'
import { renderWithProviders } from '@/testing/render'

const INVOICE_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'
const invoice = {
  _id: INVOICE_ID,
  kind: 'invoice',
  label: 'Factura B 00003-00000012',
  letter: 'B',
  voucherType: 6,
  pointOfSale: 3,
  number: 12,
  status: 'authorized',
  total: 700000,
  cae: '74123456789012',
  caeDueDate: '2026-12-09',
  issuedOn: '2026-11-29',
  error: null,
  createdAt: '2026-11-29T12:00:00.000Z',
  pdfUrl: `/api/v1/orders/${ORDER_ID}/invoices/${INVOICE_ID}/pdf`,
}

function render(docs: unknown[], paymentStatus: 'paid' | 'pending' = 'paid') {
  setUser(buildUser())
  const adapter = createFakeAdapter(({ method, url }) =>
    method === 'GET' && url === `/orders/${ORDER_ID}/invoices`
      ? { status: 200, data: { docs } }
      : { status: 404 },
  )
  http.defaults.adapter = adapter
  renderWithProviders(
    <>
      <OrderInvoiceLinks order={{ _id: ORDER_ID, paymentStatus }} />
      <p>Fin del pedido</p>
    </>,
  )
  return adapter
}

describe('"Factura" on the customer order page (issue 27)', () => {
  test('links each authorized document to its PDF', async () => {
    render([invoice])
    const block = await screen.findByRole('region', { name: 'Factura' })
    const link = within(block).getByRole('link', {
      name: 'Descargar Factura B 00003-00000012 (PDF)',
    })
    expect(link).toHaveAttribute('href', invoice.pdfUrl)
    expect(link).toHaveAttribute('download')
    expect(block).toHaveTextContent('CAE 74123456789012')
  })

  test('stays hidden when the order has no document yet', async () => {
    const adapter = render([])
    await screen.findByText('Fin del pedido')
    await waitFor(() => expect(adapter.calls).toHaveLength(1))
    expect(screen.queryByRole('region', { name: 'Factura' })).toBeNull()
  })

  test('an unpaid order does not ask', async () => {
    const adapter = render([invoice], 'pending')
    await screen.findByText('Fin del pedido')
    expect(screen.queryByRole('region', { name: 'Factura' })).toBeNull()
    expect(adapter.calls).toHaveLength(0)
  })
})
