import { PAYMENT_METHODS } from '@barrio/contracts/enums'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import {
  BANK_FIELD_LABELS,
  PaymentMethodsSettings,
  saveDetailsLabel,
} from '@/features/admin-settings/components/payment-methods-settings'
import { validatePaymentSetting } from '@/features/admin-settings/utils/payment-details'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

const appMethods = PAYMENT_METHODS.map((method) => ({
  method,
  label: PAYMENT_METHOD_LABELS[method],
  isAvailable: ['bank_transfer', 'cash', 'mercado_pago'].includes(method),
  description: '',
}))

const bankForms = (cbu: string) => ({
  bank_transfer: { cbu, alias: '', holder: 'Marta Gómez', bank: '', cuit: '' },
  cash: { onPickup: true, onDelivery: true },
  mercado_pago: { accessToken: '', publicKey: '' },
})

describe('payment method details', () => {
  test('a CBU/CVU needs exactly 22 digits (spaces and dashes are ignored)', () => {
    const short = validatePaymentSetting('bank_transfer', true, bankForms('000000310001234567890'))
    expect(short).toEqual({
      success: false,
      errors: { 'details.cbu': 'El CBU/CVU tiene 22 dígitos' },
    })
    expect(
      validatePaymentSetting('bank_transfer', true, bankForms('0000003100 0123-4567 8901')).success,
    ).toBe(true)
    expect(
      validatePaymentSetting('bank_transfer', true, bankForms('00000031000123456789012a')).success,
    ).toBe(false)
  })

  test('Mercado Pago needs a token to be enabled unless one is already stored', () => {
    const forms = bankForms('')
    expect(validatePaymentSetting('mercado_pago', true, forms).success).toBe(false)
    expect(
      validatePaymentSetting('mercado_pago', true, forms, { mercadoPagoConnected: true }).success,
    ).toBe(true)
  })

  test('the bank transfer form shows the CBU error under its field and sends nothing until it is valid', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (url === '/admin/app_resources/payment_methods') return { status: 200, data: appMethods }
      if (method === 'GET' && url === '/admin/store_settings_payment_methods')
        return { status: 200, data: [] }
      if (method === 'POST' && url === '/admin/store_settings_payment_methods') {
        const body = data as { method: string; enabled: boolean; details: Record<string, unknown> }
        return {
          status: 200,
          data: {
            _id: 's1',
            label: 'Transferencia bancaria',
            updatedAt: '2026-01-01T00:00:00Z',
            ...body,
          },
        }
      }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PaymentMethodsSettings />)

    const card = await screen.findByRole('region', { name: 'Transferencia bancaria' })
    const cbu = within(card).getByLabelText(new RegExp(`^${BANK_FIELD_LABELS.cbu}`))
    await user.type(cbu, '000000310001234567890')
    await user.type(
      within(card).getByLabelText(new RegExp(`^${BANK_FIELD_LABELS.holder}`)),
      'Marta Gómez',
    )
    const save = within(card).getByRole('button', {
      name: saveDetailsLabel('Transferencia bancaria', false),
    })
    await user.click(save)

    expect(await within(card).findByText('El CBU/CVU tiene 22 dígitos')).toBeInTheDocument()
    expect(cbu).toHaveAttribute('aria-invalid', 'true')
    expect(adapter.calls.some((c) => c.method === 'POST')).toBe(false)

    await user.type(cbu, '1')
    await user.click(save)
    await waitFor(() => expect(adapter.calls.some((c) => c.method === 'POST')).toBe(true))
    expect(adapter.calls.find((c) => c.method === 'POST')?.data).toEqual({
      method: 'bank_transfer',
      enabled: true,
      details: {
        cbu: '0000003100012345678901',
        alias: null,
        holder: 'Marta Gómez',
        bank: null,
        cuit: null,
      },
    })
    expect(
      await within(card).findByRole('switch', { name: 'Aceptar Transferencia bancaria' }),
    ).toBeChecked()
  })
})

describe('the Mercado Pago account', () => {
  const mpAccount = { id: '1234567890', nickname: 'ALMACENTITO', email: 'cobros@tito.example' }

  test('a connected token shows the account it belongs to', async () => {
    http.defaults.adapter = createFakeAdapter(({ method, url }) => {
      if (url === '/admin/app_resources/payment_methods') return { status: 200, data: appMethods }
      if (method === 'GET' && url === '/admin/store_settings_payment_methods')
        return {
          status: 200,
          data: [
            {
              _id: 'mp1',
              method: 'mercado_pago',
              label: 'Mercado Pago',
              enabled: true,
              details: { connected: true, account: mpAccount },
              updatedAt: '2026-01-01T00:00:00Z',
            },
          ],
        }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    signInSeller()
    renderWithProviders(<PaymentMethodsSettings />)
    const card = await screen.findByRole('region', { name: 'Mercado Pago' })
    expect(
      await within(card).findByText(
        'Cuenta de Mercado Pago: ALMACENTITO · cobros@tito.example · id 1234567890',
      ),
    ).toBeInTheDocument()
  })

  test('the pasted token is the secondary way: explained, and idle while the account is connected with OAuth', async () => {
    let details: Record<string, unknown> = { connected: false, oauth: false }
    http.defaults.adapter = createFakeAdapter(({ method, url }) => {
      if (url === '/admin/app_resources/payment_methods') return { status: 200, data: appMethods }
      if (method === 'GET' && url === '/admin/store_settings_payment_methods')
        return {
          status: 200,
          data: [
            {
              _id: 'mp1',
              method: 'mercado_pago',
              label: 'Mercado Pago',
              enabled: true,
              details,
              updatedAt: '2026-01-01T00:00:00Z',
            },
          ],
        }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    signInSeller()
    const first = renderWithProviders(<PaymentMethodsSettings />)
    const card = await screen.findByRole('region', { name: 'Mercado Pago' })
    expect(
      await within(card).findByText(
        /Otra forma, si no conectás tu cuenta: pegá tu token de acceso/,
      ),
    ).toBeInTheDocument()
    first.unmount()

    details = { connected: true, oauth: true }
    renderWithProviders(<PaymentMethodsSettings />)
    const connected = await screen.findByRole('region', { name: 'Mercado Pago' })
    expect(
      await within(connected).findByText(/Cobrás con la cuenta conectada arriba/),
    ).toBeInTheDocument()
    expect(within(connected).getByText('Conectado')).toBeInTheDocument()
  })

  test('a token Mercado Pago refuses shows the server’s message next to the field', async () => {
    http.defaults.adapter = createFakeAdapter(({ method, url }) => {
      if (url === '/admin/app_resources/payment_methods') return { status: 200, data: appMethods }
      if (method === 'GET' && url === '/admin/store_settings_payment_methods')
        return { status: 200, data: [] }
      if (method === 'POST' && url === '/admin/store_settings_payment_methods')
        return {
          status: 400,
          data: {
            statusCode: 400,
            code: 'INVALID',
            message: 'Mercado Pago no reconoce ese access token.',
            errors: [
              {
                name: 'details.accessToken',
                message: 'Mercado Pago no reconoce este access token',
              },
            ],
          },
        }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PaymentMethodsSettings />)
    const card = await screen.findByRole('region', { name: 'Mercado Pago' })
    await user.type(within(card).getByLabelText(/^Token de acceso/), 'APP_USR-inventado-123')
    await user.click(
      within(card).getByRole('button', { name: saveDetailsLabel('Mercado Pago', false) }),
    )
    expect(
      await within(card).findByText('Mercado Pago no reconoce este access token'),
    ).toBeInTheDocument()
  })
})
