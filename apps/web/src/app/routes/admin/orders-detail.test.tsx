import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AxiosHeaders } from 'axios'
import { describe, expect, test } from 'vitest'

import { AdminOrderPage } from '@/app/routes/admin/orders'
import { ORDER_ACTION_LABELS } from '@/features/admin-orders/components/order-actions-panel'
import {
  buildAdminOrder,
  ORDER_ID,
} from '@/testing/admin-order-fixtures'
import { appStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { signInSeller, STORE_A, STORE_B } from '@/testing/seller-fixtures'

const BASE = `/admin/orders/${ORDER_ID}`
const FULFILLMENT_ID = '99999999-9999-4999-8999-999999999999'

/** The seller API for one order: GETs answer `order`; writes answer what `onWrite` says. */
function fakeOrderApi(
  order: AdminOrder,
  onWrite: (call: { method: string; url: string; data: unknown }) => FakeReply,
) {
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url === BASE) return { status: 200, data: order }
    if (method === 'GET' && url === `${BASE}/fulfillment-events`)
      return {
        status: 200,
        data: {
          deliveryType: order.deliveryType,
          fulfillmentId: order.actions.activeFulfillmentId,
          events: order.actions.nextEvents,
        },
      }
    return onWrite({ method, url, data })
  })
  http.defaults.adapter = adapter
  return adapter
}

function renderOrderPage() {
  signInSeller()
  return renderRouter([{ path: '/admin/orders/:orderId', element: <AdminOrderPage /> }], {
    url: `/admin/orders/${ORDER_ID}`,
  })
}
const bottomToasts = () => getToasts('bottom').map((t) => t.message)
const writes = (adapter: ReturnType<typeof fakeOrderApi>) =>
  adapter.calls.filter((c) => c.method !== 'GET').map((c) => ({ ...c, headers: undefined, at: 0 }))

describe('seller order detail', () => {
  test('shows items, totals, customer, pickup place and timeline', async () => {
    fakeOrderApi(
      buildAdminOrder({
        customerNote: 'Sin cebolla',
        timeline: [
          {
            type: 'ORDER_PLACED',
            label: 'Pedido recibido',
            note: null,
            actor: null,
            createdAt: '2026-11-22T13:00:00.000Z',
          },
          {
            type: 'INTERNAL_NOTE_ADDED',
            label: 'Nota interna agregada',
            note: 'Cliente habitual',
            actor: 'Tomás Ruiz',
            createdAt: '2026-11-22T13:05:00.000Z',
          },
        ],
      }),
      () => ({ status: 500 }),
    )
    renderOrderPage()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' }),
    ).toBeInTheDocument()
    const items = screen.getByRole('region', { name: 'Productos' })
    expect(within(items).getByText('Café de Colombia 250 g')).toBeInTheDocument()
    // The customer's money format: no ",00" on a whole number of pesos.
    expect(items.textContent?.replace(/\u00a0/g, ' ')).toMatch(/\$ 7\.000(?!,)/)
    const customer = screen.getByRole('region', { name: 'Cliente' })
    expect(within(customer).getByRole('link', { name: 'lucia@example.com' })).toHaveAttribute(
      'href',
      'mailto:lucia@example.com',
    )
    expect(screen.getByText('Retira en Gurruchaga 1700, Palermo')).toBeInTheDocument()
    expect(screen.getByText('Sin cebolla')).toBeInTheDocument()
    const history = screen.getByRole('list', { name: 'Historial del pedido' })
    const entries = within(history).getAllByRole('listitem')
    // Newest first; internal notes are marked.
    expect(entries[0]).toHaveTextContent('Nota interna agregada')
    expect(entries[0]).toHaveTextContent('Interna')
    // Who did it (decision 029); the customer's own order needs no name.
    expect(entries[0]).toHaveTextContent('por Tomás Ruiz')
    expect(entries[1]).toHaveTextContent('Pedido recibido')
    expect(entries[1]).not.toHaveTextContent('por ')
  })

  test('"Marcar como pagado" asks first, then the order shows as paid with a toast', async () => {
    const adapter = fakeOrderApi(buildAdminOrder(), ({ url }) =>
      url === `${BASE}/mark-as-paid`
        ? {
            status: 200,
            data: buildAdminOrder(
              { paymentStatus: 'paid', paymentStatusLabel: 'Pagado' },
              { canMarkAsPaid: false, canRefund: true },
            ),
          }
        : { status: 404 },
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.markAsPaid }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain('¿Querés marcar como recibido el pago de $ 7.000?')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))

    expect(
      await screen.findByRole('button', { name: ORDER_ACTION_LABELS.refund }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: ORDER_ACTION_LABELS.markAsPaid })).toBeNull()
    expect(bottomToasts()).toContain('Pago registrado.')
    expect(writes(adapter)).toEqual([
      expect.objectContaining({ method: 'POST', url: `${BASE}/mark-as-paid` }),
    ])
  })

  test('Descartar in the confirmation sends nothing', async () => {
    const adapter = fakeOrderApi(buildAdminOrder({}, { canArchive: true }), () => ({ status: 500 }))
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.archive }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Descartar' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(writes(adapter)).toEqual([])
  })

  test('prepare, then the applicable next step ("Listo para retirar") is one click', async () => {
    // A tiny server with state: each write moves the order on, GETs answer the current order.
    let current = buildAdminOrder()
    const steps: Record<string, AdminOrder> = {
      [`${BASE}/fulfill`]: buildAdminOrder(
        { fulfillmentStatus: 'in_progress', fulfillmentStatusLabel: 'En curso' },
        {
          canFulfill: false,
          activeFulfillmentId: FULFILLMENT_ID,
          nextEvents: [
            { value: 'ready_for_pickup', label: 'Listo para retirar' },
            { value: 'picked_up', label: 'Retirado' },
          ],
        },
      ),
      [`${BASE}/fulfillment-event`]: buildAdminOrder(
        { status: 'fulfilled', statusLabel: 'Preparado' },
        {
          canFulfill: false,
          activeFulfillmentId: FULFILLMENT_ID,
          nextEvents: [{ value: 'picked_up', label: 'Retirado' }],
        },
      ),
    }
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === BASE) return { status: 200, data: current }
      if (method === 'GET' && url === `${BASE}/fulfillment-events`)
        return {
          status: 200,
          data: {
            deliveryType: 'pickup',
            fulfillmentId: current.actions.activeFulfillmentId,
            events: current.actions.nextEvents,
          },
        }
      const next = steps[url]
      if (method !== 'POST' || !next) return { status: 404 }
      current = next
      return { status: 200, data: current }
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderOrderPage()

    await user.click(await screen.findByRole('button', { name: ORDER_ACTION_LABELS.fulfill }))
    const ready = await screen.findByRole('button', { name: 'Listo para retirar' })
    expect(bottomToasts()).toContain('Empezaste a preparar el pedido.')
    expect(screen.queryByRole('button', { name: ORDER_ACTION_LABELS.fulfill })).toBeNull()
    await user.click(ready)

    expect(await screen.findByRole('button', { name: 'Retirado' })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Listo para retirar' })).toBeNull(),
    )
    expect(bottomToasts()).toContain('Pedido marcado como "Listo para retirar".')
    expect(writes(adapter).map((c) => [c.url, c.data])).toEqual([
      [`${BASE}/fulfill`, undefined],
      [`${BASE}/fulfillment-event`, { newEvent: 'ready_for_pickup' }],
    ])
  })

  test('"Cancelar envío" asks for a reason and sends it; a refusal shows the server’s message', async () => {
    const order = buildAdminOrder(
      {},
      {
        canFulfill: false,
        activeFulfillmentId: FULFILLMENT_ID,
        nextEvents: [{ value: 'ready_for_pickup', label: 'Listo para retirar' }],
      },
    )
    const adapter = fakeOrderApi(order, ({ url }) =>
      url === `${BASE}/fulfillment/${FULFILLMENT_ID}/cancel`
        ? {
            status: 409,
            data: {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'Esa preparación ya está cancelada.',
            },
          }
        : { status: 404 },
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    await user.click(
      await screen.findByRole('button', { name: ORDER_ACTION_LABELS.cancelFulfillment }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar envío' })
    await user.type(within(dialog).getByLabelText(/^Motivo/), 'Faltó mercadería')
    await user.click(
      within(dialog).getByRole('button', { name: ORDER_ACTION_LABELS.cancelFulfillment }),
    )

    await waitFor(() =>
      expect(getToasts('top').map((t) => t.message)).toContain(
        'Esa preparación ya está cancelada.',
      ),
    )
    expect(writes(adapter)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `${BASE}/fulfillment/${FULFILLMENT_ID}/cancel`,
        data: { reason: 'Faltó mercadería' },
      }),
    ])
  })

  test('an internal note is sent with PUT and the box empties', async () => {
    const adapter = fakeOrderApi(buildAdminOrder(), ({ method, url }) =>
      method === 'PUT' && url === BASE ? { status: 200, data: buildAdminOrder() } : { status: 404 },
    )
    const user = userEvent.setup({ delay: null })
    renderOrderPage()
    const box = await screen.findByLabelText(/^Nota interna/)
    await user.type(box, 'Llamar antes de preparar')
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }))
    await waitFor(() => expect(box).toHaveValue(''))
    expect(writes(adapter)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        data: { internalNote: 'Llamar antes de preparar' },
      }),
    ])
  })
})

describe('an order of another of the seller’s stores', () => {
  const notFound = {
    status: 404,
    data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos ese pedido.' },
  }

  test('opens after switching to its store instead of saying it does not exist', async () => {
    const order = buildAdminOrder()
    const adapter = createFakeAdapter(({ method, url, config }) => {
      const store = AxiosHeaders.from(config.headers).get('x-store-id')
      if (method === 'GET' && url === `/admin/order-stores/${ORDER_ID}`)
        return { status: 200, data: { storeId: STORE_B } }
      if (method === 'GET' && url === BASE)
        return store === STORE_B ? { status: 200, data: order } : notFound
      return { status: 404 }
    })
    http.defaults.adapter = adapter
    renderOrderPage()
    expect(
      await screen.findByRole('heading', { name: `Pedido #${order.number}` }, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(appStore.getState().selectedStoreId).toBe(STORE_B)
    expect(screen.queryByText('No encontramos ese pedido.')).not.toBeInTheDocument()
  })

  test('an order of a store the seller has no role in stays not found', async () => {
    http.defaults.adapter = createFakeAdapter(() => notFound)
    renderOrderPage()
    expect(
      await screen.findByText('No encontramos ese pedido.', undefined, { timeout: 20_000 }),
    ).toBeInTheDocument()
    expect(appStore.getState().selectedStoreId).toBe(STORE_A)
  })
})
