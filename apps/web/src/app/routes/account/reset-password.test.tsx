import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { ResetPasswordPage } from '@/app/routes/account/reset-password'
import { appStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { routeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'

const TOKEN = 'tok_0123456789abcdef'
const url = `/account/reset-password?token=${TOKEN}`

describe('/account/reset-password', () => {
  test('an invalid or expired token says so and offers a new link from the recovery view', async () => {
    const adapter = routeAdapter({
      'POST /auth/verify-recover-password-token': {
        status: 404,
        data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<ResetPasswordPage />, { url })

    expect(screen.getByRole('progressbar', { name: 'Verificando el enlace' })).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'El enlace para restablecer tu contraseña no es válido o ya venció.',
    )
    expect(adapter.calls[0]?.data).toEqual({ token: TOKEN })
    expect(screen.queryByLabelText(/^Contraseña nueva/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }))
    expect(router.state.location.pathname).toBe('/')
    expect(appStore.getState()).toMatchObject({
      isLoginModalOpen: true,
      loginModalView: 'recovery',
    })
  })

  test('without a token the link is reported invalid without calling the server', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    renderWithProviders(<ResetPasswordPage />, { url: '/account/reset-password' })
    expect(await screen.findByRole('alert')).toHaveTextContent('no es válido o ya venció')
    expect(adapter.calls).toHaveLength(0)
  })

  test('a valid token lets the user choose a new password, then sign in', async () => {
    const adapter = routeAdapter({
      'POST /auth/verify-recover-password-token': {
        status: 200,
        data: { valid: true, email: 'lucia@example.com' },
      },
      'POST /auth/change-password': {
        status: 200,
        data: { message: 'Tu contraseña se cambió. Ya podés iniciar sesión.' },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<ResetPasswordPage />, { url })

    expect(await screen.findByText('lucia@example.com')).toBeInTheDocument()
    const save = screen.getByRole('button', { name: 'Guardar contraseña' })
    expect(save).toBeDisabled()

    await user.type(screen.getByLabelText(/^Contraseña nueva/), 'nueva-clave-1')
    await user.type(screen.getByLabelText(/^Repetir contraseña nueva/), 'otra-clave')
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument()
    expect(save).toBeDisabled()

    await user.clear(screen.getByLabelText(/^Repetir contraseña nueva/))
    await user.type(screen.getByLabelText(/^Repetir contraseña nueva/), 'nueva-clave-1')
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument()
    await user.click(save)

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tu contraseña se cambió. Ya podés iniciar sesión.',
    )
    expect(adapter.calls[1]).toMatchObject({
      url: '/auth/change-password',
      data: { token: TOKEN, password: 'nueva-clave-1' },
    })

    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
    expect(router.state.location.pathname).toBe('/')
    expect(appStore.getState()).toMatchObject({ isLoginModalOpen: true, loginModalView: 'login' })
  })

  test('a too short password is reported under the field and not sent', async () => {
    const adapter = routeAdapter({
      'POST /auth/verify-recover-password-token': {
        status: 200,
        data: { valid: true, email: 'lucia@example.com' },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ResetPasswordPage />, { url })
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'corta')
    await user.type(screen.getByLabelText(/^Repetir contraseña nueva/), 'corta')
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Contraseña nueva/)).toHaveAccessibleDescription(
        expect.stringContaining('La contraseña debe tener al menos 8 caracteres'),
      ),
    )
    expect(adapter.calls).toHaveLength(1)
  })

  test('a link that expires while choosing the password switches to the invalid-link message', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/verify-recover-password-token': {
        status: 200,
        data: { valid: true, email: 'lucia@example.com' },
      },
      'POST /auth/change-password': {
        status: 404,
        data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<ResetPasswordPage />, { url })
    await user.type(await screen.findByLabelText(/^Contraseña nueva/), 'nueva-clave-1')
    await user.type(screen.getByLabelText(/^Repetir contraseña nueva/), 'nueva-clave-1')
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }))
    expect(await screen.findByRole('button', { name: 'Pedir un enlace nuevo' })).toBeInTheDocument()
  })
})
