import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { SettingsPage } from '@/app/routes/account/settings'
import { NOTIFICATION_PREFERENCES_KEY } from '@/features/account/utils/notification-preferences'
import { appStore, setDeviceId } from '@/lib/app-store'
import { STORAGE_KEYS } from '@/lib/storage'
import { renderWithProviders } from '@/testing/render'

describe('/settings', () => {
  test('night mode, language, local notification choices and the device id', async () => {
    setDeviceId('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<SettingsPage />)

    await user.click(screen.getByRole('switch', { name: /Modo noche/ }))
    expect(appStore.getState().nightMode).toBe(true)
    expect(window.localStorage.getItem(STORAGE_KEYS.nightMode)).toBe('true')

    const language = screen.getByLabelText(/Idioma de la aplicación/)
    expect(language).toHaveValue('Español (Argentina)')
    expect(language).toHaveAttribute('readonly')

    const promotions = screen.getByRole('switch', { name: /Promociones/ })
    expect(promotions).not.toBeChecked()
    await user.click(promotions)
    expect(JSON.parse(window.localStorage.getItem(NOTIFICATION_PREFERENCES_KEY) ?? '{}')).toEqual({
      orderUpdates: true,
      promotions: true,
    })

    expect(screen.getByText('0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90')).toBeInTheDocument()
  })

  test('saved notification choices are read back', () => {
    window.localStorage.setItem(
      NOTIFICATION_PREFERENCES_KEY,
      JSON.stringify({ orderUpdates: false, promotions: true }),
    )
    renderWithProviders(<SettingsPage />)
    expect(screen.getByRole('switch', { name: /Novedades de mis pedidos/ })).not.toBeChecked()
    expect(screen.getByRole('switch', { name: /Promociones/ })).toBeChecked()
  })
})
