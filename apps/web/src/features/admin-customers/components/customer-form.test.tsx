import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import {
  CUSTOMER_FORM_LABELS,
  CustomerForm,
} from '@/features/admin-customers/components/customer-form'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

describe('customer form', () => {
  test('an empty "Nuevo cliente" shows Spanish errors under each field and sends nothing', async () => {
    const adapter = createFakeAdapter(() => ({ status: 500, data: {} }))
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <CustomerForm onDone={vi.fn()} onCancel={vi.fn()} /> }])

    await user.type(screen.getByLabelText(/^Correo electrónico/), 'rosa@')
    await user.click(screen.getByRole('button', { name: CUSTOMER_FORM_LABELS.create }))

    expect(await screen.findByText('Ingresá el nombre')).toBeInTheDocument()
    expect(screen.getByText('Ingresá el apellido')).toBeInTheDocument()
    expect(screen.getByText('Ingresá el teléfono')).toBeInTheDocument()
    expect(screen.getByText('Ingresá un correo electrónico válido')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Nombre/)).toHaveAttribute('aria-invalid', 'true')
    expect(adapter.calls).toHaveLength(0)
  })

  test('the server refusing a repeated phone shows its message under the phone', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'POST' && url === '/admin/customers')
        return {
          status: 409,
          data: {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Ya tenés un cliente con ese teléfono.',
            errors: [
              { name: 'phone', message: 'Ya tenés un cliente con ese teléfono: Rosa Giménez' },
            ],
          },
        }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    const onDone = vi.fn()
    renderRouter([{ path: '*', element: <CustomerForm onDone={onDone} onCancel={vi.fn()} /> }])

    await user.type(screen.getByLabelText(/^Nombre/), 'Rosa')
    await user.type(screen.getByLabelText(/^Apellido/), 'Giménez')
    await user.type(screen.getByLabelText(/^Teléfono/), '91145678901')
    await user.click(screen.getByRole('button', { name: CUSTOMER_FORM_LABELS.create }))

    expect(
      await screen.findByText('Ya tenés un cliente con ese teléfono: Rosa Giménez'),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(adapter.calls.find((c) => c.method === 'POST')?.data).toMatchObject({
        firstName: 'Rosa',
        lastName: 'Giménez',
        phone: '+5491145678901',
        email: null,
        address: null,
        tags: [],
      }),
    )
    expect(onDone).not.toHaveBeenCalled()
  })
})
