import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { InvitationPage } from '@/app/routes/auth/invitation'
import { LoginModal } from '@/features/auth/components/login-modal'
import { http } from '@/lib/http/client'
import { routeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'

const TOKEN = 'inv_0123456789abcdefghij'

const invitation = {
  store: { _id: 's_1', name: 'Almacén Don Pepe', logoUrl: null },
  role: 'staff',
  email: 'Ana@Example.com',
  invitedBy: 'Pepe',
  expiresAt: '2026-12-10T12:00:00.000Z',
  status: 'pending',
}

function renderInvitation(token = TOKEN) {
  return renderRouter(
    [
      {
        path: '/invitations/:token',
        element: (
          <>
            <InvitationPage />
            <LoginModal />
          </>
        ),
      },
    ],
    { url: `/invitations/${token}` },
  )
}

describe('/invitations/{token}', () => {
  test('"Iniciá sesión" opens the login with the invitation’s e-mail filled in', async () => {
    http.defaults.adapter = routeAdapter({
      [`GET /auth/invitations/${TOKEN}`]: { status: 200, data: invitation },
    })
    const user = userEvent.setup({ delay: null })
    renderInvitation()
    await user.click(
      await screen.findByRole('button', { name: 'Iniciá sesión' }, { timeout: 10_000 }),
    )
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 })
    expect(within(dialog).getByLabelText(/Usuario o correo electrónico/)).toHaveValue(
      'Ana@Example.com',
    )
  })

  test('"Creá tu cuenta" opens the registration with the invitation’s e-mail filled in', async () => {
    http.defaults.adapter = routeAdapter({
      [`GET /auth/invitations/${TOKEN}`]: { status: 200, data: invitation },
    })
    const user = userEvent.setup({ delay: null })
    renderInvitation()
    await user.click(
      await screen.findByRole('button', { name: 'Creá tu cuenta' }, { timeout: 10_000 }),
    )
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 })
    expect(
      await within(dialog).findByLabelText(/^Correo electrónico/, {}, { timeout: 10_000 }),
    ).toHaveValue('Ana@Example.com')
    expect(within(dialog).getByLabelText(/^Nombre/)).toHaveValue('')
  })

  test('a malformed link is said in plain Spanish, without the parameter’s name', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /auth/invitations/roto': {
        status: 400,
        data: {
          statusCode: 400,
          code: 'INVALID',
          message: 'Revisá los datos: token: El enlace de la invitación no es válido',
          errors: [{ name: 'token', message: 'El enlace de la invitación no es válido' }],
        },
      },
    })
    renderInvitation('roto')
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    expect(alert).toHaveTextContent('No encontramos esa invitación')
    expect(alert).toHaveTextContent('El enlace de la invitación no es válido.')
    expect(alert.textContent).not.toMatch(/token/i)
    // Asking again cannot mend a broken link.
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  })
})
