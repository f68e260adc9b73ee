import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { InviteForm } from '@/features/admin-collaborators/components/invite-form'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

function openForm(reply: () => FakeReply) {
  const adapter = createFakeAdapter(({ method, url }) =>
    method === 'POST' && url === '/admin/collaborators' ? reply() : { status: 404 },
  )
  http.defaults.adapter = adapter
  signInSeller()
  const onDone = vi.fn()
  const user = userEvent.setup({ delay: null })
  renderWithProviders(<InviteForm onDone={onDone} />)
  const form = screen.getByRole('form', { name: 'Invitar al equipo' })
  return { adapter, onDone, user, form }
}

describe('Invitar al equipo', () => {
  test('the contract’s message sits under the e-mail and nothing is sent', async () => {
    const { adapter, user, form } = openForm(() => ({ status: 201, data: {} }))
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }))
    expect(await within(form).findByText('Ingresá el correo')).toBeInTheDocument()
    await user.type(within(form).getByLabelText(/^Correo electrónico/), 'ana@')
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }))
    expect(await within(form).findByText('Ingresá un correo válido')).toBeInTheDocument()
    expect(adapter.calls).toHaveLength(0)
  })

  test('the server’s refusal of the e-mail sits under it; the invitation goes as the contract says', async () => {
    const { adapter, onDone, user, form } = openForm(() => ({
      status: 409,
      data: {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Esa persona ya es parte del equipo.',
        errors: [{ name: 'email', message: 'Ya es parte del equipo' }],
      },
    }))
    const email = within(form).getByLabelText(/^Correo electrónico/)
    await user.type(email, 'Ana@Example.com')
    await user.click(within(form).getByRole('button', { name: 'Enviar invitación' }))

    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(within(form).getByText('Ya es parte del equipo')).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
    expect(adapter.calls[0]?.data).toEqual({ email: 'ana@example.com', role: 'staff' })
  })
})
