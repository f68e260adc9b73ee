import type { AdminPayment, AdminPaymentSummary } from '@barrio/contracts/admin-payments'
import type { Statement } from '@barrio/contracts/commissions'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, onTestFinished, test, vi } from 'vitest'

import { AdminPaymentsPage } from '@/app/routes/admin/payments'
import { buildAdminOrder, buildOrderSummary, ORDER_ID } from '@/testing/admin-order-fixtures'
import { PAYMENT_FILTER_LABELS } from '@/features/admin-payments/components/payment-filters'
import { periodRange } from '@/features/admin-payments/utils/payment-list'
import { recentMonthOptions } from '@/components/statements/months'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller, STORE_A } from '@/testing/seller-fixtures'

type Params = { page: number; limit: number; query: string }

const payment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  _id: '11111111-1111-4111-8111-111111111111',
  orderId: ORDER_ID,
  orderNumber: 1001,
  customerName: 'Lucía Pérez',
  method: 'mercado_pago',
  amount: 1234550,
  currency: 'ARS',
  status: 'approved',
  kind: 'payment',
  providerPaymentId: '70001',
  fee: 61728,
  net: 1172822,
  createdAt: '2026-11-22T13:00:00.000Z',
  ...overrides,
})

const summary = (range: { from: string; to: string }, payments = 0): AdminPaymentSummary => {
  const totals = {
    payments,
    paymentCount: payments ? 1 : 0,
    refunds: 0,
    refundCount: 0,
    net: payments,
  }
  return {
    ...range,
    currency: 'ARS',
    byMethod: payments ? [{ method: 'mercado_pago', ...totals }] : [],
    totals,
  }
}

/** A month's commission statement (decision 045): empty unless lines are given. */
function buildStatement(month: string, lines: Statement['lines'] = []): Statement {
  const sum = (pick: (l: Statement['lines'][number]) => number) =>
    lines.reduce((acc, l) => acc + pick(l), 0)
  return {
    store: { _id: STORE_A, name: 'Almacén Don Pepe', handle: 'don-pepe' },
    month,
    from: `${month}-01T03:00:00.000Z`,
    to: `${month}-28T03:00:00.000Z`,
    ordersCount: lines.length,
    sales: sum((l) => l.sales),
    commission: sum((l) => l.commission),
    collected: 0,
    balance: sum((l) => l.commission),
    lines,
  }
}

/** A fake API: the ledger, its summary, the awaiting orders and mark-as-paid. */
function fakeApi({
  ledger = () => ({ status: 200, data: pageOf([]) }),
  awaiting = () => ({ status: 200, data: pageOf([]) }),
  markAsPaid = () => ({ status: 200, data: buildAdminOrder({ paymentStatus: 'paid' }) }),
  csv = () => ({
    status: 200,
    data: '\uFEFFFecha;Pedido\r\n',
    headers: { 'content-type': 'text/csv' },
  }),
  statement = (params) => ({ status: 200, data: buildStatement(params.month!) }),
  onSummary,
}: {
  ledger?: (params: Params) => FakeReply
  awaiting?: (params: Record<string, string>) => FakeReply
  markAsPaid?: () => FakeReply
  csv?: (params: Record<string, string>) => FakeReply
  statement?: (params: Record<string, string>) => FakeReply
  onSummary?: (range: { from: string; to: string }) => void
} = {}) {
  const adapter = createFakeAdapter(({ method, url, config }) => {
    const params = config.params as Record<string, string>
    if (method === 'GET' && url === '/admin/payments') return ledger(params as unknown as Params)
    if (method === 'GET' && url === '/admin/payments/summary') {
      onSummary?.({ from: params.from!, to: params.to! })
      return {
        status: 200,
        data: summary({ from: params.from!, to: params.to! }, 1234550),
      }
    }
    if (method === 'GET' && url === '/admin/orders') return awaiting(params)
    if (method === 'GET' && url === '/admin/payments/export') return csv(params)
    if (method === 'GET' && url === '/admin/statements') return statement(params)
    if (method === 'GET' && url === '/admin/statements.csv') return csv(params)
    if (method === 'POST' && url === `/admin/orders/${ORDER_ID}/mark-as-paid`) return markAsPaid()
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

describe('seller payments page', () => {
  test('rows link to the order, show es-AR money, fee and net, and the totals per method', async () => {
    const adapter = fakeApi({
      ledger: () => ({
        status: 200,
        data: pageOf(
          [
            payment(),
            payment({
              _id: 'r',
              kind: 'refund',
              amount: 50000,
              fee: null,
              net: null,
              method: 'cash',
              providerPaymentId: null,
            }),
          ],
          { limit: 25 },
        ),
      }),
    })
    signInSeller()
    renderWithProviders(<AdminPaymentsPage />, { url: '/admin/payments' })
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByRole('link', { name: 'Pedido #1001' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    )
    const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ')
    expect(text(rows[0]!)).toContain('$ 12.345,50')
    expect(text(rows[0]!)).toContain('$ 617,28 / $ 11.728,22')
    expect(text(rows[1]!)).toContain('−$ 500')
    expect(within(rows[1]!).getByText('Reembolso')).toBeInTheDocument()
    const total = await screen.findByRole('group', { name: 'Total del período' })
    expect(text(total)).toContain('$ 12.345,50')
    expect(screen.getByRole('group', { name: 'Mercado Pago' })).toBeInTheDocument()
    const ledgerCall = adapter.calls.find((c) => c.url === '/admin/payments')
    expect(ledgerCall?.headers['x-store-id']).toBe(STORE_A)
  })

  test('period, method and status come from the URL and go back to it', async () => {
    const seen: Params[] = []
    fakeApi({
      ledger: (params) => {
        seen.push(params)
        return { status: 200, data: pageOf([]) }
      },
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<AdminPaymentsPage />, {
      url: '/admin/payments?period=month&method=cash',
    })
    await screen.findByText('Ningún pago coincide con los filtros')
    expect(seen[0]).toMatchObject({ page: 1, limit: 25 })
    expect(JSON.parse(seen[0]!.query)).toEqual({
      createdAt: periodRange('month'),
      method: 'cash',
    })

    await user.click(
      screen.getByRole('combobox', { name: new RegExp(`^${PAYMENT_FILTER_LABELS.status}`) }),
    )
    await user.click(await screen.findByRole('option', { name: 'Aprobado', hidden: true }))
    await waitFor(() =>
      expect(JSON.parse(seen.at(-1)!.query)).toEqual({
        createdAt: periodRange('month'),
        method: 'cash',
        status: 'approved',
      }),
    )
    const search = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(search)).toEqual({
      period: 'month',
      method: 'cash',
      status: 'approved',
    })
  })

  test('a custom period goes to the URL; the totals and the rows follow it', async () => {
    const seen: Params[] = []
    const summaries: Array<{ from: string; to: string }> = []
    fakeApi({
      ledger: (params) => {
        seen.push(params)
        return { status: 200, data: pageOf([payment()]) }
      },
      onSummary: (range) => summaries.push(range),
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<AdminPaymentsPage />, {
      url: '/admin/payments?period=7d&method=cash',
    })
    await screen.findByRole('link', { name: 'Pedido #1001' })
    const week = periodRange('7d')

    // "Personalizado" starts from the days on screen.
    await user.click(
      screen.getByRole('combobox', { name: new RegExp(`^${PAYMENT_FILTER_LABELS.period}`) }),
    )
    await user.click(await screen.findByRole('option', { name: 'Personalizado', hidden: true }))
    const from = await screen.findByLabelText(PAYMENT_FILTER_LABELS.from)
    const to = screen.getByLabelText(PAYMENT_FILTER_LABELS.to)
    expect(from).toHaveValue(week.from)
    expect(to).toHaveValue(week.to)
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search))
    expect(search()).toEqual({ period: 'custom', from: week.from, to: week.to, method: 'cash' })

    // A reversed period says why and asks for nothing.
    const asked = seen.length
    fireEvent.change(to, { target: { value: '2020-01-01' } })
    expect(
      await screen.findByText('La fecha de fin no puede ser anterior a la de inicio'),
    ).toBeInTheDocument()
    expect(screen.getByText('Elegí un período válido para ver los pagos.')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Mercado Pago' })).toBeNull()
    expect(seen.length).toBe(asked)

    fireEvent.change(from, { target: { value: '2019-12-01' } })
    const custom = { from: '2019-12-01', to: '2020-01-01' }
    await waitFor(() =>
      expect(JSON.parse(seen.at(-1)!.query)).toEqual({ createdAt: custom, method: 'cash' }),
    )
    await waitFor(() => expect(summaries.at(-1)).toEqual(custom))
    expect(search()).toEqual({ period: 'custom', ...custom, method: 'cash' })
    expect(await screen.findByRole('group', { name: 'Mercado Pago' })).toBeInTheDocument()

    // A preset again drops the custom days from the URL.
    await user.click(
      screen.getByRole('combobox', { name: new RegExp(`^${PAYMENT_FILTER_LABELS.period}`) }),
    )
    await user.click(await screen.findByRole('option', { name: 'Hoy', hidden: true }))
    await waitFor(() => expect(search()).toEqual({ period: 'today', method: 'cash' }))
    expect(screen.queryByLabelText(PAYMENT_FILTER_LABELS.from)).toBeNull()
    await waitFor(() => expect(summaries.at(-1)).toEqual(periodRange('today')))
  })

  test('an empty period and nothing to confirm each say so; a failing ledger offers a retry', async () => {
    let fail = false
    fakeApi({
      ledger: () =>
        fail
          ? {
              status: 500,
              data: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Se cayó.' },
            }
          : { status: 200, data: pageOf([]) },
    })
    signInSeller()
    const first = renderWithProviders(<AdminPaymentsPage />, { url: '/admin/payments' })
    expect(await screen.findByText('No hay pagos en este período')).toBeInTheDocument()
    expect(
      await screen.findByText(
        'No hay transferencias ni pagos en efectivo esperando tu confirmación.',
      ),
    ).toBeInTheDocument()
    first.unmount()

    fail = true
    renderWithProviders(<AdminPaymentsPage />, { url: '/admin/payments' })
    expect(await screen.findByText('Se cayó.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })

  test('"Marcar como pagado" on a transfer to confirm records it and refreshes the page', async () => {
    let paid = false
    const awaitingQueries: string[] = []
    const adapter = fakeApi({
      awaiting: (params) => ({
        status: 200,
        data: pageOf(
          awaitingQueries.push(params.query!) && paid
            ? []
            : [
                buildOrderSummary({
                  paymentMethod: 'bank_transfer',
                  paymentMethodLabel: 'Transferencia bancaria',
                }),
              ],
        ),
      }),
      ledger: () => ({
        status: 200,
        data: pageOf(paid ? [payment({ method: 'bank_transfer' })] : []),
      }),
      markAsPaid: () => {
        paid = true
        return { status: 200, data: buildAdminOrder({ paymentStatus: 'paid' }) }
      },
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AdminPaymentsPage />, { url: '/admin/payments' })
    await user.click(
      await screen.findByRole('button', { name: 'Marcar como pagado el pedido #1001' }),
    )
    expect(JSON.parse(awaitingQueries[0]!)).toEqual({
      unpaid: true,
      paymentMethod: { $in: ['bank_transfer', 'cash'] },
    })
    expect(
      await screen.findByText(
        'No hay transferencias ni pagos en efectivo esperando tu confirmación.',
      ),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('link', { name: 'Pedido #1001' })).toBeInTheDocument()
  })

  test('"Descargar CSV" asks the export for the filter on screen and saves the file', async () => {
    const queries: string[] = []
    fakeApi({
      csv: (params) => {
        queries.push(params.query!)
        return { status: 200, data: 'x', headers: { 'content-type': 'text/csv' } }
      },
    })
    const created: Blob[] = []
    // jsdom has no object URLs: stand-ins that record the blob, put back after the test.
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob)
      return 'blob:pagos'
    }
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    const clicks: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download)
    })
    onTestFinished(() => click.mockRestore())
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AdminPaymentsPage />, {
      url: '/admin/payments?period=today&status=approved',
    })
    await screen.findByText('Ningún pago coincide con los filtros')
    await user.click(screen.getByRole('button', { name: 'Descargar CSV' }))
    await waitFor(() => expect(clicks).toHaveLength(1))
    const today = periodRange('today')
    expect(clicks[0]).toBe(`pagos-${today.from}-${today.to}.csv`)
    expect(JSON.parse(queries[0]!)).toEqual({ createdAt: today, status: 'approved' })
    expect(created).toHaveLength(1)
  })

  test('"Resumen mensual" shows each order\'s commission and the month\'s balance; another month asks again', async () => {
    const months: string[] = []
    const csvMonths: string[] = []
    fakeApi({
      statement: (params) => {
        months.push(params.month!)
        return {
          status: 200,
          data: buildStatement(params.month!, [
            {
              _id: ORDER_ID,
              number: 1001,
              createdAt: '2026-11-22T13:00:00.000Z',
              paymentMethod: 'cash',
              paymentStatus: 'partially_refunded',
              status: 'completed',
              subtotal: 1_000_000,
              total: 1_100_000,
              refundedAmount: 110_000,
              sales: 990_000,
              commissionRateBp: 1250,
              commissionPlaced: 125_000,
              commissionRefunded: 12_500,
              commission: 112_500,
              collected: 0,
            },
          ]),
        }
      },
      csv: (params) => {
        csvMonths.push(params.month!)
        return { status: 200, data: 'x', headers: { 'content-type': 'text/csv' } }
      },
    })
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
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AdminPaymentsPage />, { url: '/admin/payments' })
    const section = await screen.findByRole('region', { name: 'Resumen mensual' })
    const table = await within(section).findByRole('table')
    const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ')
    const row = within(table).getAllByRole('row')[1]!
    expect(within(row).getByRole('rowheader', { name: '#1001' })).toBeInTheDocument()
    expect(text(row)).toContain('12,5 %')
    expect(text(row)).toContain('$ 1.125')
    expect(text(row)).toContain('$ 1.250 − $ 125 reembolsado')
    expect(text(within(section).getByRole('group', { name: 'Saldo a pagar' }))).toContain('$ 1.125')
    expect(
      text(within(section).getByRole('group', { name: 'Cobrado por Mercado Pago' })),
    ).toContain('$ 0')
    const thisMonth = months[0]!
    expect(thisMonth).toMatch(/^\d{4}-\d{2}$/)

    const picker = within(section).getByRole('combobox', { name: /^Mes/ })
    await user.click(picker)
    const previousOption = recentMonthOptions(2)[1]!
    await user.click(
      await screen.findByRole('option', { name: previousOption.label, hidden: true }),
    )
    await waitFor(() => expect(months.at(-1)).toBe(previousOption.value))
    const previous = previousOption.value

    await user.click(within(section).getByRole('button', { name: 'Descargar resumen (CSV)' }))
    await waitFor(() => expect(clicks).toEqual([`resumen-don-pepe-${previous}.csv`]))
    expect(csvMonths).toEqual([previous])
  })
})
