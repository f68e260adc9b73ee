import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { RECOVERY_ERROR_MESSAGE, RECOVERY_INFO_MESSAGE } from '@/api/shared/auth/reset-password'
import { LoginForm } from '@/features/auth/components/login-form'
import { RecoveryForm } from '@/features/auth/components/recovery-form'
import { RegistrationForm, VERIFY_EMAIL_HINT } from '@/features/auth/components/registration-form'
import { appStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

describe('login form', () => {
  test('submit is enabled only when username/email and password are filled', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginForm />)
    const submit = screen.getByRole('button', { name: 'Ingresar' })
    expect(submit).toBeDisabled()

    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'lucia')
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreta')
    expect(submit).toBeEnabled()

    await user.clear(screen.getByLabelText(/Usuario o correo electrónico/))
    expect(submit).toBeDisabled()
  })

  test('a successful login applies the user and toasts a welcome', async () => {
    const adapter = routeAdapter({
      'POST /auth/login': {
        status: 200,
        data: buildUser({ firstName: 'Lucía', userType: 'admin' }),
      },
    })
    http.defaults.adapter = adapter
    const onSuccess = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginForm onSuccess={onSuccess} />)

    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'lucia')
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreta')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))

    await waitFor(() => expect(onSuccess).toHaveBeenCalled())
    expect(adapter.calls[0]?.data).toEqual({ userName: 'lucia', password: 'secreta' })
    expect(appStore.getState()).toMatchObject({ isLoggedIn: true, appType: 'admin' })
    expect(getToasts('bottom').map((t) => t.message)).toContain('Bienvenido, Lucía!')
  })

  test('a failed login shows the server message and the field errors under their fields', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/login': {
        status: 401,
        data: {
          statusCode: 401,
          code: 'INVALID_PASSWORD',
          message: 'La contraseña es incorrecta.',
          errors: [{ name: 'password', message: 'Revisá la contraseña' }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginForm />)
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'lucia')
    await user.type(screen.getByLabelText(/^Contraseña/), 'mala')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña es incorrecta.')
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription('Revisá la contraseña')
    expect(appStore.getState().isLoggedIn).toBe(false)
  })

  test('an unknown account is said under the username field', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/login': {
        status: 404,
        data: {
          statusCode: 404,
          code: 'USER_NOT_FOUND',
          message: 'No encontramos una cuenta con ese usuario o correo.',
          errors: [{ name: 'email', message: 'No encontramos una cuenta con ese correo' }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginForm />)
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'nadie@example.com')
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreta')
    await user.click(screen.getByRole('button', { name: 'Ingresar' }))

    await waitFor(
      () =>
        expect(screen.getByLabelText(/Usuario o correo electrónico/)).toHaveAccessibleDescription(
          'No encontramos una cuenta con ese correo',
        ),
      { timeout: 20_000 },
    )
    // Typing again clears the field's error.
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'x')
    expect(screen.getByLabelText(/Usuario o correo electrónico/)).not.toHaveAccessibleDescription(
      'No encontramos una cuenta con ese correo',
    )
  })
})

describe('registration form', () => {
  async function fillAll(user: ReturnType<typeof userEvent.setup>, { repeat = 'secreta123' } = {}) {
    await user.type(screen.getByLabelText(/^Nombre/), 'Lucía')
    await user.type(screen.getByLabelText(/^Apellido/), 'Pérez')
    await user.type(screen.getByLabelText(/^Usuario/), 'lucia')
    await user.type(screen.getByLabelText(/^Teléfono/), '91123456789')
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'lucia@example.com')
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreta123')
    await user.type(screen.getByLabelText(/^Repetir contraseña/), repeat)
  }

  test('submit is enabled only when every field is filled and the passwords match', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegistrationForm />)
    const submit = screen.getByRole('button', { name: 'Crear cuenta' })
    expect(submit).toBeDisabled()

    await fillAll(user)
    expect(submit).toBeEnabled()
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument()

    await user.clear(screen.getByLabelText(/^Apellido/))
    expect(submit).toBeDisabled()
  })

  test('a different repeat disables submit and says the passwords do not match', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegistrationForm />)
    await fillAll(user, { repeat: 'otra-cosa' })
    expect(screen.getByRole('button', { name: 'Crear cuenta' })).toBeDisabled()
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument()
  })

  test('the phone is sent in international format, and the new account is signed in', async () => {
    const adapter = routeAdapter({
      'POST /auth/signup': { status: 201, data: buildUser({ firstName: 'Lucía' }) },
    })
    http.defaults.adapter = adapter
    const onSignedIn = vi.fn()
    const onRegistered = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegistrationForm onSignedIn={onSignedIn} onRegistered={onRegistered} />)
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled(), { timeout: 20_000 })
    expect(onRegistered).not.toHaveBeenCalled()
    expect(adapter.calls.map((c) => c.url)).toEqual(['/auth/signup'])
    expect(adapter.calls[0]?.data).toEqual({
      firstName: 'Lucía',
      lastName: 'Pérez',
      userName: 'lucia',
      phone: '+5491123456789',
      email: 'lucia@example.com',
      password: 'secreta123',
    })
    // Issue 30: the account may sign in at once (docs/decisions/010), so it is signed in.
    expect(appStore.getState().isLoggedIn).toBe(true)
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Cuenta creada exitosamente (lucia@example.com). Ya iniciaste sesión.',
    )
    // The welcome e-mail carries the verification link: the user is told to look for it.
    expect(getToasts('bottom').map((t) => t.message)).toContain(VERIFY_EMAIL_HINT)
    expect(VERIFY_EMAIL_HINT).toMatch(/Te enviamos un correo para verificar/)
  })

  test('an answer without a session keeps the spec’s toast and hands the e-mail to the login', async () => {
    http.defaults.adapter = routeAdapter({ 'POST /auth/signup': { status: 201, data: {} } })
    const onRegistered = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegistrationForm onRegistered={onRegistered} />)
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('lucia@example.com'), {
      timeout: 20_000,
    })
    expect(appStore.getState().isLoggedIn).toBe(false)
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Cuenta creada exitosamente (lucia@example.com). Por favor, iniciá sesión.',
    )
  })

  test('server field errors appear under the matching field', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/signup': {
        status: 409,
        data: {
          statusCode: 409,
          code: 'USER_EXISTS',
          message: 'Ya existe un usuario con esos datos.',
          errors: [
            { name: 'email', message: 'Ese correo ya está registrado' },
            { name: 'userName', message: 'Ese usuario ya existe' },
          ],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegistrationForm />)
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya existe un usuario con esos datos.',
    )
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAccessibleDescription(
      'Ese correo ya está registrado',
    )
    expect(screen.getByLabelText(/^Usuario/)).toHaveAccessibleDescription('Ese usuario ya existe')
  })

  test('an invalid phone is reported and nothing is sent', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegistrationForm />)
    await fillAll(user)
    await user.clear(screen.getByLabelText(/^Teléfono/))
    await user.type(screen.getByLabelText(/^Teléfono/), '123')
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }))
    expect(await screen.findByText('Ingresá un número de teléfono válido')).toBeInTheDocument()
    expect(adapter.calls).toHaveLength(0)
  })
})

describe('recovery form', () => {
  test('the button is disabled while the field is empty', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RecoveryForm />)
    const button = screen.getByRole('button', { name: 'Recuperar contraseña' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'lucia@example.com')
    expect(button).toBeEnabled()
    await user.clear(screen.getByLabelText(/Usuario o correo electrónico/))
    expect(button).toBeDisabled()
  })

  test('success toasts the neutral message', async () => {
    const adapter = routeAdapter({ 'POST /auth/reset-password': { status: 204 } })
    http.defaults.adapter = adapter
    const onDone = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RecoveryForm onDone={onDone} />)
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'lucia@example.com')
    await user.click(screen.getByRole('button', { name: 'Recuperar contraseña' }))

    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(adapter.calls[0]?.data).toEqual({ email: 'lucia@example.com' })
    expect(getToasts('bottom').map((t) => t.message)).toContain(RECOVERY_INFO_MESSAGE)
    expect(getToasts('top')).toHaveLength(0)
  })

  test('a failure toasts the neutral message and the server message', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/reset-password': {
        status: 400,
        data: { statusCode: 400, code: 'INVALID', message: 'El correo no es válido.' },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RecoveryForm />)
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'x')
    await user.click(screen.getByRole('button', { name: 'Recuperar contraseña' }))

    await waitFor(() =>
      expect(getToasts('top').map((t) => t.message)).toContain('El correo no es válido.'),
    )
    expect(getToasts('bottom').map((t) => t.message)).toContain(RECOVERY_INFO_MESSAGE)
  })

  test('a failure without a server message toasts the generic one', async () => {
    http.defaults.adapter = routeAdapter({ 'POST /auth/reset-password': { status: 400, data: '' } })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RecoveryForm />)
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), 'x')
    await user.click(screen.getByRole('button', { name: 'Recuperar contraseña' }))

    await waitFor(() =>
      expect(getToasts('top').map((t) => t.message)).toContain(RECOVERY_ERROR_MESSAGE),
    )
    expect(getToasts('bottom').map((t) => t.message)).toContain(RECOVERY_INFO_MESSAGE)
  })

  test('a server field error appears under the field, with the neutral toast', async () => {
    const onDone = vi.fn()
    http.defaults.adapter = routeAdapter({
      'POST /auth/reset-password': {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'Revisá los datos: email: Ingresá un usuario o correo válido',
          errors: [{ name: 'email', message: 'Ingresá un usuario o correo válido' }],
        },
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RecoveryForm onDone={onDone} />)
    await user.type(screen.getByLabelText(/Usuario o correo electrónico/), '!!')
    await user.click(screen.getByRole('button', { name: 'Recuperar contraseña' }))

    await waitFor(
      () =>
        expect(screen.getByLabelText(/Usuario o correo electrónico/)).toHaveAccessibleDescription(
          'Ingresá un usuario o correo válido',
        ),
      { timeout: 20_000 },
    )
    expect(getToasts('bottom').map((t) => t.message)).toContain(RECOVERY_INFO_MESSAGE)
    expect(onDone).not.toHaveBeenCalled()
  })
})
