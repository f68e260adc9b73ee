import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { STORE_NOTIFICATION_EVENTS } from '@barrio/contracts/admin-settings'
import { describe, expect, test } from 'vitest'

import { NotificationsSettings } from '@/features/admin-settings/components/notifications-form'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

/**
 * Saved before the slot reminder (issue 26) and the botón de arrepentimiento (issue 27) existed:
 * the form still offers both, e-mail on.
 */
const saved = {
  email: 'avisos@tienda.example',
  events: {
    order_placed: { email: true, push: false },
    order_cancelled: { email: true, push: false },
    payment_received: { email: true, push: false },
    low_stock: { email: true, push: false },
  },
  lowStockThreshold: 3,
}

describe('store notification settings', () => {
  test('offers an e-mail and a push switch per event and saves the change', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (url !== '/admin/store_settings_notifications') return { status: 404 }
      return method === 'GET' ? { status: 200, data: saved } : { status: 200, data }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<NotificationsSettings />)

    const newOrder = await screen.findByRole('switch', { name: 'Pedido nuevo: aviso por correo' })
    expect(newOrder).toBeChecked()
    expect(screen.getByRole('columnheader', { name: 'Teléfono' })).toBeInTheDocument()
    const newOrderPush = screen.getByRole('switch', { name: 'Pedido nuevo: aviso en el teléfono' })
    expect(newOrderPush).not.toBeChecked()
    // One row per event, the invoices' problems with ARCA among them (issue 27).
    expect(screen.getAllByRole('switch', { name: /: aviso en el teléfono$/ })).toHaveLength(
      STORE_NOTIFICATION_EVENTS.length,
    )
    expect(
      screen.getByRole('switch', {
        name: 'Problemas con la factura electrónica (ARCA): aviso por correo',
      }),
    ).toBeChecked()
    expect(
      screen.getByRole('switch', { name: 'Recordatorio de pedido programado: aviso por correo' }),
    ).toBeChecked()
    const reminderPush = screen.getByRole('switch', {
      name: 'Recordatorio de pedido programado: aviso en el teléfono',
    })
    expect(reminderPush).not.toBeChecked()
    await user.click(reminderPush)
    expect(
      screen.getByRole('switch', { name: 'Arrepentimiento de una compra: aviso por correo' }),
    ).toBeChecked()
    const withdrawalPush = screen.getByRole('switch', {
      name: 'Arrepentimiento de una compra: aviso en el teléfono',
    })
    expect(withdrawalPush).not.toBeChecked()
    await user.click(withdrawalPush)

    await user.click(newOrder)
    await user.click(newOrderPush)
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain(
        'Guardamos tus preferencias de avisos.',
      ),
    )
    const put = adapter.calls.find((c) => c.method === 'PUT')
    expect(put?.data).toMatchObject({
      email: 'avisos@tienda.example',
      events: {
        order_placed: { email: false, push: true },
        low_stock: { email: true, push: false },
        slot_reminder: { email: true, push: true },
        withdrawal_requested: { email: true, push: true },
      },
      lowStockThreshold: 3,
    })
  })
})
