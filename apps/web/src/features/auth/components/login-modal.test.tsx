import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'

import { LoginModal } from '@/features/auth/components/login-modal'
import { appStore, closeLoginModal, openLoginModal } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

const codeSent = { status: 200, data: { message: 'Te enviamos un código a ana@example.com.' } }

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(await within(dialog).findByLabelText(/^Nombre/, {}, { timeout: 20_000 }), 'Lucía')
  await user.type(within(dialog).getByLabelText(/^Apellido/), 'Pérez')
  await user.type(within(dialog).getByLabelText(/^Usuario/), 'lucia')
  await user.type(within(dialog).getByLabelText(/^Teléfono/), '91123456789')
  await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'lucia@example.com')
  await user.type(within(dialog).getByLabelText(/^Contraseña/), 'secreta123')
  await user.type(within(dialog).getByLabelText(/^Repetir contraseña/), 'secreta123')
}

async function openModal(view: Parameters<typeof openLoginModal>[0] = 'login') {
  act(() => openLoginModal(view))
  return screen.findByRole('dialog')
}

describe('login modal', () => {
  test('sits straight under <body>, shown by the flag its owner passes (the app root defers it)', async () => {
    let setOpened: (opened: boolean) => void = () => {}
    function Owner() {
      const [opened, set] = useState(true)
      setOpened = set
      return <LoginModal opened={opened} />
    }
    const { container } = renderWithProviders(<Owner />)
    const dialog = await screen.findByRole('dialog')
    // React's portal, not Mantine's: Mantine's renders the dialog in a second, synchronous update
    // (a visitor's start built the whole form in one long task).
    expect(dialog.closest('[data-portal]')).toBeNull()
    expect(container.contains(dialog)).toBe(false)
    expect(appStore.getState().isLoginModalOpen).toBe(false)
    act(() => setOpened(false))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  test('the login view offers the e-mailed code next to Google, Apple and a disabled Facebook', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginModal />)
    const dialog = await openModal()
    expect(within(dialog).getByRole('link', { name: 'Continuar con Google' })).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Continuar con Apple' })).toBeInTheDocument()
    expect(
      within(dialog).getByRole('button', { name: /^Continuar con Facebook\s*Próximamente$/ }),
    ).toBeDisabled()

    await user.click(
      within(dialog).getByRole('button', { name: 'Ingresar con un código por correo' }),
    )
    expect(
      within(dialog).getByRole('heading', { name: 'Ingresá con tu correo' }),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveFocus()
    expect(within(dialog).getByRole('link', { name: 'Continuar con Google' })).toBeInTheDocument()

    await user.click(
      within(dialog).getByRole('button', { name: 'Ingresar con usuario y contraseña' }),
    )
    expect(within(dialog).getByLabelText(/Usuario o correo electrónico/)).toBeInTheDocument()
  })

  test('the two views are one radio group: a click or the arrow keys switch the form', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginModal />)
    const dialog = await openModal()
    const views = within(dialog).getByRole('group', { name: 'Elegí cómo continuar' })
    const login = within(views).getByRole('radio', { name: 'Ingresar' })
    const registration = within(views).getByRole('radio', { name: 'Crear cuenta' })
    expect(login).toBeChecked()
    expect(within(dialog).getByRole('form', { name: 'Iniciar sesión' })).toBeInTheDocument()

    await user.click(within(views).getByText('Crear cuenta'))
    expect(registration).toBeChecked()
    expect(appStore.getState().loginModalView).toBe('registration')
    expect(await within(dialog).findByRole('form', { name: 'Crear cuenta' })).toBeInTheDocument()

    await user.keyboard('{ArrowLeft}')
    expect(appStore.getState().loginModalView).toBe('login')
    expect(within(views).getByRole('radio', { name: 'Ingresar' })).toBeChecked()
  })

  test('closing the modal resets every form, including the code step', async () => {
    http.defaults.adapter = routeAdapter({ 'POST /auth/pwless/login': codeSent })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginModal />)

    let dialog = await openModal('passwordless')
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'ana@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Enviarme el código' }))
    await within(dialog).findByRole('group', { name: /Código de verificación/ })

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(appStore.getState().loginModalView).toBe('login')

    dialog = await openModal('passwordless')
    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveValue('')
    expect(within(dialog).queryByRole('group', { name: /Código de verificación/ })).toBeNull()

    // Closed from elsewhere (the store) too.
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'otra@example.com')
    act(() => closeLoginModal())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    dialog = await openModal('passwordless')
    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveValue('')
  })

  test('a successful registration signs the new account in and closes the modal', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/signup': { status: 201, data: buildUser({ firstName: 'Lucía' }) },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginModal />)
    const dialog = await openModal('registration')
    await fillRegistration(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 20_000,
    })
    expect(appStore.getState()).toMatchObject({ isLoggedIn: true, isLoginModalOpen: false })
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Cuenta creada exitosamente (lucia@example.com). Ya iniciaste sesión.',
    )
  })

  test('a registration answered without a session switches to the login with the e-mail filled in', async () => {
    http.defaults.adapter = routeAdapter({ 'POST /auth/signup': { status: 201, data: {} } })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginModal />)
    const dialog = await openModal('registration')
    await fillRegistration(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }))

    expect(
      await within(dialog).findByLabelText(/Usuario o correo electrónico/, {}, { timeout: 20_000 }),
    ).toHaveValue('lucia@example.com')
    expect(appStore.getState()).toMatchObject({ loginModalView: 'login', isLoggedIn: false })
    expect(getToasts('bottom').map((t) => t.message)).toContain(
      'Cuenta creada exitosamente (lucia@example.com). Por favor, iniciá sesión.',
    )
  })

  test('a new passwordless account closes the modal and lands on /account to complete the profile', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/pwless/login': codeSent,
      'POST /auth/pwless/verify': {
        status: 200,
        data: buildUser({
          email: 'ana@example.com',
          firstName: null,
          lastName: null,
          userName: null,
          phone: null,
          needsProfile: true,
        }),
      },
    })
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<LoginModal />)
    const dialog = await openModal('passwordless')
    await user.type(within(dialog).getByLabelText(/^Correo electrónico/), 'ana@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Enviarme el código' }))
    await user.type(await within(dialog).findByRole('textbox', { name: 'Dígito 1 de 6' }), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Verificar código' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect(appStore.getState()).toMatchObject({ isLoggedIn: true, isLoginModalOpen: false })
    expect(getToasts('bottom').map((t) => t.message)).toContain('Bienvenido, ana@example.com!')
  })

  test('a returning user signing in stays on the page', async () => {
    http.defaults.adapter = routeAdapter({
      'POST /auth/login': { status: 200, data: buildUser({ firstName: 'Lucía' }) },
    })
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<LoginModal />, { url: '/shops' })
    const dialog = await openModal('login')
    await user.type(within(dialog).getByLabelText(/Usuario o correo electrónico/), 'lucia')
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'secreta')
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar' }))
    await waitFor(() => expect(appStore.getState().isLoginModalOpen).toBe(false))
    expect(router.state.location.pathname).toBe('/shops')
  })

  test.each(['/account/reset-password', '/account/change-password'])(
    'the modal never shows on %s',
    async (url) => {
      renderWithProviders(<LoginModal />, { url })
      act(() => openLoginModal('login'))
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
      })
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    },
  )
})
