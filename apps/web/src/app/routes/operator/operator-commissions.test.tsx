import type { CommissionSettings, CommissionStore, Statement } from '@barrio/contracts/commissions'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, onTestFinished, test, vi } from 'vitest'

import { OperatorCommissionsPage, OperatorStatementsPage } from '@/app/routes/operator/commissions'
import { recentMonthOptions } from '@/components/statements/months'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 24, decision 045: the operator's commission rates and the stores' monthly statements.

const STORE_ID = '3f1c2a9e-4b7d-4c1e-9a2b-1c2d3e4f5a6b'
const OTHER_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d'

const SAVED: CommissionSettings = {
  defaultRateBp: 800,
  byCategory: { kiosco: 500 },
  byStore: [
    {
      storeId: STORE_ID,
      rateBp: 1250,
      storeName: 'Almacén Don Pepe (don-pepe)',
      storeHandle: 'don-pepe',
      category: 'almacen',
    },
  ],
  updatedAt: '2026-11-20T13:30:00.000Z',
}

const LUNA: CommissionStore = {
  _id: OTHER_ID,
  name: 'Verdulería Luna',
  handle: 'luna',
  category: 'verduleria',
  rateBp: 800,
}

const NOT_FOUND: FakeReply = {
  status: 404,
  data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' },
}

function serveCommissions({
  get = () => ({ status: 200, data: SAVED }),
  put,
}: { get?: () => FakeReply; put?: (body: unknown) => FakeReply } = {}) {
  const adapter = createFakeAdapter(({ method, url, data }) => {
    if (method === 'GET' && url === '/operator/commissions') return get()
    if (method === 'PUT' && url === '/operator/commissions')
      return put ? put(data) : { status: 200, data: SAVED }
    if (method === 'GET' && url === '/operator/commissions/stores')
      return { status: 200, data: { items: [LUNA] } }
    return NOT_FOUND
  })
  http.defaults.adapter = adapter
  return adapter
}

function asOperator() {
  setUser(buildUser({ userType: 'operator', secondFactor: 'done' }))
}

describe('/operator/commissions', () => {
  test('shows the rates in percent and saves them as basis points', async () => {
    const adapter = serveCommissions()
    asOperator()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OperatorCommissionsPage />, { url: '/operator/commissions' })

    const general = await screen.findByRole('textbox', { name: /Comisión de todas las tiendas/ })
    expect(general).toHaveValue('8 %')
    expect(screen.getByRole('textbox', { name: 'Kiosco' })).toHaveValue('5 %')
    expect(screen.getByRole('textbox', { name: 'Almacén' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: /Almacén Don Pepe/ })).toHaveValue('12,5 %')

    await user.clear(general)
    await user.type(general, '10,75')
    await user.clear(screen.getByRole('textbox', { name: 'Kiosco' }))
    await user.type(screen.getByRole('textbox', { name: 'Restaurante / comidas' }), '12')
    await user.click(
      screen.getByRole('button', {
        name: 'Quitar la comisión propia de Almacén Don Pepe (don-pepe)',
      }),
    )
    // A store picked from the search joins with the rate it pays now.
    await user.click(screen.getByRole('combobox', { name: 'Agregar una tienda' }))
    await user.click(
      await screen.findByRole('option', { name: 'Verdulería Luna (luna)', hidden: true }),
    )
    const luna = await screen.findByRole('textbox', { name: /Verdulería Luna/ })
    expect(luna).toHaveValue('8 %')
    await user.clear(luna)
    await user.type(luna, '3,5')

    await user.click(screen.getByRole('button', { name: 'Guardar comisiones' }))
    await waitFor(() => expect(adapter.calls.some((c) => c.method === 'PUT')).toBe(true))
    const put = adapter.calls.find((c) => c.method === 'PUT')!
    expect(put.data).toEqual({
      defaultRateBp: 1075,
      byCategory: { restaurante: 1200 },
      byStore: [{ storeId: OTHER_ID, rateBp: 350 }],
    })
    expect(
      await screen.findByText('Guardamos las comisiones. Cuentan para los pedidos desde ahora.'),
    ).toBeInTheDocument()
  })

  test("the server's field errors show under the store's rate", async () => {
    serveCommissions({
      put: () => ({
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'No encontramos esta tienda',
          errors: [{ name: 'byStore.0.storeId', message: 'No encontramos esta tienda' }],
        },
      }),
    })
    asOperator()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OperatorCommissionsPage />, { url: '/operator/commissions' })
    const store = await screen.findByRole('textbox', { name: /Almacén Don Pepe/ })
    await user.clear(store)
    await user.type(store, '13')
    await user.click(screen.getByRole('button', { name: 'Guardar comisiones' }))
    await waitFor(() => expect(store).toHaveAttribute('aria-invalid', 'true'))
    expect(store).toHaveAccessibleDescription(/No encontramos esta tienda/)
  })

  test('a rate typed over 100 % comes back to 100 %, the most a commission can be', async () => {
    const adapter = serveCommissions()
    asOperator()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OperatorCommissionsPage />, { url: '/operator/commissions' })
    const general = await screen.findByRole('textbox', { name: /Comisión de todas las tiendas/ })
    await user.clear(general)
    await user.type(general, '150')
    // The input clamps to its range when it loses the focus.
    await user.tab()
    expect(general).toHaveValue('100 %')
    await user.click(screen.getByRole('button', { name: 'Guardar comisiones' }))
    await waitFor(() => expect(adapter.calls.some((c) => c.method === 'PUT')).toBe(true))
    const body = adapter.calls.find((c) => c.method === 'PUT')!.data as { defaultRateBp: number }
    expect(body.defaultRateBp).toBe(10_000)
  })

  test('a failed load offers a retry', async () => {
    let fail = true
    serveCommissions({
      get: () =>
        fail
          ? { status: 500, data: { statusCode: 500, code: 'INTERNAL', message: 'Algo falló.' } }
          : { status: 200, data: SAVED },
    })
    asOperator()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OperatorCommissionsPage />, { url: '/operator/commissions' })
    expect(
      await screen.findByText('No pudimos cargar las comisiones', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(
      await screen.findByRole('textbox', { name: /Comisión de todas las tiendas/ }),
    ).toHaveValue('8 %')
  })
})

function buildStatement(month: string, withLines = true): Statement {
  const lines: Statement['lines'] = withLines
    ? [
        {
          _id: 'o1',
          number: 1042,
          createdAt: `${month}-05T15:00:00.000Z`,
          paymentMethod: 'bank_transfer',
          paymentStatus: 'paid',
          status: 'completed',
          subtotal: 2_000_000,
          total: 2_090_000,
          refundedAmount: 0,
          sales: 2_090_000,
          commissionRateBp: 800,
          commissionPlaced: 160_000,
          commissionRefunded: 0,
          commission: 160_000,
          collected: 0,
        },
      ]
    : []
  const commission = lines.reduce((s, l) => s + l.commission, 0)
  return {
    store: { _id: STORE_ID, name: 'Almacén Don Pepe', handle: 'don-pepe' },
    month,
    from: `${month}-01T03:00:00.000Z`,
    to: `${month}-28T03:00:00.000Z`,
    ordersCount: lines.length,
    sales: lines.reduce((s, l) => s + l.sales, 0),
    commission,
    collected: 0,
    balance: commission,
    lines,
  }
}

function serveStatements(statement?: (params: Record<string, string>) => FakeReply) {
  const adapter = createFakeAdapter(({ method, url, config }) => {
    const params = config.params as Record<string, string>
    if (method === 'GET' && url === '/operator/statements')
      return statement
        ? statement(params)
        : { status: 200, data: buildStatement(params.month!, params.month !== '2001-01') }
    if (method === 'GET' && url === '/operator/statements.csv')
      return { status: 200, data: 'x', headers: { 'content-type': 'text/csv' } }
    if (method === 'GET' && url === '/operator/commissions/stores')
      return {
        status: 200,
        data: {
          items: [
            {
              _id: STORE_ID,
              name: 'Almacén Don Pepe',
              handle: 'don-pepe',
              category: 'almacen',
              rateBp: 800,
            },
          ],
        },
      }
    return NOT_FOUND
  })
  http.defaults.adapter = adapter
  return adapter
}

describe('/operator/statements', () => {
  test('asks for a store first; a picked store shows the month and goes to the URL', async () => {
    const adapter = serveStatements()
    asOperator()
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<OperatorStatementsPage />, {
      url: '/operator/statements',
    })
    expect(await screen.findByText('Elegí una tienda')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Descargar resumen (CSV)' })).toBeDisabled()
    await user.click(screen.getByRole('combobox', { name: 'Tienda' }))
    await user.click(
      await screen.findByRole('option', { name: 'Almacén Don Pepe (don-pepe)', hidden: true }),
    )
    const table = await screen.findByRole('table')
    const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ')
    const row = within(table).getAllByRole('row')[1]!
    expect(text(row)).toContain('#1042')
    expect(text(row)).toContain('Transferencia bancaria')
    expect(text(row)).toContain('8 %')
    expect(text(row)).toContain('$ 1.600')
    expect(text(screen.getByRole('group', { name: 'Saldo a pagar' }))).toContain('$ 1.600')
    expect(text(screen.getByRole('group', { name: 'Ventas' }))).toContain('$ 20.900')
    const current = recentMonthOptions(1)[0]!.value
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('storeId')).toBe(STORE_ID)
    const call = adapter.calls.find((c) => c.url === '/operator/statements')
    expect(call?.params).toEqual({ storeId: STORE_ID, month: current })
  })

  test('store and month from the URL; an empty month says so; the CSV is saved under its name', async () => {
    const adapter = serveStatements()
    const clicks: string[] = []
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = () => 'blob:resumen'
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download)
    })
    onTestFinished(() => click.mockRestore())
    asOperator()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OperatorStatementsPage />, {
      url: `/operator/statements?storeId=${STORE_ID}&month=2001-01`,
    })
    expect(await screen.findByText('No hubo pedidos en enero de 2001')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Descargar resumen (CSV)' }))
    await waitFor(() => expect(clicks).toEqual(['resumen-don-pepe-2001-01.csv']))
    const csv = adapter.calls.find((c) => c.url === '/operator/statements.csv')
    expect(csv?.params).toEqual({ storeId: STORE_ID, month: '2001-01' })
  })

  test('a failed statement offers a retry', async () => {
    let fail = true
    serveStatements((params) =>
      fail
        ? { status: 500, data: { statusCode: 500, code: 'INTERNAL', message: 'Algo falló.' } }
        : { status: 200, data: buildStatement(params.month!) },
    )
    asOperator()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<OperatorStatementsPage />, {
      url: `/operator/statements?storeId=${STORE_ID}&month=2026-10`,
    })
    expect(
      await screen.findByText('No pudimos cargar el resumen', {}, { timeout: 20_000 }),
    ).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })
})
