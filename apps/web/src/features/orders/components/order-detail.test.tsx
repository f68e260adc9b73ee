import type { Order } from '@barrio/contracts/orders'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useParams } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { ORDER_POLL_INTERVAL_MS } from '@/api/customer/orders/use-order-live'
import { LegacyOrderDetail } from '@/features/orders/components/legacy-order-detail'
import { OrderDetail } from '@/features/orders/components/order-detail'
import { setDeviceId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { redirectTo } from '@/lib/redirect'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildOrder, ORDER_ID, renderOrdering } from '@/testing/ordering-fixtures'
import { WAIT } from '@/testing/wait'

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }))

const DEVICE = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'

/** A stand-in for the browser's EventSource: the test pushes events into it. */
class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []
  /** What the browser reports after an error: CONNECTING while it retries on its own. */
  readyState = FakeEventSource.OPEN
  readonly url: string
  readonly withCredentials: boolean
  closed = false
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>()

  constructor(url: string, init?: EventSourceInit) {
    this.url = url
    this.withCredentials = init?.withCredentials ?? false
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

  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, {
      data: data === undefined ? undefined : JSON.stringify(data),
    })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}

const original = Object.getOwnPropertyDescriptor(window, 'EventSource')

function installEventSource() {
  FakeEventSource.instances = []
  Object.defineProperty(window, 'EventSource', {
    configurable: true,
    writable: true,
    value: FakeEventSource,
  })
}

afterEach(() => {
  if (original) Object.defineProperty(window, 'EventSource', original)
  else delete (window as { EventSource?: unknown }).EventSource
})

function OrderRoute() {
  const { orderId = '' } = useParams()
  return <OrderDetail orderId={orderId} />
}

function renderOrder(answers: Order[], { legacy = false } = {}) {
  setDeviceId(DEVICE)
  let index = 0
  const adapter = createFakeAdapter(({ method, url }) => {
    if (method === 'GET' && url === `/orders/${ORDER_ID}`) {
      const order = answers[Math.min(index, answers.length - 1)]
      index += 1
      return { status: 200, data: order }
    }
    if (method === 'POST' && url === `/orders/${ORDER_ID}/pay`) {
      return {
        status: 200,
        data: { checkoutUrl: 'https://mp.example/pay/1', amount: 700_000, currency: 'ARS' },
      }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No' } }
  })
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  renderOrdering(
    [
      {
        path: '/orders/:orderId',
        element: legacy ? <LegacyOrderDetail orderId={ORDER_ID} /> : <OrderRoute />,
      },
    ],
    { url: `/orders/${ORDER_ID}` },
  )
  const orderGets = () => adapter.calls.filter((c) => c.url === `/orders/${ORDER_ID}`).length
  return { adapter, user, orderGets }
}

const paid = buildOrder({
  paymentStatus: 'paid',
  paymentStatusLabel: 'Pagado',
  timeline: [
    {
      type: 'ORDER_PLACED',
      label: 'Pedido recibido',
      note: null,
      createdAt: '2026-11-22T13:00:00.000Z',
    },
    {
      type: 'PAYMENT_RECEIVED',
      label: 'Pago recibido',
      note: null,
      createdAt: '2026-11-22T13:20:00.000Z',
    },
  ],
})

describe('order page', () => {
  test('shows the number, the statuses, the transfer data and the timeline in es-AR', async () => {
    installEventSource()
    renderOrder([buildOrder()])
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' }),
    ).toBeInTheDocument()
    expect(screen.getByTestId('order-status')).toHaveTextContent('En proceso')
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Pendiente')
    expect(screen.getByTestId('order-fulfillment')).toHaveTextContent('Sin preparar')
    expect(screen.getByText('0140999801200012345678')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copiar CBU' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copiar alias' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copiar monto' })).toBeInTheDocument()
    expect(screen.getByText('Gurruchaga 1700, Palermo')).toBeInTheDocument()
    const timeline = screen.getByRole('list', { name: 'Historial del pedido' })
    expect(within(timeline).getByText('Pedido recibido')).toBeInTheDocument()
    // 13:00 UTC is 10:00 in Buenos Aires.
    expect(within(timeline).getByText('22/11/2026, 10:00')).toBeInTheDocument()
  })

  test('a partly prepared, partly refunded order says so in words, not only in badges', async () => {
    installEventSource()
    const base = buildOrder()
    renderOrder([
      buildOrder({
        paymentStatus: 'partially_refunded',
        paymentStatusLabel: 'Reembolsado parcialmente',
        fulfillmentStatus: 'partially_fulfilled',
        fulfillmentStatusLabel: 'Preparado parcialmente',
        refundedAmount: 350000,
        items: base.items.map((i) => ({
          ...i,
          quantity: 3,
          fulfilledQuantity: 1,
          refundedQuantity: 1,
        })),
      }),
    ])
    expect(await screen.findByTestId('order-fulfillment')).toHaveTextContent(
      'Preparado parcialmente',
    )
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Reembolsado parcialmente')
    const words = screen
      .getAllByTestId('order-status-wording')
      .map((e) => e.textContent?.replace(/\u00a0/g, ' '))
    expect(words).toEqual([
      'Ya estamos preparando 1 de 2 productos; el resto va en otro envío.',
      'Reembolsamos $ 3.500 de $ 7.000.',
    ])
    expect(screen.getByRole('list', { name: 'Productos del pedido' })).toHaveTextContent(
      '1 reembolsado',
    )
  })

  test('applies each order event of the live stream', async () => {
    installEventSource()
    const { orderGets } = renderOrder([buildOrder()])
    await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' })
    const source = FakeEventSource.instances.at(-1)
    expect(source?.url).toBe(`/api/v1/orders/${ORDER_ID}/stream?deviceId=${DEVICE}`)
    expect(source?.withCredentials).toBe(true)

    act(() => source?.emit('order', paid))

    const timeline = screen.getByRole('list', { name: 'Historial del pedido' })
    expect(await within(timeline).findByText('Pago recibido')).toBeInTheDocument()
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveTextContent('Pago recibido')
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Pagado')
    expect(orderGets()).toBe(1)
  })

  test('when the stream fails the page polls every 15 s', async () => {
    installEventSource()
    const { orderGets } = renderOrder([buildOrder(), paid])
    await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' })
    const source = FakeEventSource.instances.at(-1)
    vi.useFakeTimers()
    act(() => source?.emit('error'))
    expect(source?.closed).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS - 100))
    expect(orderGets()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(orderGets()).toBe(2)
    vi.useRealTimers()
    expect(await screen.findByText('Pago recibido')).toBeInTheDocument()
  })

  test('a stream the server ends after it worked is left to reconnect; failing again, the page polls', async () => {
    installEventSource()
    renderOrder([buildOrder(), paid])
    await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' })
    const source = FakeEventSource.instances.at(-1)!
    act(() => source.emit('order', buildOrder()))
    // The API process serving it stops: the browser reconnects (through the balancer) by itself.
    source.readyState = FakeEventSource.CONNECTING
    act(() => source.emit('error'))
    expect(source.closed).toBe(false)
    act(() => source.emit('order', paid))
    expect(await screen.findByText('Pago recibido')).toBeInTheDocument()
    // Two failures with nothing delivered between them: polling from then on.
    act(() => source.emit('error'))
    act(() => source.emit('error'))
    expect(source.closed).toBe(true)
  })

  test('without EventSource the page polls', async () => {
    delete (window as { EventSource?: unknown }).EventSource
    // The interval starts with the first render: the clock must be fake (but still moving) by then.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { orderGets } = renderOrder([buildOrder(), paid])
    await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' })
    expect(orderGets()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS + 10))
    expect(orderGets()).toBe(2)
    vi.useRealTimers()
    expect(await screen.findByText('Pago recibido')).toBeInTheDocument()
  })

  test('a pending Mercado Pago order can be paid again', async () => {
    installEventSource()
    const { user, adapter } = renderOrder([
      buildOrder({
        paymentMethod: 'mercado_pago',
        paymentMethodLabel: 'Mercado Pago',
        paymentInstructions: { checkoutUrl: 'https://mp.example/old' },
      }),
    ])
    await user.click(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' }))
    await vi.waitFor(
      () => expect(redirectTo).toHaveBeenCalledWith('https://mp.example/pay/1'),
      WAIT,
    )
    expect(adapter.calls.some((c) => c.method === 'POST' && c.url.endsWith('/pay'))).toBe(true)
  })

  test('an unpaid Mercado Pago order shows its deadline; the live cancel at expiry says why', async () => {
    installEventSource()
    const pending = buildOrder({
      paymentMethod: 'mercado_pago',
      paymentMethodLabel: 'Mercado Pago',
      paymentExpiresAt: '2026-11-22T13:30:00.000Z',
    })
    renderOrder([pending])
    // 13:30 UTC is 10:30 in Buenos Aires.
    expect(await screen.findByTestId('payment-deadline')).toHaveTextContent(
      'Pagá antes de las 10:30: si no, cancelamos el pedido y liberamos los productos.',
    )
    const note =
      'Cancelado porque el pago con Mercado Pago no se completó a tiempo. Liberamos el stock.'
    const expired = buildOrder({
      ...pending,
      status: 'cancelled',
      statusLabel: 'Cancelado',
      paymentStatus: 'voided',
      paymentStatusLabel: 'Anulado',
      paymentExpiresAt: null,
      timeline: [
        ...pending.timeline,
        { type: 'CANCELLED', label: 'Cancelado', note, createdAt: '2026-11-22T13:31:00.000Z' },
      ],
    })
    act(() => FakeEventSource.instances.at(-1)?.emit('order', expired))
    const timeline = screen.getByRole('list', { name: 'Historial del pedido' })
    expect(await within(timeline).findByText(note)).toBeInTheDocument()
    expect(screen.queryByTestId('payment-deadline')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Pagar con Mercado Pago' })).toBeNull()
  })

  test('a scheduled order says for when next to its delivery type', async () => {
    installEventSource()
    renderOrder([
      buildOrder({
        deliveryType: 'pickup',
        deliveryTypeLabel: 'Retiro en el local',
        scheduledFor: { start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T13:30:00.000Z' },
      }),
    ])
    expect(await screen.findByTestId('order-scheduled')).toHaveTextContent(
      'Retiro en el local · Programado para el 15/3 10:00–10:30',
    )
  })

  test('an order for as soon as possible shows no slot', async () => {
    installEventSource()
    renderOrder([buildOrder()])
    await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' })
    expect(screen.queryByTestId('order-scheduled')).not.toBeInTheDocument()
    expect(screen.queryByText(/Programado para/)).not.toBeInTheDocument()
  })

  test('the legacy variant names the slot under Entrega', async () => {
    installEventSource()
    renderOrder(
      [
        buildOrder({
          deliveryType: 'pickup',
          deliveryTypeLabel: 'Retiro en el local',
          scheduledFor: { start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T13:30:00.000Z' },
        }),
      ],
      { legacy: true },
    )
    expect(await screen.findByText(/Programado para el 15\/3 10:00–10:30/)).toBeInTheDocument()
  })

  test('the legacy variant shows the same order without listening', async () => {
    installEventSource()
    renderOrder([buildOrder()], { legacy: true })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido #1001' }),
    ).toBeInTheDocument()
    expect(screen.getByText('tostadero.soho')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument()
    expect(FakeEventSource.instances).toHaveLength(0)
  })
})
