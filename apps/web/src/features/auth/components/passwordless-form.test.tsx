import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { PasswordlessForm } from '@/features/auth/components/passwordless-form'
import { appStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { readUserCookie } from '@/lib/storage'
import { getToasts } from '@/lib/toast'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

const codeSent = {
  status: 200,
  data: { message: 'Te enviamos un código a lucia@example.com.' },
}

function digit(n: number) {
  return screen.getByRole('textbox', { name: `Dígito ${n} de 6` })
}

async function goToCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'Lucia@Example.com')
  await user.click(screen.getByRole('button', { name: 'Enviarme el código' }))
  await screen.findByRole('group', { name: /Código de verificación/ })
}

describe('passwordless sign-in', () => {
  test('e-mail, then the 6-digit code, signs the user in and welcomes them', async () => {
    const adapter = routeAdapter({
      'POST /auth/pwless/login': codeSent,
      'POST /auth/pwless/verify': {
        status: 200,
        data: buildUser({ firstName: 'Lucía', needsProfile: false }),
      },
    })
    http.defaults.adapter = adapter
    const onSuccess = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm onSuccess={onSuccess} />)

    const send = screen.getByRole('button', { name: 'Enviarme el código' })
    expect(send).toBeDisabled()
    await goToCodeStep(user)

    expect(screen.getByRole('status')).toHaveTextContent(
      'Te enviamos un código a lucia@example.com.',
    )
    expect(digit(1)).toHaveAttribute('autocomplete', 'one-time-code')
    const verify = screen.getByRole('button', { name: 'Verificar código' })
    expect(verify).toBeDisabled()

    await user.type(digit(1), '123456')
    expect(verify).toBeEnabled()
    await user.click(verify)

    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(adapter.calls.map((c) => [c.url, c.data])).toEqual([
      ['/auth/pwless/login', { email: 'lucia@example.com' }],
      ['/auth/pwless/verify', { email: 'lucia@example.com', code: '123456' }],
    ])
    expect(appStore.getState()).toMatchObject({ isLoggedIn: true, appType: 'customer' })
    expect(readUserCookie()?._id).toBe('u_1')
    expect(getToasts('bottom').map((t) => t.message)).toContain('Bienvenido, Lucía!')
  })

  test('a new account is welcomed by its e-mail', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/pwless/login': codeSent,
      'POST /auth/pwless/verify': {
        status: 200,
        data: buildUser({
          firstName: null,
          lastName: null,
          userName: null,
          phone: null,
          needsProfile: true,
        }),
      },
    })
    const onSuccess = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm onSuccess={onSuccess} />)
    await goToCodeStep(user)
    await user.type(digit(1), '654321')
    await user.keyboard('{Enter}')

    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(onSuccess.mock.calls[0]?.[0]).toMatchObject({ needsProfile: true })
    expect(getToasts('bottom').map((t) => t.message)).toContain('Bienvenido, lucia@example.com!')
  })

  test('a wrong code shows the server message under the code field and keeps the user out', async () => {
    const message = 'El código es incorrecto. Te quedan 4 intentos.'
    http.defaults.adapter = routeAdapter({
      'POST /auth/pwless/login': codeSent,
      'POST /auth/pwless/verify': {
        status: 401,
        data: {
          statusCode: 401,
          code: 'OTP_HASH_MISMATCH',
          message,
          errors: [{ name: 'code', message }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm />)
    await goToCodeStep(user)
    await user.type(digit(1), '111111')
    await user.click(screen.getByRole('button', { name: 'Verificar código' }))

    const group = screen.getByRole('group', { name: /Código de verificación/ })
    await waitFor(() =>
      expect(digit(1)).toHaveAccessibleDescription(expect.stringContaining(message)),
    )
    expect(within(group.parentElement as HTMLElement).getByText(message)).toBeInTheDocument()
    expect(digit(1)).toHaveValue('')
    expect(digit(1)).toHaveFocus()
    expect(appStore.getState().isLoggedIn).toBe(false)
    expect(getToasts('bottom')).toHaveLength(0)
  })

  test('an expired code asks for a new one: verify is disabled until "Reenviar código"', async () => {
    let sends = 0
    const adapter = routeAdapter({
      'POST /auth/pwless/login': () => {
        sends += 1
        return codeSent
      },
      'POST /auth/pwless/verify': {
        status: 404,
        data: {
          statusCode: 404,
          code: 'OTP_NOT_FOUND',
          message: 'El código venció o no existe. Pedí uno nuevo.',
        },
      },
    })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm />)
    await goToCodeStep(user)
    // The resend waits for the countdown.
    expect(screen.getByRole('button', { name: /^Reenviar código \(1:00\)/ })).toBeDisabled()

    await user.type(digit(1), '222222')
    await user.click(screen.getByRole('button', { name: 'Verificar código' }))
    expect(
      await screen.findByText('El código venció o no existe. Pedí uno nuevo.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verificar código' })).toBeDisabled()

    const resend = screen.getByRole('button', { name: 'Reenviar código' })
    await waitFor(() => expect(resend).toHaveFocus())
    await user.click(resend)
    await waitFor(() => expect(sends).toBe(2))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Te enviamos un código nuevo a lucia@example.com.',
    )
    expect(
      screen.queryByText('El código venció o no existe. Pedí uno nuevo.'),
    ).not.toBeInTheDocument()
  })

  test('the resend countdown runs down to zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    http.defaults.adapter = routeAdapter({ 'POST /auth/pwless/login': codeSent })
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })
    renderWithProviders(<PasswordlessForm />)
    await goToCodeStep(user)
    expect(screen.getByRole('button', { name: /^Reenviar código \(/ })).toBeDisabled()
    for (let i = 0; i < 60; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000)
      })
    }
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeEnabled()
  })

  test('a rate-limited request shows the message under the e-mail and waits for Retry-After', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/pwless/login': {
        status: 429,
        data: {
          statusCode: 429,
          code: 'TOO_MANY_REQUESTS',
          message: 'Demasiados intentos. Probá de nuevo en 90 segundos.',
        },
        headers: { 'retry-after': '90' },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm />)
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'lucia@example.com')
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }))

    await waitFor(() =>
      expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAccessibleDescription(
        'Demasiados intentos. Probá de nuevo en 90 segundos.',
      ),
    )
    expect(screen.getByRole('button', { name: 'Enviarme el código (1:30)' })).toBeDisabled()
  })

  test('sending twice while the e-mail is being checked asks for one code', async () => {
    const adapter = routeAdapter({ 'POST /auth/pwless/login': codeSent })
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm />)
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'lucia@example.com')
    // Two sends in one task: a double click, or Enter pressed twice, before anything renders.
    const form = screen.getByRole('form', { name: 'Ingresar con un código por correo' })
    fireEvent.submit(form)
    fireEvent.submit(form)
    await screen.findByRole('group', { name: /Código de verificación/ })
    expect(adapter.calls.filter((c) => c.url === '/auth/pwless/login')).toHaveLength(1)
  })

  test('an invalid e-mail is reported without calling the server', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<PasswordlessForm />)
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'lucia@')
    await user.click(screen.getByRole('button', { name: 'Enviarme el código' }))
    // The check waits for the sign-in schemas, loaded on the first send (sign-in-schemas.ts).
    await waitFor(() =>
      expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAccessibleDescription(
        'Ingresá un correo electrónico válido',
      ),
    )
    expect(adapter.calls).toHaveLength(0)
  })
})
