import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { QuickCustomerForm } from '@/features/admin-counter-orders/components/quick-customer-form'
import { http } from '@/lib/http/client'
import { createFakeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

const created = {
  _id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ramona',
  lastName: 'Telefónica',
  phone: '+5491155551234',
  email: null,
  notes: '',
  tags: [],
  address: null,
  hasAccount: false,
  ordersCount: 0,
  totalSpent: 0,
  lastOrderAt: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  orderAddresses: [],
  addresses: [],
}

function openForm(reply: () => FakeReply) {
  const adapter = createFakeAdapter(({ method, url }) =>
    method === 'POST' && url === '/admin/customers' ? reply() : { status: 404 },
  )
  http.defaults.adapter = adapter
  signInSeller()
  const onCreated = vi.fn()
  const user = userEvent.setup({ delay: null })
  renderWithProviders(<QuickCustomerForm onCreated={onCreated} onCancel={vi.fn()} />)
  const form = screen.getByRole('form', { name: 'Cliente nuevo' })
  return { adapter, onCreated, user, form }
}

describe('Cliente nuevo', () => {
  test('the customer contract’s messages sit under their fields; a half address asks for the rest', async () => {
    const { adapter, user, form } = openForm(() => ({ status: 201, data: created }))
    await user.type(within(form).getByLabelText(/^Calle/), 'Honduras')
    await user.click(within(form).getByRole('button', { name: 'Crear cliente' }))

    expect(await within(form).findByText('Ingresá el nombre')).toBeInTheDocument()
    expect(within(form).getByText('Ingresá el apellido')).toBeInTheDocument()
    expect(within(form).getByText('Ingresá el teléfono')).toBeInTheDocument()
    expect(within(form).getByText('Ingresá la altura')).toBeInTheDocument()
    expect(within(form).getByText('Ingresá la localidad o barrio')).toBeInTheDocument()
    expect(adapter.calls).toHaveLength(0)
  })

  test('Enter creates the customer with the contract’s body; the server’s field errors land under their field', async () => {
    let attempt = 0
    const { adapter, onCreated, user, form } = openForm(() =>
      ++attempt === 1
        ? {
            status: 400,
            data: {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message: 'Revisá los datos.',
              errors: [{ name: 'address.street', message: 'No encontramos esa calle' }],
            },
          }
        : { status: 201, data: created },
    )
    await user.type(within(form).getByLabelText(/^Nombre/), 'Ramona')
    await user.type(within(form).getByLabelText(/^Apellido/), 'Telefónica')
    await user.type(within(form).getByRole('textbox', { name: 'Teléfono' }), '11 5555-1234')
    await user.type(within(form).getByLabelText(/^Calle/), 'Hondura')
    await user.type(within(form).getByLabelText(/^Altura/), '4800')
    await user.type(within(form).getByLabelText(/^Localidad o barrio/), 'Palermo{Enter}')

    const street = within(form).getByLabelText(/^Calle/)
    await waitFor(() => expect(street).toHaveAttribute('aria-invalid', 'true'))
    expect(within(form).getByText('No encontramos esa calle')).toBeInTheDocument()
    expect(onCreated).not.toHaveBeenCalled()

    await user.type(street, 's{Enter}')
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1))
    expect(adapter.calls[1]?.data).toEqual({
      firstName: 'Ramona',
      lastName: 'Telefónica',
      phone: '+541155551234',
      email: null,
      notes: '',
      tags: [],
      address: {
        street: 'Honduras',
        number: '4800',
        floorApartment: null,
        city: 'Palermo',
        provinceCode: 'C',
      },
    })
  })
})
