import type { AdminDashboard } from '@barrio/contracts/admin-dashboard'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { AutoPrintSwitch } from '@/features/admin-dashboard/components/auto-print-switch'
import { DashboardOverview } from '@/features/admin-dashboard/components/dashboard-overview'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'

const ORDER = '77777777-7777-4777-8777-777777777777'

/** The browser's EventSource, driven by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>()
  constructor(readonly url: string) {
    FakeEventSource.last = this
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)?.add(listener)
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener)
  }
  close() {}
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

const dashboard: AdminDashboard = {
  store: { _id: STORE_A, name: 'Panadería Lola', isOpen: true },
  today: { date: '2026-11-24', sales: 0, orders: 0 },
  lastWeek: { date: '2026-11-17', sales: 0, orders: 0 },
  waiting: { toPrepare: 0, readyForPickup: 0, outForDelivery: 0 },
  paymentsToConfirm: 0,
  lowStock: { variants: 0, outOfStock: 0, threshold: 3 },
  latestOrders: [],
  slots: [],
  slotsDate: '2026-11-24',
  checklist: {
    productWithPhoto: true,
    deliveryConfigured: true,
    paymentMethodsChosen: true,
    storeOpen: true,
  },
}

const body = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as unknown

function fakeApi(autoPrintNewOrders: boolean) {
  let saved = autoPrintNewOrders
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url === '/admin/dashboard') return { status: 200, data: dashboard }
    if (url === '/admin/store_settings_printing') {
      if (method === 'PUT')
        saved = (body(data) as { autoPrintNewOrders: boolean }).autoPrintNewOrders
      return { status: 200, data: { autoPrintNewOrders: saved } }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const original = Object.getOwnPropertyDescriptor(window, 'EventSource')
let open: ReturnType<typeof vi.fn>
beforeEach(() => {
  Object.defineProperty(window, 'EventSource', {
    configurable: true,
    writable: true,
    value: FakeEventSource,
  })
  open = vi.fn(() => ({}) as Window)
  window.open = open as unknown as typeof window.open
})
afterEach(() => {
  if (original) Object.defineProperty(window, 'EventSource', original)
  else delete (window as { EventSource?: unknown }).EventSource
  document.querySelectorAll('iframe[data-auto-print]').forEach((f) => f.remove())
})

async function renderDashboardWith(autoPrint: boolean) {
  const adapter = fakeApi(autoPrint)
  signInSeller()
  renderWithProviders(
    <>
      <AutoPrintSwitch />
      <DashboardOverview />
    </>,
  )
  const toggle = await screen.findByRole(
    'switch',
    { name: /^Imprimir automáticamente los pedidos nuevos/ },
    { timeout: 20_000 },
  )
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull(), { timeout: 20_000 })
  return { adapter, toggle }
}

describe('"Imprimir automáticamente los pedidos nuevos" (issue 28)', () => {
  test('on: each new order on the stream opens its comanda in a tab', async () => {
    const { toggle } = await renderDashboardWith(true)
    await waitFor(() => expect(toggle).toBeChecked(), { timeout: 20_000 })
    FakeEventSource.last!.emit('order', { type: 'order.created', orderId: ORDER })
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1), { timeout: 20_000 })
    expect(open).toHaveBeenCalledWith(`/admin/orders/${ORDER}/print?format=80mm`, '_blank')
  })

  test('a blocked tab prints from a hidden frame on the dashboard instead', async () => {
    open.mockReturnValue(null)
    const { toggle } = await renderDashboardWith(true)
    await waitFor(() => expect(toggle).toBeChecked(), { timeout: 20_000 })
    FakeEventSource.last!.emit('order', { type: 'order.created', orderId: ORDER })
    await waitFor(
      () =>
        expect(document.querySelector(`iframe[data-auto-print="${ORDER}"]`)).toHaveAttribute(
          'src',
          `/admin/orders/${ORDER}/print?format=80mm`,
        ),
      { timeout: 20_000 },
    )
  })

  test('off: nothing opens; the seller turns it on with PUT', async () => {
    const { adapter, toggle } = await renderDashboardWith(false)
    expect(toggle).not.toBeChecked()
    // The stream's handler runs at once: had it been on, the tab would be open now.
    FakeEventSource.last!.emit('order', { type: 'order.created', orderId: ORDER })
    expect(open).not.toHaveBeenCalled()
    await userEvent.setup({ delay: null }).click(toggle)
    await waitFor(() => expect(toggle).toBeChecked(), { timeout: 20_000 })
    const put = adapter.calls.find((c) => c.method === 'PUT')
    expect(put?.url).toBe('/admin/store_settings_printing')
    expect(body(put?.data)).toEqual({ autoPrintNewOrders: true })
    expect(put?.headers['x-store-id']).toBe(STORE_A)
  })
})

describe('the switch while the setting loads (issue 29, the dashboard’s layout shift)', () => {
  test('keeps its place, hidden from assistive technology, and becomes the real switch when the setting arrives', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => {}
    http.defaults.adapter = createFakeAdapter(({ url }) => {
      if (url === '/admin/store_settings_printing')
        return new Promise((resolve) => (answer = resolve))
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    signInSeller()
    const { container } = renderWithProviders(<AutoPrintSwitch />)
    // Before the answer: the switch's box is there (nothing below moves when it arrives), but
    // not offered as a control.
    const placeholder = await screen.findByRole(
      'switch',
      { name: /^Imprimir automáticamente los pedidos nuevos/, hidden: true },
      { timeout: 20_000 },
    )
    expect(screen.queryByRole('switch')).toBeNull()
    expect(placeholder).toBeDisabled()
    expect(container.querySelector('.mantine-Skeleton-root')).not.toBeNull()
    answer({ status: 200, data: { autoPrintNewOrders: true } })
    const toggle = await screen.findByRole(
      'switch',
      { name: /^Imprimir automáticamente los pedidos nuevos/ },
      { timeout: 20_000 },
    )
    expect(toggle).toBe(placeholder)
    expect(toggle).toBeChecked()
    expect(toggle).toBeEnabled()
    // Nothing is left that reads as loading (the e2e crawls wait for no skeleton on the page).
    expect(container.querySelector('.mantine-Skeleton-root')).toBeNull()
  })
})
