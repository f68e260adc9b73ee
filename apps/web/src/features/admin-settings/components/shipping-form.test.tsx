import { logisticsSettingsSchema } from '@barrio/contracts/admin-settings'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { SCHEDULING_LABELS } from '@/features/admin-settings/components/scheduling-fields'
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

describe('scheduled orders (issue 26)', () => {
  const PICKUP = {
    enabled: true,
    slotMinutes: 30,
    slotCapacity: 3,
    prepMinutes: 60,
    maxDaysAhead: 2,
    cutoffMinutes: 0,
  }
  const saved = logisticsSettingsSchema.parse({
    pickup: { enabled: true, preparationMinutes: 20 },
    delivery: { enabled: true, radiusKm: 3, fee: { type: 'flat', amount: 50_000 } },
    shipping: { enabled: false, provinces: [] },
    scheduling: { pickup: PICKUP },
  })
  /** "Pedidos programados" inside one delivery type's block. */
  const schedulingOf = (type: 'pickup' | 'delivery') =>
    within(screen.getByRole('region', { name: DELIVERY_TYPE_LABELS[type] })).getByRole('region', {
      name: `${SCHEDULING_LABELS.title}: ${DELIVERY_TYPE_LABELS[type]}`,
    })

  test('the saved settings show per delivery type; saving sends scheduling for both', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (method === 'POST' && url === '/admin/store_settings_logistics')
        return { status: 200, data }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ShippingForm settings={saved} />)

    expect(screen.getByRole('switch', { name: SCHEDULING_LABELS.enabled('pickup') })).toBeChecked()
    const delivery = schedulingOf('delivery')
    const deliverySwitch = within(delivery).getByRole('switch', {
      name: SCHEDULING_LABELS.enabled('delivery'),
    })
    expect(deliverySwitch).not.toBeChecked()
    // Off: the numbers wait, disabled.
    const slot = within(delivery).getByLabelText(SCHEDULING_LABELS.slotMinutes)
    expect(slot).toBeDisabled()

    await user.click(deliverySwitch)
    expect(slot).toBeEnabled()
    await user.clear(slot)
    await user.type(slot, '45')
    const capacity = within(delivery).getByLabelText(SCHEDULING_LABELS.slotCapacity)
    await user.clear(capacity)
    await user.type(capacity, '8')
    const days = within(delivery).getByLabelText(SCHEDULING_LABELS.maxDaysAhead)
    await user.clear(days)
    await user.type(days, '0')
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.save }))

    await waitFor(() => expect(adapter.calls).toHaveLength(1))
    expect((adapter.calls[0]?.data as { scheduling: unknown }).scheduling).toEqual({
      pickup: PICKUP,
      delivery: {
        enabled: true,
        slotMinutes: 45,
        slotCapacity: 8,
        prepMinutes: 60,
        maxDaysAhead: 0,
        cutoffMinutes: 0,
      },
    })
  })

  test('an empty number with scheduling on is caught here; a server field error shows under its field', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'POST' && url === '/admin/store_settings_logistics')
        return {
          status: 400,
          data: {
            statusCode: 400,
            code: 'INVALID',
            message: 'Revisá los datos marcados.',
            errors: [
              {
                name: 'scheduling.delivery.cutoffMinutes',
                message: 'El cierre no puede superar el horario de atención',
              },
            ],
          },
        }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ShippingForm settings={saved} />)

    const delivery = schedulingOf('delivery')
    await user.click(
      within(delivery).getByRole('switch', { name: SCHEDULING_LABELS.enabled('delivery') }),
    )
    const capacity = within(delivery).getByLabelText(SCHEDULING_LABELS.slotCapacity)
    await user.clear(capacity)
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.save }))
    expect(await within(delivery).findByText('Completá este número')).toBeInTheDocument()
    expect(capacity).toHaveAttribute('aria-invalid', 'true')
    expect(adapter.calls).toHaveLength(0)

    await user.type(capacity, '4')
    await user.click(screen.getByRole('button', { name: SHIPPING_LABELS.save }))
    expect(
      await within(delivery).findByText('El cierre no puede superar el horario de atención'),
    ).toBeInTheDocument()
    expect(within(delivery).getByLabelText(SCHEDULING_LABELS.cutoffMinutes)).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    // Only under the delivery's field, not the pickup's.
    const pickup = schedulingOf('pickup')
    expect(within(pickup).getByLabelText(SCHEDULING_LABELS.cutoffMinutes)).not.toHaveAttribute(
      'aria-invalid',
      'true',
    )
  })
})
