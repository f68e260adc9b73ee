import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { OrderInvoiceLinks } from '@/features/orders/components/order-invoice-links'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { buildInvoice, ORDER_ID } from '@/testing/ordering-fixtures'
import { renderWithProviders } from '@/testing/render'

const invoice = buildInvoice()

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
