import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import {
  PAYMENT_RULES_LABELS,
  PaymentRulesForm,
} from '@/features/admin-settings/components/payment-rules-form'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

describe('payment rules (stock holds)', () => {
  test('the seller changes the Mercado Pago payment time and the unpaid-orders cap', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (url !== '/admin/store_settings_payments') return { status: 404 }
      if (method === 'GET')
        return {
          status: 200,
          data: { mercadoPagoPaymentMinutes: 30, maxUnpaidOrdersPerCustomer: 2 },
        }
      return { status: 200, data }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PaymentRulesForm />)

    const minutes = await screen.findByLabelText(PAYMENT_RULES_LABELS.minutes)
    expect(minutes).toHaveValue('30')
    expect(screen.getByLabelText(PAYMENT_RULES_LABELS.cap)).toHaveValue('2')
    await user.clear(minutes)
    await user.type(minutes, '45')
    await user.click(screen.getByRole('button', { name: PAYMENT_RULES_LABELS.save }))

    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain('Guardamos las reglas de pago.'),
    )
    const post = adapter.calls.find((c) => c.method === 'POST')
    expect(post?.data).toEqual({
      mercadoPagoPaymentMinutes: 45,
      maxUnpaidOrdersPerCustomer: 2,
    })
  })
})
