import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { NewOrderAlertsButton } from '@/features/admin-dashboard/components/new-order-alerts-button'
import { renderWithProviders } from '@/testing/render'

const original = Object.getOwnPropertyDescriptor(window, 'Notification')
afterEach(() => {
  if (original) Object.defineProperty(window, 'Notification', original)
  else delete (window as { Notification?: unknown }).Notification
})

function fakeNotification(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    Fake.permission = answer
    return answer
  })
  const Fake = { permission: 'default' as NotificationPermission, requestPermission }
  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: Fake })
  return requestPermission
}

describe('Activar avisos', () => {
  test('asks the browser only when the seller clicks, then says the alerts are on', async () => {
    const requestPermission = fakeNotification('granted')
    renderWithProviders(<NewOrderAlertsButton />)
    const button = await screen.findByRole('button', { name: 'Activar avisos' })
    expect(requestPermission).not.toHaveBeenCalled()
    await userEvent.setup({ delay: null }).click(button)
    expect(requestPermission).toHaveBeenCalledTimes(1)
    expect(await screen.findByText(/Avisos\s+activados/)).toBeInTheDocument()
  })

  test('a refusal says the browser blocks them', async () => {
    fakeNotification('denied')
    renderWithProviders(<NewOrderAlertsButton />)
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Activar avisos' }))
    expect(await screen.findByText('Avisos bloqueados en este navegador')).toBeInTheDocument()
  })
})
