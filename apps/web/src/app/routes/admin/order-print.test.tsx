import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { OrderPrintPage, OrdersPrintPage } from '@/app/routes/admin/order-print'
import { buildAdminOrder, ORDER_ID } from '@/testing/admin-order-fixtures'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'

const OTHER_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'
const nbsp = (s: string | null | undefined) => String(s ?? '').replace(/\u00a0/g, ' ')

/** A delivery with a slot, two lines (one with options), a fee and a tax on top. */
function deliveryOrder(): AdminOrder {
  return buildAdminOrder({
    number: 1234,
    deliveryType: 'delivery',
    deliveryTypeLabel: 'Envío a domicilio',
    scheduledFor: { start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T13:30:00.000Z' },
    contact: { firstName: 'Ana', lastName: 'Gómez', phone: '+5493415550101', email: '' },
    pickupAddress: null,
    shippingAddress: {
      street: 'Córdoba',
      number: '1200',
      floorApartment: '3 B',
      neighbourhood: 'Centro',
      city: 'Rosario',
      provinceCode: 'S',
      provinceName: 'Santa Fe',
      postalCode: 'S2000',
      formattedAddress: 'Córdoba 1200, 3 B, Centro, Rosario, Santa Fe',
      notes: 'Timbre roto: llamar',
    },
    customerNote: 'Sin sal',
    items: [
      {
        _id: 'oi-1',
        productId: 'p-1',
        variantId: 'v-1',
        title: 'Medialunas',
        variantTitle: 'Docena / Manteca',
        sku: 'MED-12',
        imageUrl: null,
        unitPrice: 450000,
        quantity: 2,
        lineTotal: 900000,
        fulfilledQuantity: 0,
        refundedQuantity: 0,
      },
      {
        _id: 'oi-2',
        productId: 'p-2',
        variantId: 'v-2',
        title: 'Pan de campo',
        variantTitle: 'Predeterminado',
        sku: null,
        imageUrl: null,
        unitPrice: 250050,
        quantity: 1,
        lineTotal: 250050,
        fulfilledQuantity: 0,
        refundedQuantity: 0,
      },
    ],
    subtotal: 1150050,
    deliveryFee: 150000,
    taxLines: [{ name: 'Percepción IIBB', rate: 0.03, amount: 34501, included: false }],
    taxes: 34501,
    total: 1334551,
    paymentMethod: 'cash',
    paymentMethodLabel: 'Efectivo',
    paymentStatus: 'pending',
    paymentStatusLabel: 'Pendiente',
  })
}

function fakeOrders(orders: AdminOrder[]) {
  const adapter = createFakeAdapter(({ method, url }) => {
    const order = orders.find((o) => method === 'GET' && url === `/admin/orders/${o._id}`)
    return order ? { status: 200, data: order } : { status: 404 }
  })
  http.defaults.adapter = adapter
  return adapter
}

let print: ReturnType<typeof vi.fn>
beforeEach(() => {
  print = vi.fn()
  window.print = print as unknown as typeof window.print
})
afterEach(() => {
  document.querySelectorAll('style').forEach((s) => {
    if (s.textContent?.startsWith('@page')) s.remove()
  })
})

function renderPrint(url: string) {
  signInSeller()
  return renderRouter(
    [
      { path: '/admin/orders/print', element: <OrdersPrintPage /> },
      { path: '/admin/orders/:orderId/print', element: <OrderPrintPage /> },
    ],
    { url },
  )
}

const ticket = async () => screen.findByTestId('order-ticket', {}, { timeout: 20_000 })
const pageRules = () =>
  [...document.querySelectorAll('style')]
    .map((s) => s.textContent)
    .filter((t) => t?.startsWith('@page'))

describe('the comanda (80 mm)', () => {
  test('number, slot, customer, address and notes, items with options, totals, payment and the QR', async () => {
    const adapter = fakeOrders([{ ...deliveryOrder(), _id: ORDER_ID }])
    renderPrint(`/admin/orders/${ORDER_ID}/print?format=80mm`)
    const t = await ticket()
    expect(t).toHaveAttribute('data-format', '80mm')
    const text = nbsp(t.textContent)
    expect(text).toContain('Tostadero Soho')
    expect(text).toContain('Comanda')
    expect(within(t).getByRole('heading', { level: 1 })).toHaveTextContent('Pedido #1234')
    expect(text).toContain('Programado para el 15/3 10:00–10:30')
    expect(text).toContain('Cliente: Ana Gómez')
    expect(text).toContain('Dirección: Córdoba 1200, 3 B, Centro, Rosario, Santa Fe')
    expect(text).toContain('Indicaciones: Timbre roto: llamar')
    expect(text).toContain('Nota del cliente: Sin sal')
    const rows = within(within(t).getByRole('table', { name: 'Productos' })).getAllByRole('row')
    expect(rows.map((r) => nbsp(r.textContent))).toEqual([
      '2 ×MedialunasDocena / Manteca$ 9.000',
      '1 ×Pan de campo$ 2.500,50',
    ])
    const totals = within(t).getByRole('table', { name: 'Totales' })
    expect(nbsp(totals.textContent)).toBe(
      'Subtotal$ 11.500,50Envío$ 1.500Percepción IIBB$ 345,01Total$ 13.345,51',
    )
    expect(text).toContain('Pago: Efectivo · Pendiente')
    const qr = within(t).getByRole('img', { name: 'Código QR del pedido #1234' })
    expect(qr.getAttribute('data-qr-value')).toBe(`http://localhost:3000/admin/orders/${ORDER_ID}`)
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    // The roll's page rule, and the order fetched for the selected store.
    expect(pageRules()).toEqual(['@page { size: 80mm auto; margin: 2mm 3mm; }'])
    expect(adapter.calls[0]?.headers['x-store-id']).toBe(STORE_A)
    // Printed once, by itself.
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 20_000 })
  })

  test('an order for as soon as possible says so; ?autoprint=0 does not print', async () => {
    fakeOrders([buildAdminOrder()])
    renderPrint(`/admin/orders/${ORDER_ID}/print?format=58mm&autoprint=0`)
    const t = await ticket()
    expect(t).toHaveAttribute('data-format', '58mm')
    expect(t).toHaveTextContent('Lo antes posible')
    expect(t).toHaveTextContent('Retira en: Gurruchaga 1700, Palermo')
    // Longer than the print delay: had it been asked, the dialog would have opened by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(print).not.toHaveBeenCalled()
    expect(screen.getByRole('link', { name: 'Remito A4' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}/print?format=a4&autoprint=0`,
    )
  })

  test("a coupon's discount is a line of the totals, with its code (issue 28)", async () => {
    fakeOrders([
      {
        ...deliveryOrder(),
        _id: ORDER_ID,
        discount: 115005,
        couponCode: 'MARTES10',
        total: 1219546,
      },
    ])
    renderPrint(`/admin/orders/${ORDER_ID}/print?format=80mm&autoprint=0`)
    const totals = within(await ticket()).getByRole('table', { name: 'Totales' })
    expect(nbsp(totals.textContent)).toBe(
      'Subtotal$ 11.500,50Envío$ 1.500Descuento (MARTES10)-$ 1.150,05Percepción IIBB$ 345,01Total$ 12.195,46',
    )
  })
})

describe('the remito (A4)', () => {
  test('a table with unit prices and the A4 page rule', async () => {
    fakeOrders([{ ...deliveryOrder(), _id: ORDER_ID }])
    renderPrint(`/admin/orders/${ORDER_ID}/print?format=a4&autoprint=0`)
    const t = await ticket()
    expect(t).toHaveTextContent('Remito')
    const table = within(t).getByRole('table', { name: 'Productos' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cant.', 'Producto', 'Precio', 'Importe'])
    expect(nbsp(within(table).getAllByRole('row')[1]!.textContent)).toBe(
      '2 ×MedialunasDocena / MantecaSKU MED-12$ 4.500$ 9.000',
    )
    expect(pageRules()).toEqual(['@page { size: A4; margin: 12mm; }'])
  })
})

describe('bulk: several comandas', () => {
  test('one ticket per order, in the order asked, printed once', async () => {
    fakeOrders([
      buildAdminOrder({ number: 1001 }),
      buildAdminOrder({ _id: OTHER_ID, number: 1002 }),
    ])
    renderPrint(`/admin/orders/print?ids=${OTHER_ID},${ORDER_ID}&format=80mm`)
    await waitFor(() => expect(screen.getAllByTestId('order-ticket')).toHaveLength(2), {
      timeout: 20_000,
    })
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Pedido #1002',
      'Pedido #1001',
    ])
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1), { timeout: 20_000 })
  })

  test('an order that cannot be loaded shows the error and prints nothing', async () => {
    fakeOrders([buildAdminOrder()])
    renderPrint(`/admin/orders/print?ids=${ORDER_ID},${OTHER_ID}&format=80mm&autoprint=1`)
    await screen.findByRole('button', { name: /Reintentar/ }, { timeout: 20_000 })
    expect(screen.queryByTestId('order-ticket')).toBeNull()
    expect(print).not.toHaveBeenCalled()
  })
})
