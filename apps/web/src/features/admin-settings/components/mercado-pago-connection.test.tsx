import { MERCADO_PAGO_CONNECT_MESSAGES } from '@barrio/contracts/mercado-pago-connection'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { CONFIRM_LABELS } from '@/components/confirm/confirm'
import {
  CONNECT_LABEL,
  DISCONNECT_LABEL,
  MercadoPagoConnectionSection,
} from '@/features/admin-settings/components/mercado-pago-connection'
import { http } from '@/lib/http/client'
import { redirectTo } from '@/lib/redirect'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }))

const SETTINGS = '/admin/settings/payment-methods'
const disconnected = {
  available: true,
  connected: false,
  mpUserId: null,
  connectedAt: null,
  expiresAt: null,
  pastedToken: false,
}
const connected = {
  available: true,
  connected: true,
  mpUserId: '555000111',
  connectedAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2027-05-19T15:00:00.000Z',
  pastedToken: false,
}

describe('Mercado Pago connection (seller payment settings)', () => {
  test('"Conectar con Mercado Pago" asks for the authorization URL and leaves for it', async () => {
    const url = 'https://auth.mercadopago.com/authorization?client_id=1&state=abc'
    const adapter = createFakeAdapter(({ method, url: path }) => {
      if (method === 'GET' && path === '/admin/payments/mercadopago/connection')
        return { status: 200, data: { ...disconnected, pastedToken: true } }
      if (method === 'GET' && path === '/admin/payments/mercadopago/connect')
        return { status: 200, data: { authorizationUrl: url } }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MercadoPagoConnectionSection />, { url: SETTINGS })

    const section = await screen.findByRole('region', { name: 'Cuenta de Mercado Pago' })
    // A store still on a pasted token is told what connecting changes.
    expect(
      await within(section).findByText(/Hoy cobrás con un token de acceso pegado/),
    ).toBeInTheDocument()
    await user.click(await within(section).findByRole('button', { name: CONNECT_LABEL }))
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(url))
    expect(
      adapter.calls.filter((c) => c.url === '/admin/payments/mercadopago/connect'),
    ).toHaveLength(1)
  })

  test('connected: the account and since when, and "Desconectar" only after confirming', async () => {
    let current: object = connected
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === '/admin/payments/mercadopago/connection')
        return { status: 200, data: current }
      if (method === 'DELETE' && url === '/admin/payments/mercadopago/connection') {
        current = disconnected
        return { status: 204, data: null }
      }
      if (method === 'GET' && url === '/admin/store_settings_payment_methods')
        return { status: 200, data: [] }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MercadoPagoConnectionSection />, { url: SETTINGS })

    const section = await screen.findByRole('region', { name: 'Cuenta de Mercado Pago' })
    expect(await within(section).findByText('555000111')).toBeInTheDocument()
    expect(within(section).getByText('Conectada')).toBeInTheDocument()
    expect(within(section).getByText(/Conectada desde el 20\/11\/2026/)).toBeInTheDocument()

    // Cancelled: nothing is sent.
    await user.click(within(section).getByRole('button', { name: DISCONNECT_LABEL }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText('¿Querés desconectar tu cuenta de Mercado Pago?'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: CONFIRM_LABELS.cancel }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(adapter.calls.some((c) => c.method === 'DELETE')).toBe(false)

    await user.click(within(section).getByRole('button', { name: DISCONNECT_LABEL }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: CONFIRM_LABELS.confirm,
      }),
    )
    expect(await within(section).findByRole('button', { name: CONNECT_LABEL })).toBeInTheDocument()
    expect(adapter.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Desconectaste tu cuenta de Mercado Pago.',
    )
  })

  test('coming back from Mercado Pago shows the result once and takes the flag off the URL', async () => {
    http.defaults.adapter = createFakeAdapter(({ url }) =>
      url === '/admin/payments/mercadopago/connection'
        ? { status: 200, data: disconnected }
        : { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } },
    )
    signInSeller()
    const { router } = renderWithProviders(<MercadoPagoConnectionSection />, {
      url: `${SETTINGS}?mercadoPago=error&reason=state`,
    })
    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toEqual([
        MERCADO_PAGO_CONNECT_MESSAGES.state,
      ]),
    )
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('button', { name: CONNECT_LABEL })).toBeInTheDocument()
  })

  test('a failed load offers Reintentar; without Barrio’s application only the pasted token is offered', async () => {
    let fail = true
    http.defaults.adapter = createFakeAdapter(({ url }) => {
      if (url !== '/admin/payments/mercadopago/connection')
        return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
      return fail
        ? {
            status: 503,
            data: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'No disponible.' },
          }
        : { status: 200, data: { ...disconnected, available: false } }
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<MercadoPagoConnectionSection />, { url: SETTINGS })
    const retry = await screen.findByRole('button', { name: 'Reintentar' })
    fail = false
    await user.click(retry)
    expect(await screen.findByText(/todavía no está disponible en Barrio/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: CONNECT_LABEL })).not.toBeInTheDocument()
  })
})
