import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { VerifyEmailPage } from '@/app/routes/account/verify-email'
import { RESEND_VERIFICATION_LABEL } from '@/features/account/components/resend-verification-button'
import { EMAIL_VERIFIED_TITLE } from '@/features/account/components/verify-email-view'
import { appStore, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'

const TOKEN = 'tok_0123456789abcdef'
const url = `/account/verify-email?token=${TOKEN}`

describe('/account/verify-email', () => {
  test('the e-mailed link verifies the address once and the signed-in user is updated', async () => {
    const adapter = routeAdapter({
      'POST /auth/verify-email': {
        status: 200,
        data: {
          message: 'Verificamos tu correo lucia@example.com. ¡Gracias!',
          email: 'lucia@example.com',
        },
      },
    })
    http.defaults.adapter = adapter
    setUser(buildUser({ emailVerified: false }))
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithProviders(<VerifyEmailPage />, { url })

    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_VERIFIED_TITLE)
    expect(adapter.calls.filter((c) => c.url.endsWith('/auth/verify-email'))).toHaveLength(1)
    expect(adapter.calls[0]?.data).toEqual({ token: TOKEN })
    expect(appStore.getState().user?.emailVerified).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Ir a Barrio' }))
    expect(router.state.location.pathname).toBe('/')
  })

  test('a used or expired link says so and offers a new one to the signed-in user', async () => {
    const adapter = routeAdapter({
      'POST /auth/verify-email': {
        status: 404,
        data: { statusCode: 404, code: 'NOT_FOUND', message: 'El enlace venció o ya se usó.' },
      },
      'POST /auth/verify-email/resend': {
        status: 200,
        data: { message: 'Te enviamos un enlace de verificación a lucia@example.com.' },
      },
    })
    http.defaults.adapter = adapter
    setUser(buildUser({ emailVerified: false }))
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<VerifyEmailPage />, { url })

    expect(await screen.findByRole('alert')).toHaveTextContent('venció o ya se usó')
    await user.click(screen.getByRole('button', { name: RESEND_VERIFICATION_LABEL }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Te enviamos un enlace de verificación a lucia@example.com.',
    )
    expect(appStore.getState().isLoggedIn).toBe(true)
  })

  test('without a token nothing is sent and a signed-out visitor is offered to sign in', async () => {
    const adapter = routeAdapter({})
    http.defaults.adapter = adapter
    renderWithProviders(<VerifyEmailPage />, { url: '/account/verify-email' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Iniciá sesión y pedí uno nuevo')
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument()
    expect(adapter.calls).toHaveLength(0)
  })
})
