import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { ShippingForm, SHIPPING_LABELS } from '@/features/admin-settings/components/shipping-form'
import {
  defaultLogisticsValues,
  validateLogistics,
} from '@/features/admin-settings/utils/logistics-form'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

describe('logistics fee bands', () => {
  test('bands are validated and sorted by distance', () => {
    const values = defaultLogisticsValues()
    values.delivery.feeType = 'bands'
    values.delivery.bands = [
      { key: 'a', upToKm: 5, amount: 90_000 },
      { key: 'b', upToKm: 2, amount: 50_000 },
    ]
    const result = validateLogistics(values)
    expect(result.success && result.data.delivery.fee).toEqual({
      type: 'bands',
      bands: [
        { upToKm: 2, amount: 50_000 },
        { upToKm: 5, amount: 90_000 },
      ],
    })

    values.delivery.bands = [
      { key: 'a', upToKm: 2, amount: 1 },
      { key: 'b', upToKm: 2, amount: null },
    ]
    const invalid = validateLogistics(values)
    expect(invalid.success).toBe(false)
    expect(!invalid.success && invalid.errors).toMatchObject({
      'delivery.fee.bands.1.upToKm': 'Ya hay un tramo con esa distancia',
      'delivery.fee.bands.1.amount': 'Ingresá el costo',
    })
  })

  test('the form sends distance bands in centavos, sorted, and shows errors under a band', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (method === 'POST' && url === '/admin/store_settings_logistics')
        return { status: 200, data }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ShippingForm settings={null} />)

    await user.click(screen.getByRole('radio', { name: SHIPPING_LABELS.bands }))
    await user.type(screen.getByLabelText(SHIPPING_LABELS.bandKm(1)), '5')
    await user.type(screen.getByLabelText(SHIPPING_LABELS.bandAmount(1)), '1.200,50')
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.addBand }))
    await user.type(screen.getByLabelText(SHIPPING_LABELS.bandKm(2)), '1,5')
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.save }))

    expect(await screen.findByText('Ingresá el costo')).toBeInTheDocument()
    expect(screen.getByLabelText(SHIPPING_LABELS.bandAmount(2))).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(adapter.calls).toHaveLength(0)

    await user.type(screen.getByLabelText(SHIPPING_LABELS.bandAmount(2)), '800')
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.save }))
    await waitFor(() => expect(adapter.calls).toHaveLength(1))
    const body = adapter.calls[0]?.data as { delivery: { fee: unknown } }
    expect(body.delivery.fee).toEqual({
      type: 'bands',
      bands: [
        { upToKm: 1.5, amount: 80_000 },
        { upToKm: 5, amount: 120_050 },
      ],
    })
  })
})

describe('orders while closed', () => {
  test('the seller turns on taking orders while the store is closed and it is sent', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (method === 'POST' && url === '/admin/store_settings_logistics')
        return { status: 200, data }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ShippingForm settings={null} />)

    const toggle = screen.getByRole('switch', { name: SHIPPING_LABELS.ordersWhenClosed })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.save }))
    await waitFor(() => expect(adapter.calls).toHaveLength(1))
    expect(adapter.calls[0]?.data).toMatchObject({ ordersWhenClosed: true })
  })
})
