import type { AdminDashboard } from '@barrio/contracts/admin-dashboard'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'

import {
  DashboardDocumentTitle,
  DashboardOverview,
} from '@/features/admin-dashboard/components/dashboard-overview'
import { http } from '@/lib/http/client'
import { StoreRoleProvider } from '@/lib/store-role'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller, STORE_A } from '@/testing/seller-fixtures'

/** A stand-in for the browser's EventSource: the test pushes events into it. */
class FakeEventSource {
  static instances: FakeEventSource[] = []
  readonly url: string
  closed = false
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>()
  constructor(url: string) {
    this.url = url
    FakeEventSource.instances.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)?.add(listener)
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener)
  }
  close() {
    this.closed = true
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

const original = Object.getOwnPropertyDescriptor(window, 'EventSource')
beforeEach(() => {
  FakeEventSource.instances = []
  Object.defineProperty(window, 'EventSource', {
    configurable: true,
    writable: true,
    value: FakeEventSource,
  })
})
afterEach(() => {
  if (original) Object.defineProperty(window, 'EventSource', original)
  else delete (window as { EventSource?: unknown }).EventSource
})

function buildDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    store: { _id: STORE_A, name: 'Panadería Gorriti', isOpen: true },
    today: { date: '2026-11-24', sales: 1234550, orders: 3 },
    lastWeek: { date: '2026-11-17', sales: 1000000, orders: 4 },
    waiting: { toPrepare: 2, readyForPickup: 1, outForDelivery: 0 },
    paymentsToConfirm: 1,
    lowStock: { variants: 4, outOfStock: 1, threshold: 3 },
    latestOrders: [
      {
        _id: '88888888-8888-4888-8888-888888888888',
        number: 1002,
        customerName: 'Lucía Pérez',
        total: 600000,
        currency: 'ARS',
        status: 'open',
        paymentStatus: 'pending',
        paymentMethod: 'cash',
        deliveryType: 'pickup',
        createdAt: '2026-11-24T13:00:00.000Z',
      },
    ],
    slots: [],
    slotsDate: '2026-11-24',
    checklist: {
      productWithPhoto: true,
      deliveryConfigured: false,
      paymentMethodsChosen: true,
      storeOpen: true,
    },
    ...overrides,
  }
}

function fakeDashboard(reply: () => FakeReply) {
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === '/admin/dashboard') return reply()
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ') ?? ''

describe('seller dashboard', () => {
  test('shows the figures, links each waiting count to its filtered list and the pending steps', async () => {
    const adapter = fakeDashboard(() => ({ status: 200, data: buildDashboard() }))
    signInSeller()
    renderWithProviders(<DashboardOverview />)

    expect(await screen.findByText('Ventas de hoy')).toBeInTheDocument()
    expect(text(document.body)).toContain('$ 12.345,50')
    // 12.345,50 against 10.000: +23 %.
    expect(text(document.body)).toContain('+23 %')
    expect(screen.getByRole('link', { name: /^Para preparar\s*2$/ })).toHaveAttribute(
      'href',
      '/admin/orders?status=open',
    )
    expect(screen.getByRole('link', { name: /^Listos para retirar\s*1$/ })).toHaveAttribute(
      'href',
      '/admin/orders?status=fulfilled&deliveryType=pickup',
    )
    expect(screen.getByRole('link', { name: /Variantes con poco stock.*4$/ })).toHaveAttribute(
      'href',
      '/admin/inventory/products?lowStock=1&below=4',
    )
    const checklist = screen.getByRole('region', { name: 'Primeros pasos' })
    expect(within(checklist).getByText('3 de 4 listos')).toBeInTheDocument()
    expect(within(checklist).getByRole('link', { name: 'Envíos' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /#1002 · Lucía Pérez/ })).toHaveAttribute(
      'href',
      '/admin/orders/88888888-8888-4888-8888-888888888888',
    )
    expect(adapter.calls[0]?.headers['x-store-id']).toBe(STORE_A)
    expect(FakeEventSource.instances[0]?.url).toContain(`/admin/dashboard/stores/${STORE_A}/events`)
  })

  test('staff see no sales (they see no statistics, decision 029): only the orders (issue 30)', async () => {
    fakeDashboard(() => ({
      status: 200,
      data: buildDashboard({
        today: { date: '2026-11-24', sales: null, orders: 3 },
        lastWeek: { date: '2026-11-17', sales: null, orders: 4 },
      }),
    }))
    signInSeller()
    renderWithProviders(
      <StoreRoleProvider role="staff">
        <DashboardOverview />
      </StoreRoleProvider>,
    )

    expect(await screen.findByText('Pedidos de hoy', {}, { timeout: 20_000 })).toBeInTheDocument()
    expect(screen.queryByText('Ventas de hoy')).not.toBeInTheDocument()
    expect(text(document.body)).not.toContain('$ 0')
  })

  test('a new order on the stream refetches the figures and the title counts the orders waiting', async () => {
    let answer = buildDashboard()
    const adapter = fakeDashboard(() => ({ status: 200, data: answer }))
    signInSeller()
    renderWithProviders(
      <>
        <DashboardOverview />
        <DashboardDocumentTitle />
      </>,
    )
    await screen.findByRole('link', { name: /^Para preparar\s*2$/ })
    await waitFor(() => expect(document.title).toBe('(3) Panel · Barrio Vendedores'))
    const before = adapter.calls.length

    answer = buildDashboard({ waiting: { toPrepare: 3, readyForPickup: 1, outForDelivery: 0 } })
    FakeEventSource.instances.at(-1)!.emit('order', { type: 'order.created', orderId: 'x' })

    expect(await screen.findByRole('link', { name: /^Para preparar\s*3$/ })).toBeInTheDocument()
    expect(adapter.calls.length).toBeGreaterThan(before)
    await waitFor(() => expect(document.title).toBe('(4) Panel · Barrio Vendedores'))
  })

  test('no orders yet and every step done: says so and hides the checklist', async () => {
    fakeDashboard(() => ({
      status: 200,
      data: buildDashboard({
        latestOrders: [],
        checklist: {
          productWithPhoto: true,
          deliveryConfigured: true,
          paymentMethodsChosen: true,
          storeOpen: true,
        },
      }),
    }))
    signInSeller()
    renderWithProviders(<DashboardOverview />)
    expect(await screen.findByText('Todavía no tenés pedidos')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Primeros pasos' })).not.toBeInTheDocument()
  })

  test('"Para hoy, por franja" lists each slot with its range, count and links to its orders (issue 26)', async () => {
    fakeDashboard(() => ({
      status: 200,
      data: buildDashboard({
        slots: [
          {
            // 19:00–19:30 and 20:30–21:00 in Buenos Aires.
            start: '2026-11-24T22:00:00.000Z',
            end: '2026-11-24T22:30:00.000Z',
            count: 2,
            orders: [
              { _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', number: 1041 },
              { _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', number: 1043 },
            ],
          },
          {
            start: '2026-11-24T23:30:00.000Z',
            end: '2026-11-25T00:00:00.000Z',
            count: 1,
            orders: [{ _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', number: 1044 }],
          },
        ],
      }),
    }))
    signInSeller()
    renderWithProviders(<DashboardOverview />)

    const section = await screen.findByRole('region', { name: 'Para hoy, por franja' })
    expect(within(section).getByRole('link', { name: 'Ver en pedidos' })).toHaveAttribute(
      'href',
      '/admin/orders?day=2026-11-24&sort=scheduledFor',
    )
    const first = within(section).getByRole('listitem', { name: '19:00–19:30: 2 pedidos' })
    expect(text(first)).toContain('2 pedidos')
    expect(within(first).getByRole('link', { name: 'Pedido #1041' })).toHaveAttribute(
      'href',
      '/admin/orders/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    )
    expect(within(first).getByRole('link', { name: 'Pedido #1043' })).toHaveAttribute(
      'href',
      '/admin/orders/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    )
    const second = within(section).getByRole('listitem', { name: '20:30–21:00: 1 pedido' })
    expect(
      within(second)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/orders/cccccccc-cccc-4ccc-8ccc-cccccccccccc'])
  })

  test('no scheduled orders today: the slots card says so', async () => {
    fakeDashboard(() => ({ status: 200, data: buildDashboard({ slots: [] }) }))
    signInSeller()
    renderWithProviders(<DashboardOverview />)
    const section = await screen.findByRole('region', { name: 'Para hoy, por franja' })
    expect(within(section).getByText('No hay pedidos programados para hoy')).toBeInTheDocument()
    expect(within(section).queryByRole('link')).not.toBeInTheDocument()
  })

  test('a failed load offers to try again', async () => {
    fakeDashboard(() => ({
      status: 500,
      data: { statusCode: 500, code: 'INTERNAL', message: 'Algo salió mal.' },
    }))
    signInSeller()
    renderWithProviders(<DashboardOverview />)
    expect(await screen.findByText('No pudimos cargar el resumen')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })
})
