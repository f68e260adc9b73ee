import type { AddressInput } from '@barrio/contracts/addresses'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { AddressForm, SAVE_ADDRESS_LABEL } from '@/features/addresses/components/address-form'
import {
  EMPTY_ADDRESS_FORM,
  type AddressFormValues,
} from '@/features/addresses/utils/address-form-values'
import { ApiError } from '@/lib/http/api-error'
import { renderWithProviders } from '@/testing/render'

const THAMES: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  street: 'Thames',
  number: '640',
  city: 'Palermo',
  provinceCode: 'C',
}

function refusal(errors: { name: string; message: string }[]) {
  return new ApiError({
    statusCode: 400,
    code: 'INVALID',
    message: 'Revisá los datos de la dirección.',
    errors,
  })
}

describe('address form', () => {
  test('the contract’s errors show in Spanish under their fields and the first one takes the focus', async () => {
    const onSubmit = vi.fn(async () => undefined)
    const user = userEvent.setup({ delay: null })
    renderWithProviders(
      <AddressForm initialValues={{ ...THAMES, number: '', city: '' }} onSubmit={onSubmit} />,
    )
    await user.click(screen.getByRole('button', { name: SAVE_ADDRESS_LABEL }))

    const number = screen.getByLabelText(/^Altura/)
    expect(number).toHaveAccessibleDescription('Ingresá la altura')
    expect(screen.getByLabelText(/^Localidad o barrio/)).toHaveAccessibleDescription(
      'Ingresá la localidad o barrio',
    )
    await waitFor(() => expect(number).toHaveFocus())
    expect(onSubmit).not.toHaveBeenCalled()
  })

  test('a server field error shows under its field, focused, with the server’s message above the button', async () => {
    const onSubmit = vi.fn(async (_input: AddressInput) => {
      throw refusal([{ name: 'postalCode', message: 'Ese código postal no es de Palermo' }])
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressForm initialValues={THAMES} onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText(/^Código postal/), '5000')
    await user.click(screen.getByRole('button', { name: SAVE_ADDRESS_LABEL }))

    const postalCode = screen.getByLabelText(/^Código postal/)
    await waitFor(() =>
      expect(postalCode).toHaveAccessibleDescription('Ese código postal no es de Palermo'),
    )
    await waitFor(() => expect(postalCode).toHaveFocus())
    expect(screen.getByRole('alert')).toHaveTextContent('Revisá los datos de la dirección.')
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ street: 'Thames', postalCode: '5000' }),
    )

    // Typing again clears the field's message.
    await user.type(postalCode, '1')
    expect(postalCode).not.toHaveAccessibleDescription('Ese código postal no es de Palermo')
  })

  test('an error on the point has no input: it shows at the pin and focuses the pin’s region', async () => {
    const onSubmit = vi.fn(async (_input: AddressInput) => {
      throw refusal([{ name: 'longitude', message: 'Ese punto queda fuera de la Argentina' }])
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AddressForm initialValues={THAMES} onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: SAVE_ADDRESS_LABEL }))

    const pin = await screen.findByRole('group', { name: 'Tu puerta en el mapa' })
    await waitFor(() =>
      expect(pin).toHaveAccessibleDescription('Ese punto queda fuera de la Argentina'),
    )
    await waitFor(() => expect(pin).toHaveFocus())
    // Nothing else is marked: the street and number stay as they were.
    expect(screen.getByLabelText(/^Calle/)).not.toHaveAttribute('aria-invalid', 'true')
  })
})
