import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { OrderDetail } from '@/features/admin-orders/components/order-detail'
import { buildAdminOrder, ORDER_ID } from '@/testing/admin-order-fixtures'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'
import { recordDownloads } from '@/testing/record-downloads'

const nbsp = (s: string | null) => String(s ?? '').replace(/\u00a0/g, ' ')
const at = (minute: number) => `2026-11-22T13:${String(minute).padStart(2, '0')}:00.000Z`

/** An order the store took for Rosa, whom it has only a phone of (issue 22). */
function phoneOnly(over: Partial<AdminOrder> = {}) {
  return buildAdminOrder({
    contact: { firstName: 'Rosa', lastName: 'Giménez', phone: '+5491144445555', email: '' },
    ...over,
  })
}

function renderDetail(order: AdminOrder) {
  signInSeller()
  http.defaults.adapter = createFakeAdapter(() => ({ status: 404 }))
  renderWithProviders(<OrderDetail order={order} storeId={STORE_A} />)
  return screen.getByRole('region', { name: 'Cliente' })
}

const actions = () => screen.getByRole('region', { name: 'Acciones' })
const whatsApp = () => within(actions()).queryByRole('link', { name: 'Avisar por WhatsApp' })

describe('"Avisar por WhatsApp" on every order with a phone (issue 28)', () => {
  test('ready for pickup, cash due: wa.me with their number and the message for that moment', () => {
    const section = renderDetail(
      phoneOnly({
        paymentMethod: 'cash',
        paymentMethodLabel: 'Efectivo',
        fulfillments: [
          {
            _id: 'f-1',
            status: 'ready_for_pickup',
            label: 'Listo para retirar',
            reason: null,
            items: [],
            events: [],
            createdAt: at(3),
          },
        ],
      }),
    )
    const a = whatsApp()!
    expect(a).toHaveAttribute('target', '_blank')
    const href = new URL(a.getAttribute('href')!)
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/5491144445555')
    expect(nbsp(href.searchParams.get('text'))).toBe(
      '¡Hola Rosa! Tu pedido #1001 de Tostadero Soho está listo para retirar en Gurruchaga 1700, Palermo. Tené a mano $ 7.000 en efectivo.',
    )
    // Without e-mail our notices do not reach them: the customer card says so.
    expect(section).toHaveTextContent('No tiene e-mail: no le llegan nuestros avisos del pedido.')
    // The phone in the one display format (issue 30), dialled as stored.
    const phone = within(section).getByRole('link', { name: '011 15-4444-5555' })
    expect(phone).toHaveAttribute('href', 'tel:+5491144445555')
  })

  test('a partial refund, and a mobile stored without the 9: the link adds it', () => {
    renderDetail(
      phoneOnly({
        contact: { firstName: 'Rosa', lastName: 'Giménez', phone: '+541144445555', email: '' },
        paymentStatus: 'partially_refunded',
        paymentStatusLabel: 'Reembolsado parcialmente',
        refundedAmount: 150000,
      }),
    )
    const href = new URL(whatsApp()!.getAttribute('href')!)
    expect(href.pathname).toBe('/5491144445555')
    expect(nbsp(href.searchParams.get('text'))).toBe(
      '¡Hola Rosa! Te reembolsamos parte del pedido #1001 de Tostadero Soho: en total $ 1.500 de $ 7.000.',
    )
  })

  test('a customer with e-mail gets it too: the message for a new order', () => {
    const section = renderDetail(buildAdminOrder())
    expect(nbsp(new URL(whatsApp()!.getAttribute('href')!).searchParams.get('text'))).toBe(
      '¡Hola Lucía! Recibimos tu pedido #1001 de Tostadero Soho; te avisamos cuando esté listo para retirar.',
    )
    expect(section).not.toHaveTextContent('No tiene e-mail')
  })
})

describe('tickets on paper (issue 28)', () => {
  test('"Imprimir comanda" and "Imprimir remito" open the print route in a new tab', () => {
    renderDetail(buildAdminOrder())
    const comanda = within(actions()).getByRole('link', { name: 'Imprimir comanda' })
    const remito = within(actions()).getByRole('link', { name: 'Imprimir remito' })
    expect(comanda).toHaveAttribute('href', `/admin/orders/${ORDER_ID}/print?format=80mm`)
    expect(remito).toHaveAttribute('href', `/admin/orders/${ORDER_ID}/print?format=a4`)
    for (const a of [comanda, remito]) expect(a).toHaveAttribute('target', '_blank')
  })
})

describe('a scheduled order (issue 26)', () => {
  test('its slot shows under Entrega and beside the statuses', () => {
    renderDetail(
      buildAdminOrder({
        scheduledFor: { start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T13:30:00.000Z' },
      }),
    )
    const delivery = screen.getByRole('region', { name: 'Entrega' })
    expect(within(delivery).getByTestId('order-scheduled')).toHaveTextContent(
      'Programado para el 15/3 10:00–10:30',
    )
    expect(screen.getAllByText('Programado para el 15/3 10:00–10:30')).toHaveLength(2)
  })

  test('an order for as soon as possible names no slot', () => {
    renderDetail(buildAdminOrder())
    expect(screen.queryByText(/Programado para/)).not.toBeInTheDocument()
  })
})

describe('the transfer receipt beside "Marcar como pagado" (issue 30)', () => {
  test('opens through the store’s order route, with the store header, not a public link', async () => {
    const saved = recordDownloads()
    const receipt = new Blob(['png'], { type: 'image/png' })
    const order = buildAdminOrder(
      {
        paymentMethod: 'bank_transfer',
        transferReceipt: {
          url: '/api/v1/admin/orders/o_1/transfer-receipt',
          fileName: 'captura.png',
          contentType: 'image/png',
          uploadedAt: '2026-11-22T13:00:00.000Z',
        },
      },
      { canMarkAsPaid: true },
    )
    signInSeller()
    const adapter = createFakeAdapter(({ method, url }) =>
      method === 'GET' && url === `/admin/orders/${order._id}/transfer-receipt`
        ? { status: 200, data: receipt, headers: { 'content-type': 'image/png' } }
        : { status: 404 },
    )
    http.defaults.adapter = adapter
    renderWithProviders(<OrderDetail order={order} storeId={STORE_A} />)
    const open = await screen.findByTestId('transfer-receipt-link', {}, { timeout: 20_000 })
    expect(open.tagName).toBe('BUTTON')
    expect(open).toHaveTextContent('Ver comprobante de transferencia (captura.png)')
    await userEvent.setup({ delay: null }).click(open)
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 20_000 })
    expect(saved[0]).toEqual({ blob: receipt, fileName: 'captura.png' })
    const call = adapter.calls.find((c) => c.url === `/admin/orders/${order._id}/transfer-receipt`)
    expect(call?.headers['x-store-id']).toBe(STORE_A)
  })
})
