import { buildPage } from '@barrio/contracts/pagination'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'

import { OrdersList } from '@/features/orders/components/orders-list'
import { setDeviceId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildOrder, ORDER_ID, plain, renderOrdering } from '@/testing/ordering-fixtures'

function ListRoute() {
  const [page, setPage] = useState(1)
  return <OrdersList page={page} onPageChange={setPage} />
}

function renderList(totalDocs: number) {
  setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
  const adapter = createFakeAdapter(({ config }) => {
    const { page, limit } = config.params as { page: number; limit: number }
    const docs = totalDocs === 0 ? [] : [buildOrder({ number: 1000 + page })]
    return { status: 200, data: buildPage(docs, totalDocs, { page, limit }) }
  })
  http.defaults.adapter = adapter
  const user = userEvent.setup({ delay: null })
  renderOrdering([{ path: '*', element: <ListRoute /> }])
  return { adapter, user }
}

describe('orders list', () => {
  test('each order shows its number, shop, date, status chips and total', async () => {
    const { adapter } = renderList(1)
    const list = await screen.findByRole('list', { name: 'Tus pedidos' })
    const card = within(list).getByRole('article')
    expect(within(card).getByRole('link', { name: 'Pedido #1001' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}`,
    )
    expect(within(card).getByText('Tostadero Soho')).toBeInTheDocument()
    expect(within(card).getByText('22/11/2026, 10:00')).toBeInTheDocument()
    expect(within(card).getByText('En proceso')).toBeInTheDocument()
    expect(within(card).getByText('Pendiente')).toBeInTheDocument()
    expect(within(card).getByText('Sin preparar')).toBeInTheDocument()
    expect(plain(within(card).getByTestId('order-total').textContent)).toBe('$ 7.000')
    expect(adapter.calls[0]?.url).toBe('/orders')
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  test('a scheduled order says for when, in Buenos Aires time; an ASAP one says nothing', async () => {
    setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
    // More than a week ahead, so the label names the date rather than "mañana".
    const scheduled = buildOrder({
      _id: 'order-scheduled',
      number: 1002,
      scheduledFor: { start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T13:30:00.000Z' },
    })
    const asap = buildOrder({ number: 1001 })
    http.defaults.adapter = createFakeAdapter(() => ({
      status: 200,
      data: buildPage([scheduled, asap], 2, { page: 1, limit: 50 }),
    }))
    renderOrdering([{ path: '*', element: <ListRoute /> }])
    const list = await screen.findByRole('list', { name: 'Tus pedidos' })
    const [first, second] = within(list).getAllByRole('article')
    expect(within(first!).getByTestId('order-scheduled')).toHaveTextContent(
      'Programado para el 15/3 10:00–10:30',
    )
    expect(within(second!).queryByTestId('order-scheduled')).not.toBeInTheDocument()
  })

  test('pages of 50: the next page is asked for with page=2', async () => {
    const { adapter, user } = renderList(120)
    await screen.findByRole('link', { name: 'Pedido #1001' })
    expect(screen.getByText('120 pedidos · página 1 de 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Página 2' }))
    expect(await screen.findByRole('link', { name: 'Pedido #1002' })).toBeInTheDocument()
    await waitFor(() => expect(adapter.calls).toHaveLength(2))
    expect(adapter.calls.map((c) => c.url)).toEqual(['/orders', '/orders'])
    const params = adapter.calls.map((c) => c.headers['x-device-id'])
    expect(params.every(Boolean)).toBe(true)
  })

  test('no orders yet: an empty state with a way to the shops', async () => {
    renderList(0)
    expect(
      await screen.findByRole('heading', { name: 'Todavía no hiciste pedidos' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver comercios' })).toHaveAttribute('href', '/shops')
  })
})
