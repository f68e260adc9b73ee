import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { ChangePasswordForm } from '@/features/account/components/change-password-form'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { routeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  { old = 'vieja-clave', next = 'nueva-clave-1', repeat = 'nueva-clave-1' } = {},
) {
  await user.type(screen.getByLabelText(/^Contraseña actual/), old)
  await user.type(screen.getByLabelText(/^Contraseña nueva/), next)
  await user.type(screen.getByLabelText(/^Repetir contraseña nueva/), repeat)
}

describe('change password form', () => {
  test('a different repeat says the passwords do not match and keeps submit disabled', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ChangePasswordForm />)
    const submit = screen.getByRole('button', { name: 'Cambiar contraseña' })
    expect(submit).toBeDisabled()
    await fill(user, { repeat: 'nueva-clave-2' })
    expect(screen.getByLabelText(/^Repetir contraseña nueva/)).toHaveAccessibleDescription(
      'Las contraseñas no coinciden',
    )
    expect(submit).toBeDisabled()
  })

  test('success sends both passwords, clears the form and says so', async () => {
    const adapter = routeAdapter({
      'POST /account/change-password': {
        status: 200,
        data: { message: 'Tu contraseña se cambió. Cerramos tus otras sesiones.' },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ChangePasswordForm />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }))

    const form = screen.getByRole('form', { name: 'Cambiar contraseña' })
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Tu contraseña se cambió. Cerramos tus otras sesiones.',
    )
    expect(adapter.calls[0]?.data).toEqual({
      oldPassword: 'vieja-clave',
      newPassword: 'nueva-clave-1',
    })
    expect(screen.getByLabelText(/^Contraseña actual/)).toHaveValue('')
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Tu contraseña se cambió. Cerramos tus otras sesiones.',
    )
  })

  test('a wrong current password is shown under that field', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /account/change-password': {
        status: 401,
        data: {
          statusCode: 401,
          code: 'INVALID_PASSWORD',
          message: 'La contraseña es incorrecta.',
          errors: [{ name: 'oldPassword', message: 'La contraseña actual no es correcta' }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ChangePasswordForm />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Contraseña actual/)).toHaveAccessibleDescription(
        'La contraseña actual no es correcta',
      ),
    )
  })
})
