import type { AuditEntry } from '@barrio/contracts/audit'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { OperatorAuditPage } from '@/app/routes/operator/audit'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { setScreenWidth } from '@/testing/media'
import { pageOf } from '@/testing/seller-fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 24, decision 047: the audit log on /operator/audit, its filters in the URL, before/after.

function buildEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a_1',
    createdAt: '2026-11-20T13:30:00.000Z',
    actor: { _id: 'u_op', email: 'operador@barrio.ar', type: 'operator' },
    store: { _id: 'st_1', name: 'Verdulería Luna' },
    action: 'store.suspended',
    target: { type: 'store', id: 'st_1aaaaaaaa' },
    before: { suspendedAt: null, suspensionReason: null },
    after: { suspendedAt: '2026-11-20T13:30:00.000Z', suspensionReason: 'Vende vencidos' },
    requestId: 'req-1',
    ip: '127.0.0.1',
    ...overrides,
  }
}

const SUSPENDED = buildEntry()
const REFUND = buildEntry({
  _id: 'a_2',
  createdAt: '2026-11-19T22:05:00.000Z',
  actor: { _id: 'u_s', email: 'ana@almacen.com', type: 'seller' },
  store: { _id: 'st_2', name: 'Almacén Ana' },
  action: 'order.refunded',
  target: { type: 'order', id: 'o_1' },
  before: { number: 1042, paymentStatus: 'paid', refundedAmount: 0 },
  after: { number: 1042, paymentStatus: 'refunded', refundedAmount: 150000 },
})
const RATES = buildEntry({
  _id: 'a_3',
  store: null,
  action: 'commissions.updated',
  target: { type: 'commission_settings', id: 'default' },
  before: { defaultRateBp: 800 },
  after: { defaultRateBp: 900 },
})

function serveAudit(reply?: FakeReply) {
  const adapter = createFakeAdapter(({ method, url }): FakeReply => {
    if (method === 'GET' && url === '/operator/audit')
      return reply ?? { status: 200, data: pageOf([SUSPENDED, REFUND, RATES], { limit: 25 }) }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}
const auditCalls = (adapter: ReturnType<typeof serveAudit>) =>
  adapter.calls.filter((call) => call.url === '/operator/audit')

function renderAudit(url = '/operator/audit') {
  setUser(buildUser({ userType: 'operator', secondFactor: 'done' }))
  return renderWithProviders(<OperatorAuditPage />, { url })
}

describe('the audit log', () => {
  test('lists entries with es-AR date, actor, store, action in Spanish and target', async () => {
    const adapter = serveAudit()
    renderAudit()
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const first = within(rows[0]!)
    expect(first.getByText('Tienda suspendida')).toBeInTheDocument()
    // 13:30 UTC is 10:30 in Buenos Aires.
    expect(first.getByText('20/11/2026, 10:30')).toBeInTheDocument()
    expect(first.getByText('operador@barrio.ar')).toBeInTheDocument()
    expect(first.getByText('Operación')).toBeInTheDocument()
    expect(first.getByText('Verdulería Luna')).toBeInTheDocument()
    expect(first.getByText('Tienda st_1aaaa')).toBeInTheDocument()
    const second = within(rows[1]!)
    expect(second.getByText('Reembolso de pedido')).toBeInTheDocument()
    expect(second.getByText('Pedido #1042')).toBeInTheDocument()
    expect(second.getByText('Dueño')).toBeInTheDocument()
    const third = within(rows[2]!)
    expect(third.getByText('Comisiones modificadas')).toBeInTheDocument()
    expect(third.getByText('—')).toBeInTheDocument()
    expect(auditCalls(adapter)[0]?.params).toEqual({ page: 1, limit: 25 })
  })

  test('an entry unfolds its before and after, saying what changed', async () => {
    serveAudit()
    const user = userEvent.setup()
    renderAudit()
    const table = await screen.findByRole('table')
    const row = within(within(table).getAllByRole('row')[2]!)
    const toggle = row.getByRole('button', { name: 'Ver cambios' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(row.getByRole('button', { name: 'Ocultar cambios' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(row.getByText('Cambió: paymentStatus, refundedAmount')).toBeInTheDocument()
    expect(row.getByText('Antes')).toBeInTheDocument()
    expect(row.getByText('Después')).toBeInTheDocument()
    expect(row.getByText(/"refundedAmount": 150000/)).toBeInTheDocument()
  })

  test('the filters ask the API and live in the URL', async () => {
    const adapter = serveAudit()
    const user = userEvent.setup()
    const { router } = renderAudit()
    await screen.findByRole('table')
    await user.click(screen.getByRole('combobox', { name: /^Acción/ }))
    await user.click(
      await screen.findByRole('option', { name: 'Reembolso de pedido', hidden: true }),
    )
    await waitFor(() =>
      expect(auditCalls(adapter).at(-1)?.params).toEqual({
        action: 'order.refunded',
        page: 1,
        limit: 25,
      }),
    )
    expect(router.state.location.search).toBe('?action=order.refunded')

    await user.type(screen.getByRole('searchbox', { name: 'Tienda' }), 'luna')
    await user.type(screen.getByRole('searchbox', { name: 'Quién (e-mail)' }), 'ana@')
    await waitFor(() =>
      expect(auditCalls(adapter).at(-1)?.params).toMatchObject({
        action: 'order.refunded',
        store: 'luna',
        actorEmail: 'ana@',
      }),
    )
    await waitFor(() => expect(router.state.location.search).toContain('store=luna'))
    expect(router.state.location.search).toContain('actor=ana%40')
  })

  test('a link with filters and a date range opens filtered, and pages ask for the next page', async () => {
    const many = Array.from({ length: 25 }, (_, i) => buildEntry({ _id: `a_${i}` }))
    const adapter = serveAudit({
      status: 200,
      data: pageOf(many, { limit: 25, total: 60 }),
    })
    const user = userEvent.setup()
    renderAudit('/operator/audit?from=2026-11-01&to=2026-11-30&action=store.suspended')
    await screen.findByRole('table')
    expect(auditCalls(adapter)[0]?.params).toEqual({
      action: 'store.suspended',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 1,
      limit: 25,
    })
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-11-01')
    expect(screen.getByLabelText('Hasta')).toHaveValue('2026-11-30')
    await user.click(screen.getByRole('button', { name: /2/ }))
    await waitFor(() => expect(auditCalls(adapter).at(-1)?.params).toMatchObject({ page: 2 }))
  })

  test('empty, filtered-empty and failed loads each say so', async () => {
    serveAudit({ status: 200, data: pageOf([]) })
    const { unmount } = renderAudit()
    expect(await screen.findByText('Todavía no hay acciones registradas.')).toBeInTheDocument()
    unmount()
    renderAudit('/operator/audit?action=order.refunded')
    expect(await screen.findByText('Ninguna acción coincide con los filtros')).toBeInTheDocument()
  })

  test('a failed load offers the error state', async () => {
    serveAudit({
      status: 500,
      data: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Falló.' },
    })
    renderAudit()
    expect(
      await screen.findByText('No pudimos cargar el registro de auditoría'),
    ).toBeInTheDocument()
  })

  test('on a 360 px phone the entries are cards, not a table', async () => {
    setScreenWidth(360)
    serveAudit()
    renderAudit()
    expect(await screen.findAllByRole('button', { name: 'Ver cambios' })).toHaveLength(3)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const list = screen.getByRole('list', { name: /Registro de auditoría/ })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(list).getByText('Pedido #1042')).toBeInTheDocument()
  })
})
