import type { Analytics } from '@barrio/contracts/analytics'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, onTestFinished, test, vi } from 'vitest'

import {
  AnalyticsOverview,
  EMPTY_TITLE,
} from '@/features/admin-analytics/components/analytics-overview'
import { formatMoney } from '@/lib/format'
import { http } from '@/lib/http/client'
import { expectConsoleWarn } from '@/testing/console-guard'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { PRODUCT_ID, signInSeller } from '@/testing/seller-fixtures'

/** jsdom lays nothing out: recharts' ResponsiveContainer warns that the chart has no size. */
const CHART_WITHOUT_LAYOUT = /width\(0\) and height\(0\) of chart should be greater than 0/

const OTHER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
const COLLECTION_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'

// 02:00 UTC on March 15th: still March 14th in Buenos Aires, the day the presets count from.
const NOW = new Date('2026-03-15T02:00:00Z')

/** Money as shown, matched whatever the space after the sign (a no-break space). */
const money = (centavos: number) =>
  new RegExp(`^${formatMoney(centavos).replace('$', '\\$').replace(/\s/u, '\\s')}$`)

const zero = { sales: 0, orders: 0, averageTicket: 0, cancelled: 0, discounts: 0 }

function figures(
  range: { from: string; to: string },
  overrides: Partial<Analytics> = {},
): Analytics {
  return {
    from: range.from,
    to: range.to,
    granularity: range.from === range.to ? 'hour' : 'day',
    totals: zero,
    previous: { ...zero, from: '2026-01-01', to: '2026-01-07' },
    series: [{ date: range.from, sales: 0, orders: 0 }],
    byDeliveryType: [],
    byPaymentMethod: [],
    topProducts: [],
    topProductsByUnits: [],
    topCollections: [],
    topCollectionsByUnits: [],
    customers: { new: 0, returning: 0 },
    ...overrides,
  }
}

/** The fake server: records every analytics request's range and answers `reply(range)`. */
function fakeAnalytics(reply: (range: { from: string; to: string }) => FakeReply) {
  const asked: Array<{ from: string; to: string }> = []
  http.defaults.adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/admin/analytics') {
      const range = config.params as { from: string; to: string }
      asked.push({ from: range.from, to: range.to })
      return reply(range)
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  return asked
}

function setup(url = '/admin/analytics') {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  signInSeller()
  const user = userEvent.setup({ delay: null })
  const view = renderWithProviders(<AnalyticsOverview />, { url })
  const search = () => new URLSearchParams(view.router.state.location.search)
  return { user, search }
}

describe('range picker', () => {
  test('30 days by default; a preset goes to the URL and asks for its days', async () => {
    const asked = fakeAnalytics((range) => ({ status: 200, data: figures(range) }))
    const { user, search } = setup()
    await screen.findByText(EMPTY_TITLE)
    expect(asked[0]).toEqual({ from: '2026-02-13', to: '2026-03-14' })
    expect(screen.getByRole('radio', { name: '30 días' })).toBeChecked()

    await user.click(screen.getByRole('radio', { name: '7 días' }))
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-03-08', to: '2026-03-14' }))
    expect(search().get('range')).toBe('7d')

    await user.click(screen.getByRole('radio', { name: 'Mes pasado' }))
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-02-01', to: '2026-02-28' }))
    expect(search().get('range')).toBe('last-month')
  })

  test('a custom range starts from the days on screen and is checked before asking', async () => {
    const asked = fakeAnalytics((range) => ({ status: 200, data: figures(range) }))
    const { user, search } = setup('/admin/analytics?range=7d')
    await screen.findByText(EMPTY_TITLE)

    await user.click(screen.getByRole('radio', { name: 'Personalizado' }))
    const from = await screen.findByLabelText('Desde')
    const to = screen.getByLabelText('Hasta')
    expect(from).toHaveValue('2026-03-08')
    expect(to).toHaveValue('2026-03-14')
    expect(search().get('range')).toBe('custom')

    const before = asked.length
    fireEvent.change(to, { target: { value: '2026-03-01' } })
    expect(
      await screen.findByText('La fecha de fin no puede ser anterior a la de inicio'),
    ).toBeInTheDocument()
    expect(search().get('to')).toBe('2026-03-01')
    expect(screen.getByText('Elegí un período válido para ver las ventas.')).toBeInTheDocument()

    fireEvent.change(from, { target: { value: '2026-02-20' } })
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-02-20', to: '2026-03-01' }))
    expect(asked.length).toBe(before + 1)
    expect(search().get('from')).toBe('2026-02-20')
    expect(screen.queryByText('La fecha de fin no puede ser anterior a la de inicio')).toBeNull()
  })

  test('a custom range in the URL is what the page asks for', async () => {
    const asked = fakeAnalytics((range) => ({ status: 200, data: figures(range) }))
    setup('/admin/analytics?range=custom&from=2026-01-01&to=2026-01-10')
    await screen.findByText(EMPTY_TITLE)
    expect(asked).toEqual([{ from: '2026-01-01', to: '2026-01-10' }])
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-01-01')
  })
})

describe('states', () => {
  test('a period without orders says so', async () => {
    fakeAnalytics((range) => ({ status: 200, data: figures(range) }))
    setup()
    expect(await screen.findByText(EMPTY_TITLE)).toBeInTheDocument()
    expect(screen.queryByText('Ticket promedio')).toBeNull()
  })

  test('figures against the previous period, splits and top products', async () => {
    expectConsoleWarn(CHART_WITHOUT_LAYOUT)
    fakeAnalytics((range) => ({
      status: 200,
      data: figures(range, {
        totals: {
          sales: 1_500_000,
          orders: 3,
          averageTicket: 500_000,
          cancelled: 1,
          discounts: 250_000,
        },
        previous: {
          sales: 1_000_000,
          orders: 3,
          averageTicket: 333_333,
          cancelled: 0,
          discounts: 0,
          from: '2026-01-15',
          to: '2026-02-12',
        },
        byDeliveryType: [{ deliveryType: 'pickup', sales: 1_500_000, orders: 3 }],
        byPaymentMethod: [{ paymentMethod: 'bank_transfer', sales: 1_500_000, orders: 3 }],
        topProducts: [{ productId: PRODUCT_ID, title: 'Yerba mate', units: 4, sales: 1_200_000 }],
        customers: { new: 2, returning: 1 },
      }),
    }))
    setup()
    // The sales card and the delivery and payment splits show the same total.
    expect(await screen.findAllByText(money(1_500_000))).toHaveLength(3)
    // 15.000 against 10.000: up 50 %.
    expect(
      screen.getByLabelText('Ventas: subió 50 % frente al período anterior'),
    ).toHaveTextContent('▲ 50 %')
    expect(screen.getByText('25 %')).toBeInTheDocument() // 1 cancelled of 4 placed
    // The store gave coupons: what they took off its orders.
    expect(
      within(screen.getByRole('group', { name: 'Descuentos con cupones' })).getByText(
        money(250_000),
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Retiro en tienda')).toBeInTheDocument()
    expect(screen.getByText('Transferencia bancaria')).toBeInTheDocument()
    expect(screen.getByText('Yerba mate')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /^Descargar CSV de/ })).toHaveLength(5)
  })

  test('the period sentence and the chart summary read right, one order in the singular (issue 30)', async () => {
    expectConsoleWarn(CHART_WITHOUT_LAYOUT)
    fakeAnalytics((range) => ({
      status: 200,
      data: figures(range, {
        totals: { sales: 500_000, orders: 1, averageTicket: 500_000, cancelled: 0, discounts: 0 },
        previous: { ...zero, from: '2026-01-15', to: '2026-02-12' },
        series: [{ date: range.from, sales: 500_000, orders: 1 }],
      }),
    }))
    setup()
    expect(
      await screen.findByText(
        'Ventas del 13/02/2026 al 14/03/2026, comparadas con las del 15/01/2026 al 12/02/2026.',
      ),
    ).toBeInTheDocument()
    const chart = screen.getByRole('img', { name: /^Ventas y pedidos por día/ })
    expect(chart.getAttribute('aria-label')).toMatch(/ en 1 pedido\./)
  })

  test('products and collections switch between the ranking by revenue and by units', async () => {
    expectConsoleWarn(CHART_WITHOUT_LAYOUT)
    const yerba = { productId: PRODUCT_ID, title: 'Yerba mate', units: 4, sales: 1_200_000 }
    const alfajor = { productId: OTHER_ID, title: 'Alfajor', units: 30, sales: 300_000 }
    const almacen = { collectionId: COLLECTION_ID, title: 'Almacén', units: 4, sales: 1_200_000 }
    const golosinas = { collectionId: OTHER_ID, title: 'Golosinas', units: 30, sales: 300_000 }
    const asked: string[] = []
    http.defaults.adapter = createFakeAdapter(({ method, url, config }) => {
      const params = config.params as { from: string; to: string; table?: string }
      if (method === 'GET' && url === '/admin/analytics')
        return {
          status: 200,
          data: figures(params, {
            totals: {
              sales: 1_500_000,
              orders: 3,
              averageTicket: 500_000,
              cancelled: 0,
              discounts: 0,
            },
            // The ten by units are a list of their own: here the first by units is not in the
            // list by revenue at all, so re-sorting one list would not show it.
            topProducts: [yerba],
            topProductsByUnits: [alfajor, yerba],
            topCollections: [almacen],
            topCollectionsByUnits: [golosinas],
          }),
        }
      if (method === 'GET' && url === '/admin/analytics/export') {
        asked.push(params.table ?? '')
        return { status: 200, data: new Blob(['x']) }
      }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    // jsdom has neither object URLs nor downloads: stand-ins, put back after the test.
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = () => 'blob:csv'
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    onTestFinished(() => click.mockRestore())
    const { user } = setup()
    const products = within(await screen.findByRole('region', { name: 'Productos más vendidos' }))
    const collections = within(screen.getByRole('region', { name: 'Colecciones más vendidas' }))
    expect(products.getByText('Yerba mate')).toBeInTheDocument()
    expect(products.queryByText('Alfajor')).toBeNull()
    expect(collections.getByText('Almacén')).toBeInTheDocument()
    expect(products.getByRole('radio', { name: 'Por facturación' })).toBeChecked()

    await user.click(products.getByRole('radio', { name: 'Por unidades' }))
    expect(products.getByText('Alfajor')).toBeInTheDocument()
    const rows = products.getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Alfajor'),
      expect.stringContaining('Yerba mate'),
    ])
    // The collections' switch is its own.
    expect(collections.getByText('Almacén')).toBeInTheDocument()
    await user.click(collections.getByRole('radio', { name: 'Por unidades' }))
    expect(collections.getByText('Golosinas')).toBeInTheDocument()
    expect(collections.queryByText('Almacén')).toBeNull()

    // Each CSV button downloads the ranking on screen.
    await user.click(
      products.getByRole('button', {
        name: 'Descargar CSV de productos más vendidos por unidades',
      }),
    )
    await user.click(
      collections.getByRole('button', {
        name: 'Descargar CSV de colecciones más vendidas por unidades',
      }),
    )
    await waitFor(() => expect(asked).toEqual(['topProductsByUnits', 'topCollectionsByUnits']))
  })

  test('a failed load shows the reason and retries', async () => {
    let fail = true
    fakeAnalytics((range) =>
      fail
        ? { status: 500, data: { statusCode: 500, code: 'INTERNAL', message: 'Se cayó.' } }
        : { status: 200, data: figures(range) },
    )
    const { user } = setup()
    expect(await screen.findByText('No pudimos cargar las analíticas')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText(EMPTY_TITLE)).toBeInTheDocument()
  })
})
