import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import {
  PROFILE_SAVED_MESSAGE,
  ProfileForm,
} from '@/features/account/components/profile-form'
import { appStore, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

const ACCOUNT = buildUser({
  _id: 'u_1',
  firstName: 'Lucía',
  lastName: 'Pérez',
  userName: 'lucia',
  phone: '+5491123456789',
})

describe('profile form', () => {
  test('contract errors show in Spanish under their fields and nothing is sent', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    setUser(ACCOUNT)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ProfileForm account={ACCOUNT} />)

    await user.clear(screen.getByLabelText(/^Nombre/))
    await user.clear(screen.getByLabelText(/^Usuario/))
    await user.type(screen.getByLabelText(/^Usuario/), 'lucía pérez{Enter}')

    await waitFor(() =>
      expect(screen.getByLabelText(/^Nombre/)).toHaveAccessibleDescription('Ingresá tu nombre'),
    )
    expect(screen.getByLabelText(/^Usuario/)).toHaveAccessibleDescription(
      expect.stringContaining('Usá solo letras, números, punto, guion o guion bajo'),
    )
    expect(adapter.calls).toHaveLength(0)
  })

  test("the server's field error lands under its field, its message above the button", async () => {
    http.defaults.adapter = routeAdapter({
      'PUT /account/u_1': {
        status: 409,
        data: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Ese usuario ya existe.',
          errors: [{ name: 'userName', message: 'Elegí otro nombre de usuario' }],
        },
      },
    })
    setUser(ACCOUNT)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ProfileForm account={ACCOUNT} />)

    await user.clear(screen.getByLabelText(/^Usuario/))
    await user.type(screen.getByLabelText(/^Usuario/), 'tomado')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Ese usuario ya existe.')
    expect(screen.getByLabelText(/^Usuario/)).toHaveAccessibleDescription(
      expect.stringContaining('Elegí otro nombre de usuario'),
    )
  })

  test('a save applies the user and toasts', async () => {
    const saved = { ...ACCOUNT, firstName: 'Lucía Inés' }
    const adapter = routeAdapter({ 'PUT /account/u_1': { status: 200, data: saved } })
    http.defaults.adapter = adapter
    setUser(ACCOUNT)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ProfileForm account={ACCOUNT} />)

    await user.type(screen.getByLabelText(/^Nombre/), ' Inés{Enter}')

    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain(PROFILE_SAVED_MESSAGE),
    )
    expect(adapter.calls[0]?.data).toEqual({
      firstName: 'Lucía Inés',
      lastName: 'Pérez',
      userName: 'lucia',
      phone: '+5491123456789',
    })
    expect(appStore.getState().user?.firstName).toBe('Lucía Inés')
  })
})
