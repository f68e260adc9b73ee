import type { Invoice } from '@barrio/contracts/invoicing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'

import {
  orderInvoicesQueryOptions,
  PENDING_INVOICE_POLL_MS,
} from '@/api/admin/orders/order-invoices'
import { OrderInvoices } from '@/features/admin-orders/components/order-invoices'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { buildAdminOrder, ORDER_ID } from '@/testing/admin-order-fixtures'
import { buildInvoice, INVOICE_ID } from '@/testing/ordering-fixtures'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { recordDownloads } from '@/testing/record-downloads'
import { renderWithProviders } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'

const INVOICES = `/admin/orders/${ORDER_ID}/invoices`
const NOTE_ID = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e'

/** The store's view of a document: its PDF through the seller's route. */
function doc(over: Partial<Invoice>): Invoice {
  return buildInvoice({
    pdfUrl: `/api/v1/admin/orders/${ORDER_ID}/invoices/${INVOICE_ID}/pdf`,
    ...over,
  })
}

const paidOrder = () =>
  buildAdminOrder({ paymentStatus: 'paid', paymentStatusLabel: 'Pagado', total: 700000 })

function render(
  answer: (request: { method: string; url: string }) => FakeReply,
  order = paidOrder(),
) {
  signInSeller()
  const adapter = createFakeAdapter(answer)
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  renderWithProviders(<OrderInvoices order={order} storeId={STORE_A} />)
  return { adapter, user, card: () => screen.getByRole('region', { name: 'Factura' }) }
}

describe('the seller order card "Factura" (issue 27)', () => {
  test('an authorized invoice downloads its PDF; a pending credit note shows ARCA\'s reason and "Reintentar"', async () => {
    const pending = doc({
      _id: NOTE_ID,
      kind: 'credit_note',
      label: 'Nota de crédito B (pendiente)',
      voucherType: 8,
      number: null,
      status: 'pending',
      total: 150000,
      cae: null,
      caeDueDate: null,
      issuedOn: null,
      error: 'ARCA no responde; lo reintentamos en unos minutos',
      pdfUrl: null,
    })
    const { adapter, user, card } = render(({ method, url }) => {
      if (method === 'GET' && url === INVOICES)
        return { status: 200, data: { docs: [doc({}), pending] } }
      if (method === 'GET' && url === `/admin/orders/${ORDER_ID}/invoices/${INVOICE_ID}/pdf`)
        return { status: 200, data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) }
      if (method === 'POST' && url === INVOICES)
        return {
          status: 202,
          data: {
            docs: [doc({}), { ...pending, error: 'ARCA rechazó la nota de crédito (10016)' }],
          },
        }
      return { status: 404 }
    })
    const downloads = recordDownloads()

    const rows = await within(card()).findAllByTestId('order-invoice')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Factura B 00003-00000012')
    expect(rows[0]).toHaveTextContent('$ 7.000')
    expect(rows[0]).toHaveTextContent('CAE 74123456789012')
    expect(rows[1]).toHaveTextContent('Factura pendiente')
    expect(rows[1]).toHaveTextContent('ARCA no responde; lo reintentamos en unos minutos')
    expect(within(rows[1]!).queryByRole('button', { name: /Descargar PDF/ })).toBeNull()
    expect(within(card()).queryByRole('button', { name: 'Facturar' })).toBeNull()

    await user.click(within(rows[0]!).getByRole('button', { name: /Descargar PDF/ }))
    await waitFor(() =>
      expect(downloads.map((d) => d.fileName)).toEqual(['factura-b-00003-00000012.pdf']),
    )
    const pdfCall = adapter.calls.find((c) => c.url.endsWith('/pdf'))
    expect(pdfCall?.headers['x-store-id']).toBe(STORE_A)

    await user.click(within(card()).getByRole('button', { name: 'Reintentar' }))
    expect(
      await within(card()).findByText('ARCA rechazó la nota de crédito (10016)'),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  test('a paid order without invoice offers "Facturar"; a 409 is shown as a notification', async () => {
    const message = 'Para facturar, completá los datos fiscales y subí el certificado de ARCA.'
    const { adapter, user, card } = render(({ method, url }) => {
      if (method === 'GET' && url === INVOICES) return { status: 200, data: { docs: [] } }
      if (method === 'POST' && url === INVOICES)
        return { status: 409, data: { statusCode: 409, code: 'CONFLICT', message } }
      return { status: 404 }
    })

    expect(
      await within(card()).findByText('Este pedido todavía no tiene factura.'),
    ).toBeInTheDocument()
    await user.click(within(card()).getByRole('button', { name: 'Facturar' }))
    await waitFor(() => expect(getToasts('top').map((t) => t.message)).toContain(message))
    expect(adapter.calls.filter((c) => c.method === 'POST' && c.url === INVOICES)).toHaveLength(1)
  })

  test('an unpaid order has no "Facturar" yet', async () => {
    const { card } = render(
      ({ method, url }) =>
        method === 'GET' && url === INVOICES
          ? { status: 200, data: { docs: [] } }
          : { status: 404 },
      buildAdminOrder({ paymentStatus: 'pending', paymentStatusLabel: 'Pendiente' }),
    )
    expect(
      await within(card()).findByText('Vas a poder facturar cuando el pedido esté pagado.'),
    ).toBeInTheDocument()
    expect(within(card()).queryByRole('button', { name: 'Facturar' })).toBeNull()
  })

  test('asks again when the order becomes paid', async () => {
    let gets = 0
    signInSeller()
    http.defaults.adapter = createFakeAdapter(({ method, url }) => {
      if (method !== 'GET' || url !== INVOICES) return { status: 404 }
      gets += 1
      return {
        status: 200,
        data: {
          docs:
            gets === 1
              ? []
              : [
                  doc({
                    status: 'pending',
                    label: 'Factura B (pendiente)',
                    cae: null,
                    pdfUrl: null,
                  }),
                ],
        },
      }
    })
    function Harness() {
      const [order, setOrder] = useState(() =>
        buildAdminOrder({ paymentStatus: 'pending', paymentStatusLabel: 'Pendiente' }),
      )
      return (
        <>
          <button type="button" onClick={() => setOrder(paidOrder())}>
            Registrar pago
          </button>
          <OrderInvoices order={order} storeId={STORE_A} />
        </>
      )
    }
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<Harness />)
    expect(
      await screen.findByText('Vas a poder facturar cuando el pedido esté pagado.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Registrar pago' }))
    expect(await screen.findByText('Factura B (pendiente)')).toBeInTheDocument()
    expect(gets).toBe(2)
  })

  test('polls only while a document waits for ARCA', () => {
    const { refetchInterval } = orderInvoicesQueryOptions(STORE_A, ORDER_ID)
    const every = refetchInterval as (query: { state: { data?: Invoice[] } }) => number | false
    expect(every({ state: { data: [doc({}), doc({ status: 'pending' })] } })).toBe(
      PENDING_INVOICE_POLL_MS,
    )
    expect(PENDING_INVOICE_POLL_MS).toBeGreaterThanOrEqual(10_000)
    expect(every({ state: { data: [doc({})] } })).toBe(false)
    expect(every({ state: {} })).toBe(false)
  })
})
