import type { OperatorApplication } from '@barrio/contracts/operator'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { OperatorApplicationsPage } from '@/app/routes/operator/applications'
import { setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { pageOf } from '@/testing/seller-fixtures'
import { renderWithProviders } from '@/testing/render'

// Issue 24: the merchant applications queue of /operator/merchants.

function buildApplication(overrides: Partial<OperatorApplication> = {}): OperatorApplication {
  return {
    _id: 'app_1',
    status: 'pending',
    businessName: 'Almacén Don Pepe',
    cuit: '20123456786',
    cuitValid: true,
    phone: '+5492214567890',
    category: 'almacen',
    address: {
      street: 'Calle 7',
      number: '1234',
      floorApartment: null,
      neighbourhood: 'Centro',
      city: 'La Plata',
      provinceCode: 'B',
      postalCode: '1900',
      latitude: null,
      longitude: null,
    },
    applicant: { _id: 'u_9', email: 'pepe@example.com', firstName: 'José', lastName: 'Gómez' },
    createdAt: '2026-11-20T13:30:00.000Z',
    decidedAt: null,
    rejectionReason: null,
    ...overrides,
  }
}

const PEPE = buildApplication()
const LUNA = buildApplication({
  _id: 'app_2',
  businessName: 'Verdulería Luna',
  cuit: '20123456780',
  cuitValid: false,
  category: 'verduleria',
  applicant: { _id: 'u_8', email: 'luna@example.com', firstName: null, lastName: null },
})
const APPROVED = buildApplication({
  _id: 'app_3',
  status: 'approved',
  businessName: 'Panadería Sol',
  decidedAt: '2026-11-21T10:00:00.000Z',
})

function serveQueue({ approve }: { approve?: FakeReply } = {}) {
  const adapter = createFakeAdapter(({ method, url, config }): FakeReply => {
    if (method === 'GET' && url === '/operator/merchant-applications') {
      const { status } = config.params as { status: string }
      const docs = status === 'pending' ? [PEPE, LUNA] : status === 'approved' ? [APPROVED] : []
      return { status: 200, data: pageOf(docs, { limit: 25 }) }
    }
    if (method === 'POST' && url === `/operator/merchant-applications/${PEPE._id}/approve`)
      return approve ?? { status: 200, data: { ...PEPE, status: 'approved' } }
    if (method === 'POST' && url === `/operator/merchant-applications/${PEPE._id}/reject`)
      return { status: 200, data: { ...PEPE, status: 'rejected' } }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const listCalls = (adapter: ReturnType<typeof serveQueue>) =>
  adapter.calls.filter((call) => call.url === '/operator/merchant-applications')

function renderQueue(url = '/operator/merchants') {
  setUser(buildUser({ userType: 'operator', secondFactor: 'done' }))
  return renderWithProviders(<OperatorApplicationsPage />, { url })
}

describe('the merchant applications queue', () => {
  test('lists the pending applications with applicant, CUIT, category, place and date', async () => {
    const adapter = serveQueue()
    renderQueue()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const pepe = within(rows[0]!)
    expect(pepe.getByRole('button', { name: 'Ver la solicitud de Almacén Don Pepe' })).toBeVisible()
    expect(pepe.getByText('José Gómez')).toBeInTheDocument()
    expect(pepe.getByText('pepe@example.com')).toBeInTheDocument()
    expect(pepe.getByText('20-12345678-6')).toBeInTheDocument()
    expect(pepe.getByText('Almacén')).toBeInTheDocument()
    expect(pepe.getByText('La Plata, Buenos Aires')).toBeInTheDocument()
    expect(pepe.getByText('20/11/2026')).toBeInTheDocument()
    expect(pepe.queryByText('Dígito verificador inválido')).not.toBeInTheDocument()
    // An applicant without a name shows the e-mail; a bad check digit is flagged.
    expect(within(rows[1]!).getAllByText('luna@example.com')).toHaveLength(2)
    expect(within(rows[1]!).getByText('Dígito verificador inválido')).toBeInTheDocument()
    expect(listCalls(adapter)[0]?.params).toEqual({ status: 'pending', page: 1, limit: 25 })
  })

  test('the status control asks for approved and rejected ones, with its own empty state', async () => {
    const adapter = serveQueue()
    const user = userEvent.setup()
    const { router } = renderQueue()
    await screen.findByRole('table')
    await user.click(screen.getByRole('radio', { name: 'Aprobadas' }))
    expect(await screen.findByText('Panadería Sol')).toBeInTheDocument()
    expect(listCalls(adapter).at(-1)?.params).toMatchObject({ status: 'approved' })
    expect(router.state.location.search).toBe('?status=approved')
    await user.click(screen.getByRole('radio', { name: 'Rechazadas' }))
    expect(await screen.findByText('No hay solicitudes rechazadas.')).toBeInTheDocument()
    expect(listCalls(adapter).at(-1)?.params).toMatchObject({ status: 'rejected' })
  })

  test('an empty queue says there is nothing pending', async () => {
    http.defaults.adapter = createFakeAdapter(() => ({ status: 200, data: pageOf([]) }))
    renderQueue()
    expect(await screen.findByText('No hay solicitudes pendientes.')).toBeInTheDocument()
  })

  test('approving asks for confirmation, calls the endpoint and says so', async () => {
    const adapter = serveQueue()
    const user = userEvent.setup()
    renderQueue()
    await user.click(
      await screen.findByRole('button', { name: 'Ver la solicitud de Almacén Don Pepe' }),
    )
    const drawer = await screen.findByRole('dialog', { name: 'Almacén Don Pepe' })
    expect(within(drawer).getByText('Calle 7 1234, Centro (CP 1900)')).toBeInTheDocument()
    await user.click(within(drawer).getByRole('button', { name: 'Aprobar' }))
    expect(await screen.findByText('¿Aprobar a Almacén Don Pepe?')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Aprobaste a Almacén Don Pepe.')).toBeInTheDocument()
    expect(
      adapter.calls.filter((call) => call.url === '/operator/merchant-applications/app_1/approve'),
    ).toHaveLength(1)
    // The queue is asked for again.
    await waitFor(() => expect(listCalls(adapter).length).toBeGreaterThan(1))
  })

  test('approving is not sent when the confirmation is dismissed', async () => {
    const adapter = serveQueue()
    const user = userEvent.setup()
    renderQueue()
    await user.click(
      await screen.findByRole('button', { name: 'Ver la solicitud de Almacén Don Pepe' }),
    )
    const drawer = await screen.findByRole('dialog', { name: 'Almacén Don Pepe' })
    await user.click(within(drawer).getByRole('button', { name: 'Aprobar' }))
    await user.click(await screen.findByRole('button', { name: 'Descartar' }))
    await waitFor(() =>
      expect(screen.queryByText('¿Aprobar a Almacén Don Pepe?')).not.toBeInTheDocument(),
    )
    expect(adapter.calls.filter((call) => call.url.endsWith('/approve'))).toHaveLength(0)
  })

  test('an application decided meanwhile reads the server message', async () => {
    serveQueue({
      approve: {
        status: 409,
        data: { statusCode: 409, code: 'CONFLICT', message: 'Esta solicitud ya fue decidida.' },
      },
    })
    const user = userEvent.setup()
    renderQueue()
    await user.click(
      await screen.findByRole('button', { name: 'Ver la solicitud de Almacén Don Pepe' }),
    )
    const drawer = await screen.findByRole('dialog', { name: 'Almacén Don Pepe' })
    await user.click(within(drawer).getByRole('button', { name: 'Aprobar' }))
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Esta solicitud ya fue decidida.')).toBeInTheDocument()
  })

  test('rejecting needs a reason, which is sent', async () => {
    const adapter = serveQueue()
    const user = userEvent.setup()
    renderQueue()
    await user.click(
      await screen.findByRole('button', { name: 'Ver la solicitud de Almacén Don Pepe' }),
    )
    const drawer = await screen.findByRole('dialog', { name: 'Almacén Don Pepe' })
    await user.click(within(drawer).getByRole('button', { name: 'Rechazar' }))
    const modal = await screen.findByRole('dialog', {
      name: 'Rechazar la solicitud de Almacén Don Pepe',
    })
    const reason = within(modal).getByRole('textbox', { name: /Motivo del rechazo/ })
    await user.type(reason, 'Falta')
    await user.click(within(modal).getByRole('button', { name: 'Rechazar' }))
    expect(
      await within(modal).findByText('Contale al comercio por qué, en al menos 10 caracteres'),
    ).toBeInTheDocument()
    expect(adapter.calls.filter((call) => call.url.endsWith('/reject'))).toHaveLength(0)

    await user.type(reason, ' la constancia de CUIT.')
    await user.click(within(modal).getByRole('button', { name: 'Rechazar' }))
    expect(
      await screen.findByText('Rechazaste la solicitud de Almacén Don Pepe.'),
    ).toBeInTheDocument()
    const sent = adapter.calls.filter((call) => call.url.endsWith('/reject'))
    expect(sent.map((call) => call.data)).toEqual([{ reason: 'Falta la constancia de CUIT.' }])
  })
})
