import type { AdminWithdrawal } from '@barrio/contracts/withdrawals'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { WithdrawalsList } from '@/features/admin-withdrawals/components/withdrawals-list'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller, STORE_A } from '@/testing/seller-fixtures'
import { WAIT } from '@/testing/wait'

const ORDER_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'
const WITHDRAWAL_ID = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e'

function buildWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    _id: WITHDRAWAL_ID,
    code: 'ARR-7KQ2-M9XD',
    orderId: ORDER_ID,
    orderNumber: 1001,
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    reason: 'El talle no me queda',
    status: 'requested',
    rejectionReason: null,
    createdAt: '2026-11-25T15:30:00.000Z',
    resolvedAt: null,
    ...overrides,
  }
}

function fakeWithdrawalsApi() {
  let pending = [buildWithdrawal()]
  const adapter = createFakeAdapter(({ method, url, data, config }) => {
    if (method === 'GET' && url === '/admin/withdrawals') {
      const { status } = config.params as { status?: string }
      return { status: 200, data: pageOf(status === 'requested' ? pending : [], { limit: 20 }) }
    }
    const resolution = /^\/admin\/withdrawals\/([^/]+)\/(accept|reject)$/.exec(url)
    if (method === 'POST' && resolution) {
      pending = []
      const body = data as { reason?: string }
      return {
        status: 200,
        data: buildWithdrawal({
          status: resolution[2] === 'accept' ? 'accepted' : 'rejected',
          rejectionReason: body.reason ?? null,
          resolvedAt: '2026-11-26T12:00:00.000Z',
        }),
      }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const resolutions = (adapter: ReturnType<typeof fakeWithdrawalsApi>) =>
  adapter.calls.filter((call) => call.method === 'POST')

async function openActions(user: ReturnType<typeof userEvent.setup>, action: string) {
  const [menu] = await screen.findAllByRole(
    'button',
    { name: 'Acciones de Arrepentimiento del pedido #1001' },
    WAIT,
  )
  await user.click(menu!)
  await user.click(await screen.findByRole('menuitem', { name: action }, WAIT))
  return screen.findByRole('dialog', {}, WAIT)
}

describe('seller withdrawals list', () => {
  test('lists the pending requests with order link, customer, reason and date; the filter asks by status', async () => {
    const adapter = fakeWithdrawalsApi()
    signInSeller()
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalsList />, { url: '/admin/withdrawals' })

    const [link] = await screen.findAllByRole('link', { name: 'Pedido #1001' }, WAIT)
    expect(link).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`)
    expect(screen.getAllByText('Lucía Pérez').length).toBeGreaterThan(0)
    expect(screen.getAllByText('El talle no me queda').length).toBeGreaterThan(0)
    // es-AR date and time, Buenos Aires: 25/11/2026 12:30.
    expect(screen.getAllByText(/25\/11\/2026/).length).toBeGreaterThan(0)
    const first = adapter.calls.find((call) => call.url === '/admin/withdrawals')
    expect(first?.params).toEqual({ status: 'requested', page: 1, limit: 20 })
    expect(first?.headers['x-store-id']).toBe(STORE_A)

    await user.click(screen.getByRole('radio', { name: 'Rechazadas' }))
    expect(
      await screen.findByText('Todavía no rechazaste arrepentimientos', {}, WAIT),
    ).toBeInTheDocument()
    expect(adapter.calls.at(-1)?.params).toMatchObject({ status: 'rejected' })
  })

  test('"Aceptar y reembolsar" with "Reponer stock" sends restock and empties the pending list', async () => {
    const adapter = fakeWithdrawalsApi()
    signInSeller()
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalsList />, { url: '/admin/withdrawals' })

    const dialog = await openActions(user, 'Aceptar y reembolsar')
    const restock = within(dialog).getByRole('checkbox', { name: /Reponer stock/ })
    expect(restock).not.toBeChecked()
    await user.click(restock)
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar y reembolsar' }))

    await waitFor(() => expect(resolutions(adapter)).toHaveLength(1), WAIT)
    expect(resolutions(adapter)[0]).toMatchObject({
      url: `/admin/withdrawals/${WITHDRAWAL_ID}/accept`,
      data: { restock: true },
    })
    expect(
      await screen.findByText(/Aceptaste el arrepentimiento del pedido #1001/, {}, WAIT),
    ).toBeInTheDocument()
    expect(
      await screen.findByText('No tenés arrepentimientos pendientes', {}, WAIT),
    ).toBeInTheDocument()
  })

  test('"Rechazar" asks the reason (required) and sends it', async () => {
    const adapter = fakeWithdrawalsApi()
    signInSeller()
    const user = userEvent.setup()
    renderWithProviders(<WithdrawalsList />, { url: '/admin/withdrawals' })

    const dialog = await openActions(user, 'Rechazar')
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }))
    expect(
      await within(dialog).findByText('Contale al cliente por qué', {}, WAIT),
    ).toBeInTheDocument()
    expect(resolutions(adapter)).toHaveLength(0)

    await user.type(
      within(dialog).getByLabelText(/Motivo del rechazo/),
      'Pasaron más de 10 días desde la entrega',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }))

    await waitFor(() => expect(resolutions(adapter)).toHaveLength(1), WAIT)
    expect(resolutions(adapter)[0]).toMatchObject({
      url: `/admin/withdrawals/${WITHDRAWAL_ID}/reject`,
      data: { reason: 'Pasaron más de 10 días desde la entrega' },
    })
    expect(
      await screen.findByText(/Rechazaste el arrepentimiento del pedido #1001/, {}, WAIT),
    ).toBeInTheDocument()
  })
})
