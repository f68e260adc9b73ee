import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { OrdersList } from '@/features/admin-orders/components/orders-list'
import { ORDER_FILTER_LABELS } from '@/features/admin-orders/components/order-filters'
import { buildOrderSummary } from '@/testing/admin-order-fixtures'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { setScreenWidth } from '@/testing/media'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller, STORE_A } from '@/testing/seller-fixtures'

type Params = { page: number; limit: number; sort: string; query?: string; scheduledDay?: string }

function fakeOrders(reply: (params: Params) => FakeReply) {
  const adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/admin/orders') return reply(config.params as Params)
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

describe('seller order list', () => {
  test('shows number, date, customer, total in pesos and Spanish status chips for the store', async () => {
    const adapter = fakeOrders(() => ({
      status: 200,
      data: pageOf(
        [
          buildOrderSummary(),
          buildOrderSummary({
            _id: '88888888-8888-4888-8888-888888888888',
            number: 1002,
            total: 1234550,
            status: 'completed',
            statusLabel: 'Completado',
            paymentStatus: 'paid',
            paymentStatusLabel: 'Pagado',
            deliveryType: 'delivery',
            deliveryTypeLabel: 'Entrega a domicilio',
          }),
        ],
        { limit: 25 },
      ),
    }))
    signInSeller()
    renderWithProviders(<OrdersList />)

    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const second = within(rows[1]!)
    expect(second.getByRole('link', { name: 'Pedido #1002' })).toHaveAttribute(
      'href',
      '/admin/orders/88888888-8888-4888-8888-888888888888',
    )
    expect(rows[1]!.textContent?.replace(/\u00a0/g, ' ')).toContain('$ 12.345,50')
    expect(second.getByText('Completado')).toBeInTheDocument()
    expect(second.getByText('Pagado')).toBeInTheDocument()
    expect(second.getByText('Entrega a domicilio')).toBeInTheDocument()
    expect(within(rows[0]!).getByText('Lucía Pérez')).toBeInTheDocument()
    expect(within(rows[0]!).getByText(/22\/11\/(20)?26/)).toBeInTheDocument()

    const [call] = adapter.calls
    expect(call?.headers['x-store-id']).toBe(STORE_A)
    expect(call?.url).toBe('/admin/orders')
  })

  test('filters and the search box become the JSON query; no match says so', async () => {
    const seen: Params[] = []
    fakeOrders((params) => {
      seen.push(params)
      return { status: 200, data: pageOf(params.query ? [] : [buildOrderSummary()]) }
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OrdersList />)
    await screen.findByRole('table')
    expect(seen[0]).toEqual({ page: 1, limit: 25, sort: '-createdAt' })

    await user.click(
      screen.getByRole('combobox', { name: new RegExp(`^${ORDER_FILTER_LABELS.paymentStatus}`) }),
    )
    await user.click(await screen.findByRole('option', { name: 'Pagado', hidden: true }))
    expect(await screen.findByText('Ningún pedido coincide con los filtros')).toBeInTheDocument()
    expect(JSON.parse(seen.at(-1)!.query!)).toEqual({ paymentStatus: 'paid' })

    await user.type(screen.getByLabelText(ORDER_FILTER_LABELS.search), '#1001')
    await waitFor(() =>
      expect(JSON.parse(seen.at(-1)!.query!)).toEqual({ paymentStatus: 'paid', search: '#1001' }),
    )
  })

  test('scheduled orders: the Franja column, "Programados para" a day and the sort by slot', async () => {
    const seen: Params[] = []
    fakeOrders((params) => {
      seen.push(params)
      return {
        status: 200,
        data: pageOf([
          buildOrderSummary({
            // More than a week ahead: the label names the date.
            scheduledFor: { start: '2030-03-15T13:00:00.000Z', end: '2030-03-15T13:30:00.000Z' },
          }),
          buildOrderSummary({ _id: '88888888-8888-4888-8888-888888888888', number: 1002 }),
        ]),
      }
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OrdersList />)
    const table = await screen.findByRole('table')
    const [scheduled, asap] = within(table).getAllByRole('row').slice(1)
    expect(within(scheduled!).getByText('el 15/3 10:00–10:30')).toBeInTheDocument()
    expect(within(asap!).getByText('Sin programar')).toBeInTheDocument()

    // A day of slots: sent as scheduledDay, in slot order unless another sort was chosen.
    fireEvent.change(screen.getByLabelText(ORDER_FILTER_LABELS.day), {
      target: { value: '2030-03-15' },
    })
    await waitFor(() =>
      expect(seen.at(-1)).toEqual({
        page: 1,
        limit: 25,
        sort: 'scheduledFor',
        scheduledDay: '2030-03-15',
      }),
    )
    expect(seen.at(-1)?.query).toBeUndefined()

    // The Franja header turns the order around; clearing the day keeps the sort.
    await user.click(screen.getByRole('button', { name: 'Ordenar por franja' }))
    await waitFor(() => expect(seen.at(-1)?.sort).toBe('-scheduledFor'))
    fireEvent.change(screen.getByLabelText(ORDER_FILTER_LABELS.day), { target: { value: '' } })
    await waitFor(() => expect(seen.at(-1)).toEqual({ page: 1, limit: 25, sort: '-scheduledFor' }))
  })

  test('a link with ?day= opens that day of slots', async () => {
    const seen: Params[] = []
    fakeOrders((params) => {
      seen.push(params)
      return { status: 200, data: pageOf([buildOrderSummary()]) }
    })
    signInSeller()
    renderWithProviders(<OrdersList />, { url: '/admin/orders?day=2026-12-01&sort=scheduledFor' })
    await screen.findByRole('table')
    expect(seen[0]).toEqual({
      page: 1,
      limit: 25,
      sort: 'scheduledFor',
      scheduledDay: '2026-12-01',
    })
    expect(screen.getByLabelText(ORDER_FILTER_LABELS.day)).toHaveValue('2026-12-01')
  })

  test('at 360 px the filters fold behind "Filtros", which counts the ones set (issue 30)', async () => {
    const seen: Params[] = []
    fakeOrders((params) => {
      seen.push(params)
      return { status: 200, data: pageOf([buildOrderSummary()]) }
    })
    setScreenWidth(360)
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OrdersList />, { url: '/admin/orders?status=open&unpaid=1' })

    await screen.findByText('Lucía Pérez', {}, { timeout: 20_000 })
    // The search stays in sight; the selects and the chip wait behind the button.
    expect(screen.getByLabelText(ORDER_FILTER_LABELS.search)).toBeInTheDocument()
    const paymentSelect = () =>
      screen.queryByRole('combobox', {
        name: new RegExp(`^${ORDER_FILTER_LABELS.paymentStatus}`),
      })
    expect(paymentSelect()).not.toBeInTheDocument()
    expect(screen.queryByText(ORDER_FILTER_LABELS.unpaid)).not.toBeInTheDocument()
    const button = screen.getByRole('button', { name: 'Filtros (2 activos)' })
    expect(button).toHaveAttribute('aria-expanded', 'false')

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(paymentSelect()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }))
    expect(await screen.findByRole('button', { name: 'Filtros' })).toBeInTheDocument()
    expect(seen.at(-1)?.query).toBeUndefined()
  })

  test('an empty store and a failing server each get their own state', async () => {
    let fail = false
    fakeOrders(() =>
      fail
        ? {
            status: 500,
            data: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Se cayó.' },
          }
        : { status: 200, data: pageOf([]) },
    )
    signInSeller()
    const first = renderWithProviders(<OrdersList />)
    expect(await screen.findByText('Todavía no recibiste pedidos')).toBeInTheDocument()
    first.unmount()

    fail = true
    renderWithProviders(<OrdersList />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Se cayó.')
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })
})

describe('bulk tickets (issue 28)', () => {
  test('"Imprimir comandas" opens one print tab with the selected orders', async () => {
    const second = '88888888-8888-4888-8888-888888888888'
    fakeOrders(() => ({
      status: 200,
      data: pageOf(
        [
          buildOrderSummary(),
          buildOrderSummary({ _id: second, number: 1002 }),
          buildOrderSummary({ _id: '99999999-9999-4999-8999-999999999999', number: 1003 }),
        ],
        { limit: 25 },
      ),
    }))
    const open = vi.fn(() => ({}) as Window)
    window.open = open as unknown as typeof window.open
    signInSeller()
    renderWithProviders(<OrdersList />)
    const user = userEvent.setup({ delay: null })

    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar Pedido #1002' }))
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Pedido #1001' }))
    const bar = screen.getByRole('region', { name: 'Acciones sobre los seleccionados' })
    await user.click(within(bar).getByRole('button', { name: 'Imprimir comandas' }))

    await waitFor(() => expect(open).toHaveBeenCalledTimes(1), { timeout: 20_000 })
    const [href, target] = open.mock.calls[0] as unknown as [string, string]
    const url = new URL(href, 'http://localhost')
    expect(url.pathname).toBe('/admin/orders/print')
    expect(url.searchParams.get('format')).toBe('80mm')
    expect(url.searchParams.get('ids')?.split(',').sort()).toEqual(
      [buildOrderSummary()._id, second].sort(),
    )
    expect(target).toBe('_blank')
  })
})
