import type { OperatorOverview } from '@barrio/contracts/operator-overview'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { OperatorOverviewPage } from '@/app/routes/operator/overview'
import { OVERVIEW_EMPTY_TITLE } from '@/features/operator/components/city-overview'
import { setUser } from '@/lib/app-store'
import { formatMoney } from '@/lib/format'
import { http } from '@/lib/http/client'
import { expectConsoleWarn } from '@/testing/console-guard'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 24, decision 048: the operator's home, the city at a glance.

/** jsdom lays nothing out: recharts' ResponsiveContainer warns that the chart has no size. */
const CHART_WITHOUT_LAYOUT = /width\(0\) and height\(0\) of chart should be greater than 0/

// 02:00 UTC on March 15th: still March 14th in Buenos Aires, the day the presets count from.
const NOW = new Date('2026-03-15T02:00:00Z')

const STORE_A = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b'
const STORE_B = '7a2d3c4b-5e6f-4a71-9b8c-0d1e2f3a4b5c'

/** Money as shown, matched whatever the space after the sign (a no-break space). */
const money = (centavos: number) =>
  new RegExp(`^${formatMoney(centavos).replace('$', '\\$').replace(/\s/u, '\\s')}$`)

const zero = { gmv: 0, orders: 0, commission: 0, cancelled: 0 }

function figures(
  range: { from: string; to: string },
  overrides: Partial<OperatorOverview> = {},
): OperatorOverview {
  return {
    from: range.from,
    to: range.to,
    totals: {
      ...zero,
      averageTicket: 0,
      cancellationRate: 0,
      activeStores: 0,
      listedStores: 12,
      newStores: 0,
      newCustomers: 0,
    },
    series: [{ date: range.from, ...zero }],
    byProvince: [],
    byCity: [],
    byCategory: [],
    topStores: [],
    ...overrides,
  }
}

/** A week of the city with two stores in two provinces, one suspended. */
function busyWeek(range: { from: string; to: string }): OperatorOverview {
  return figures(range, {
    totals: {
      gmv: 12_345_600,
      orders: 1312,
      commission: 987_650,
      cancelled: 25,
      averageTicket: 9_410,
      cancellationRate: 25 / 1337,
      activeStores: 2,
      listedStores: 12,
      newStores: 3,
      newCustomers: 41,
    },
    series: [
      { date: range.from, gmv: 12_000_000, orders: 1300, commission: 960_000, cancelled: 20 },
      { date: range.to, gmv: 345_600, orders: 12, commission: 27_650, cancelled: 5 },
    ],
    byProvince: [
      {
        provinceCode: 'C',
        gmv: 10_000_000,
        orders: 1000,
        commission: 800_000,
        cancelled: 20,
        stores: 1,
      },
      {
        provinceCode: 'B',
        gmv: 2_345_600,
        orders: 312,
        commission: 187_650,
        cancelled: 5,
        stores: 1,
      },
    ],
    byCity: [
      {
        provinceCode: 'C',
        city: 'CABA',
        gmv: 10_000_000,
        orders: 1000,
        commission: 800_000,
        cancelled: 20,
        stores: 1,
      },
      {
        provinceCode: 'B',
        city: 'La Plata',
        gmv: 2_345_600,
        orders: 312,
        commission: 187_650,
        cancelled: 5,
        stores: 1,
      },
    ],
    byCategory: [
      {
        category: 'panaderia',
        gmv: 12_345_600,
        orders: 1312,
        commission: 987_650,
        cancelled: 25,
        stores: 2,
      },
    ],
    topStores: [
      {
        storeId: STORE_A,
        name: 'Panadería La Espiga',
        handle: 'la-espiga',
        category: 'panaderia',
        city: 'CABA',
        provinceCode: 'C',
        suspended: false,
        gmv: 10_000_000,
        orders: 1000,
        commission: 800_000,
        cancelled: 20,
      },
      {
        storeId: STORE_B,
        name: 'Panadería del Bosque',
        handle: 'del-bosque',
        category: 'panaderia',
        city: 'La Plata',
        provinceCode: 'B',
        suspended: true,
        gmv: 2_345_600,
        orders: 312,
        commission: 187_650,
        cancelled: 5,
      },
    ],
  })
}

/** The fake server: records every overview request's range and answers `reply(range)`. */
function fakeOverview(reply: (range: { from: string; to: string }) => FakeReply) {
  const asked: Array<{ from: string; to: string }> = []
  http.defaults.adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'GET' && url === '/operator/overview') {
      const range = config.params as { from: string; to: string }
      asked.push({ from: range.from, to: range.to })
      return reply(range)
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  return asked
}

function setup(url = '/operator') {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  setUser(buildUser({ userType: 'operator', secondFactor: 'done' }))
  const user = userEvent.setup({ delay: null })
  const view = renderWithProviders(<OperatorOverviewPage />, { url })
  const search = () => new URLSearchParams(view.router.state.location.search)
  return { user, search }
}

describe('the city at a glance', () => {
  test('KPIs in es-AR, the day chart, places, categories and the top stores', async () => {
    expectConsoleWarn(CHART_WITHOUT_LAYOUT)
    const asked = fakeOverview((range) => ({ status: 200, data: busyWeek(range) }))
    setup()
    const gmv = await screen.findByRole('group', { name: 'Ventas (GMV)' })
    expect(asked[0]).toEqual({ from: '2026-02-13', to: '2026-03-14' })
    expect(screen.getByRole('heading', { level: 1, name: 'La ciudad' })).toBeInTheDocument()
    expect(within(gmv).getByText(money(12_345_600))).toBeInTheDocument()
    const kpi = (name: string) => screen.getByRole('group', { name })
    expect(within(kpi('Pedidos')).getByText('1.312')).toBeInTheDocument()
    expect(within(kpi('Pedidos')).getByText('Sin contar 25 cancelados')).toBeInTheDocument()
    expect(within(kpi('Comisión de Barrio')).getByText(money(987_650))).toBeInTheDocument()
    expect(within(kpi('Comisión de Barrio')).getByText('8 % de las ventas')).toBeInTheDocument()
    expect(within(kpi('Ticket promedio')).getByText(money(9_410))).toBeInTheDocument()
    expect(within(kpi('Tiendas con ventas')).getByText('2')).toBeInTheDocument()
    expect(
      within(kpi('Tiendas con ventas')).getByText('de 12 tiendas visibles hoy'),
    ).toBeInTheDocument()
    expect(within(kpi('Tiendas nuevas')).getByText('3')).toBeInTheDocument()
    expect(within(kpi('Clientes nuevos')).getByText('41')).toBeInTheDocument()
    expect(within(kpi('Tasa de cancelación')).getByText('1,9 %')).toBeInTheDocument()

    // The chart says what it shows to whoever cannot see it.
    expect(
      screen.getByRole('img', { name: /^Ventas por día: .* El mejor día fue el/ }),
    ).toBeInTheDocument()

    const places = screen.getByRole('region', { name: 'Por lugar' })
    const provinceRows = within(places).getAllByRole('row').slice(1)
    expect(
      within(provinceRows[0]!).getByText('Ciudad Autónoma de Buenos Aires'),
    ).toBeInTheDocument()
    expect(within(provinceRows[0]!).getByText('81 % de las ventas')).toBeInTheDocument()
    expect(within(provinceRows[1]!).getByText('Buenos Aires')).toBeInTheDocument()
    expect(within(provinceRows[1]!).getByText('312')).toBeInTheDocument()

    const categories = screen.getByRole('region', { name: 'Por rubro' })
    expect(within(categories).getByText('Panadería')).toBeInTheDocument()

    const top = screen.getByRole('region', { name: 'Tiendas con más ventas' })
    const rows = within(top).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByRole('link', { name: 'Panadería La Espiga' })).toHaveAttribute(
      'href',
      `/operator/statements?storeId=${STORE_A}&month=2026-03`,
    )
    expect(within(rows[1]!).getByText('Suspendida')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Panadería · La Plata, Buenos Aires')).toBeInTheDocument()
  })

  test('per city and per metric; the table opens from the keyboard', async () => {
    expectConsoleWarn(CHART_WITHOUT_LAYOUT)
    fakeOverview((range) => ({ status: 200, data: busyWeek(range) }))
    const { user } = setup()
    const places = await screen.findByRole('region', { name: 'Por lugar' })
    await user.click(within(places).getByRole('radio', { name: 'Ciudad' }))
    expect(within(places).getByText('La Plata, Buenos Aires')).toBeInTheDocument()
    expect(within(places).getByRole('columnheader', { name: 'Ciudad' })).toBeInTheDocument()

    const chart = screen.getByRole('region', { name: 'Por día' })
    await user.click(within(chart).getByRole('radio', { name: 'Comisión' }))
    expect(within(chart).getByRole('img', { name: /^Comisión por día: / })).toBeInTheDocument()
    // The figures as a table, for whoever prefers one.
    within(chart).getByRole('button', { name: 'Ver como tabla' }).focus()
    await user.keyboard('{Enter}')
    expect(within(chart).getByRole('button', { name: 'Ocultar la tabla' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  test('presets of 7, 30 and 90 days go to the URL and ask for their days', async () => {
    const asked = fakeOverview((range) => ({ status: 200, data: figures(range) }))
    const { user, search } = setup()
    await screen.findByText(OVERVIEW_EMPTY_TITLE)
    expect(screen.getByRole('radio', { name: '30 días' })).toBeChecked()

    await user.click(screen.getByRole('radio', { name: '7 días' }))
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-03-08', to: '2026-03-14' }))
    expect(search().get('range')).toBe('7d')

    await user.click(screen.getByRole('radio', { name: '90 días' }))
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2025-12-15', to: '2026-03-14' }))
    expect(search().get('range')).toBe('90d')
  })

  test('a custom range starts from the days on screen and is checked before asking', async () => {
    const asked = fakeOverview((range) => ({ status: 200, data: figures(range) }))
    const { user, search } = setup('/operator?range=7d')
    await screen.findByText(OVERVIEW_EMPTY_TITLE)

    await user.click(screen.getByRole('radio', { name: 'Personalizado' }))
    const from = await screen.findByLabelText('Desde')
    const to = screen.getByLabelText('Hasta')
    expect(from).toHaveValue('2026-03-08')
    expect(to).toHaveValue('2026-03-14')

    const before = asked.length
    fireEvent.change(to, { target: { value: '2026-03-01' } })
    expect(
      await screen.findByText('La fecha de fin no puede ser anterior a la de inicio'),
    ).toBeInTheDocument()
    expect(screen.getByText('Elegí un período válido para ver las cifras.')).toBeInTheDocument()
    expect(asked.length).toBe(before)

    fireEvent.change(from, { target: { value: '2026-02-20' } })
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-02-20', to: '2026-03-01' }))
    expect(search().get('from')).toBe('2026-02-20')
  })

  test('a period without orders says so, and still shows the stores and customers', async () => {
    fakeOverview((range) => ({ status: 200, data: figures(range) }))
    setup()
    expect(await screen.findByText(OVERVIEW_EMPTY_TITLE)).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Tiendas con ventas' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('group', { name: 'Pedidos' })).queryByText(/Sin contar/),
    ).toBeNull()
    expect(screen.queryByRole('region', { name: 'Tiendas con más ventas' })).toBeNull()
  })

  test('a failed load shows the reason and retries', async () => {
    let fail = true
    fakeOverview((range) =>
      fail
        ? { status: 500, data: { statusCode: 500, code: 'INTERNAL', message: 'Se cayó.' } }
        : { status: 200, data: figures(range) },
    )
    const { user } = setup()
    expect(await screen.findByText('No pudimos cargar las cifras de la ciudad')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText(OVERVIEW_EMPTY_TITLE)).toBeInTheDocument()
  })
})
