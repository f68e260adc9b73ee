import type { OperatorStore } from '@barrio/contracts/operator'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { OperatorStoresPage } from '@/app/routes/operator/stores'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { pageOf } from '@/testing/seller-fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 24: every store of the city on /operator/stores, with suspension and reactivation.

function buildStore(overrides: Partial<OperatorStore> = {}): OperatorStore {
  return {
    _id: 'st_1',
    name: 'Almacén Don Pepe',
    handle: 'almacen-don-pepe',
    category: 'almacen',
    city: 'La Plata',
    provinceCode: 'B',
    owner: { _id: 'u_1', email: 'pepe@example.com' },
    status: 'active',
    suspension: null,
    ordersCount: 1312,
    salesCents: 123_456_750,
    createdAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  }
}

const PEPE = buildStore()
const LUNA = buildStore({
  _id: 'st_2',
  name: 'Verdulería Luna',
  handle: 'verduleria-luna',
  category: 'verduleria',
  owner: { _id: 'u_2', email: 'luna@example.com' },
  status: 'suspended',
  suspension: { reason: 'Vende productos vencidos', since: '2026-11-20T13:30:00.000Z' },
  ordersCount: 0,
  salesCents: 0,
})

function serveStores({ suspend }: { suspend?: FakeReply } = {}) {
  const adapter = createFakeAdapter(({ method, url, config }): FakeReply => {
    if (method === 'GET' && url === '/operator/stores') {
      const { status, q } = (config.params ?? {}) as { status?: string; q?: string }
      let docs = [PEPE, LUNA]
      if (status) docs = docs.filter((s) => s.status === status)
      if (q) docs = docs.filter((s) => s.name.toLowerCase().includes(q.toLowerCase()))
      return { status: 200, data: pageOf(docs, { limit: 25 }) }
    }
    if (method === 'POST' && url === `/operator/stores/${PEPE._id}/suspend`)
      return (
        suspend ?? {
          status: 200,
          data: {
            ...PEPE,
            status: 'suspended',
            suspension: { reason: 'x', since: PEPE.createdAt },
          },
        }
      )
    if (method === 'POST' && url === `/operator/stores/${LUNA._id}/unsuspend`)
      return { status: 200, data: { ...LUNA, status: 'active', suspension: null } }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const listCalls = (adapter: ReturnType<typeof serveStores>) =>
  adapter.calls.filter((call) => call.url === '/operator/stores')

function renderStores(url = '/operator/stores') {
  setUser(buildUser({ userType: 'operator', secondFactor: 'done' }))
  return renderWithProviders(<OperatorStoresPage />, { url })
}

describe('the stores of the city', () => {
  test('lists every store with owner, place, status, orders and sales in pesos', async () => {
    const adapter = serveStores()
    renderStores()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const pepe = within(rows[0]!)
    expect(pepe.getByText('Almacén Don Pepe')).toBeInTheDocument()
    expect(pepe.getByText('almacen-don-pepe')).toBeInTheDocument()
    expect(pepe.getByText('pepe@example.com')).toBeInTheDocument()
    expect(pepe.getByText('La Plata, Buenos Aires')).toBeInTheDocument()
    expect(pepe.getByText('Activo')).toBeInTheDocument()
    expect(pepe.getByText('1.312')).toBeInTheDocument()
    expect(pepe.getByText('$ 1.234.567,50')).toBeInTheDocument()
    const luna = within(rows[1]!)
    expect(luna.getByText('Suspendido')).toBeInTheDocument()
    expect(luna.getByText('Desde el 20/11/2026: Vende productos vencidos')).toBeInTheDocument()
    expect(listCalls(adapter)[0]?.params).toEqual({ page: 1, limit: 25 })
  })

  test('searching and filtering by status ask the API and keep the URL', async () => {
    const adapter = serveStores()
    const user = userEvent.setup()
    const { router } = renderStores()
    await screen.findByRole('table')
    await user.type(screen.getByRole('searchbox', { name: 'Buscar tiendas' }), 'luna')
    await waitFor(() => expect(listCalls(adapter).at(-1)?.params).toMatchObject({ q: 'luna' }))
    expect(await screen.findByText('Verdulería Luna')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Almacén Don Pepe')).not.toBeInTheDocument())

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar tiendas' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await user.click(screen.getByRole('combobox', { name: /^Estado/ }))
    await user.click(await screen.findByRole('option', { name: 'Suspendido', hidden: true }))
    await waitFor(() =>
      expect(listCalls(adapter).at(-1)?.params).toEqual({
        status: 'suspended',
        page: 1,
        limit: 25,
      }),
    )
    expect(router.state.location.search).toBe('?status=suspended')
  })

  test('an empty city and a failed load each say so', async () => {
    http.defaults.adapter = createFakeAdapter(() => ({ status: 200, data: pageOf([]) }))
    const { unmount } = renderStores()
    expect(await screen.findByText('Todavía no hay tiendas en Barrio.')).toBeInTheDocument()
    unmount()
    http.defaults.adapter = createFakeAdapter(() => ({
      status: 500,
      data: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Falló.' },
    }))
    renderStores()
    expect(await screen.findByText('No pudimos cargar las tiendas')).toBeInTheDocument()
  })

  test('suspending asks for the reason (with a field error in Spanish) and sends it', async () => {
    const adapter = serveStores()
    const user = userEvent.setup()
    renderStores()
    await user.click(await screen.findByRole('button', { name: 'Acciones de Almacén Don Pepe' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Suspender' }))
    const modal = await screen.findByRole('dialog', { name: 'Suspender Almacén Don Pepe' })
    const reason = within(modal).getByRole('textbox', { name: /Motivo de la suspensión/ })
    await user.type(reason, 'no')
    await user.click(within(modal).getByRole('button', { name: 'Suspender' }))
    expect(
      await within(modal).findByText('El motivo tiene que tener al menos 3 caracteres'),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((call) => call.url.endsWith('/suspend'))).toHaveLength(0)

    await user.clear(reason)
    await user.type(reason, 'Vende medicamentos sin receta')
    await user.click(within(modal).getByRole('button', { name: 'Suspender' }))
    expect(await screen.findByText('Suspendiste Almacén Don Pepe.')).toBeInTheDocument()
    const sent = adapter.calls.filter((call) => call.url.endsWith('/suspend'))
    expect(sent.map((call) => call.data)).toEqual([{ reason: 'Vende medicamentos sin receta' }])
    // The list is asked for again.
    await waitFor(() => expect(listCalls(adapter).length).toBeGreaterThan(1))
  })

  test('a refused suspension reads the server field error', async () => {
    serveStores({
      suspend: {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'El motivo puede tener hasta 500 caracteres',
          errors: [{ name: 'reason', message: 'El motivo puede tener hasta 500 caracteres' }],
        },
      },
    })
    const user = userEvent.setup()
    renderStores()
    await user.click(await screen.findByRole('button', { name: 'Acciones de Almacén Don Pepe' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Suspender' }))
    const modal = await screen.findByRole('dialog', { name: 'Suspender Almacén Don Pepe' })
    const reason = within(modal).getByRole('textbox', { name: /Motivo/ })
    await user.type(reason, 'Un motivo')
    await user.click(within(modal).getByRole('button', { name: 'Suspender' }))
    // Under the field, where the server named it.
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'))
    expect(
      within(modal).getAllByText('El motivo puede tener hasta 500 caracteres').length,
    ).toBeGreaterThan(0)
    expect(screen.getByRole('dialog', { name: 'Suspender Almacén Don Pepe' })).toBeVisible()
  })

  test('a suspended store is reactivated after confirming', async () => {
    const adapter = serveStores()
    const user = userEvent.setup()
    renderStores()
    await user.click(await screen.findByRole('button', { name: 'Acciones de Verdulería Luna' }))
    expect(screen.queryByRole('menuitem', { name: 'Suspender' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivar' }))
    expect(await screen.findByText('¿Reactivar Verdulería Luna?')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Reactivaste Verdulería Luna.')).toBeInTheDocument()
    expect(adapter.calls.filter((call) => call.url.endsWith('/unsuspend'))).toHaveLength(1)
  })
})
