import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { ResetPasswordView } from '@/features/auth/components/reset-password-view'
import { http } from '@/lib/http/client'
import { routeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'

describe('reset password view', () => {
  test('a password the server refuses is said under the password field', async () => {
    const refused = 'Elegí una contraseña que no incluya tu correo'
    http.defaults.adapter = routeAdapter({
      'POST /auth/verify-recover-password-token': {
        status: 200,
        data: { valid: true, email: 'lucia@example.com' },
      },
      'POST /auth/change-password': {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'La contraseña no es válida.',
          errors: [{ name: 'password', message: refused }],
        },
      },
    })
    const onDone = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(
      <ResetPasswordView token="tok_0123456789abcdef" onRequestNewLink={onDone} onSignIn={onDone} />,
    )
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'lucia@example.com1')
    await user.type(screen.getByLabelText(/^Repetir contraseña nueva/), 'lucia@example.com1')
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }))

    await waitFor(
      () =>
        expect(screen.getByLabelText(/^Contraseña nueva/)).toHaveAccessibleDescription(
          expect.stringContaining(refused),
        ),
      { timeout: 20_000 },
    )
    // Still the form (not the dead-link view), with the server's message above the button.
    expect(screen.getByRole('alert')).toHaveTextContent('La contraseña no es válida.')
    expect(screen.getByRole('button', { name: 'Guardar contraseña' })).toBeInTheDocument()
  })
})
