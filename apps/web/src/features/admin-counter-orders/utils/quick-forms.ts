import {
  adminCustomerInputSchema,
  customerAddressInputSchema,
  type AdminCustomerInput,
  type CustomerAddressInput,
} from '@barrio/contracts/admin-customers'

import { validateWith, type Validated } from '@/components/form/form-errors'
import { INVALID_PHONE_MESSAGE, isValidPhone } from '@/components/phone-input/phone-input'

/** A postal address as typed (the province is a code from the list; '' lines are none). */
export type AddressValues = {
  street: string
  number: string
  floorApartment: string
  city: string
  provinceCode: string
}

export const EMPTY_ADDRESS: AddressValues = {
  street: '',
  number: '',
  floorApartment: '',
  city: '',
  provinceCode: 'C',
}

export type QuickCustomerValues = {
  firstName: string
  lastName: string
  /** E.164 from the phone input ('' when empty). */
  phone: string
  email: string
  /** Optional: street, number and locality all blank means no address. */
  address: AddressValues
}

export const EMPTY_QUICK_CUSTOMER: QuickCustomerValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  address: EMPTY_ADDRESS,
}

function isBlank(address: AddressValues): boolean {
  return [address.street, address.number, address.city].every((line) => line.trim() === '')
}

/**
 * "Cliente nuevo" through the contract's `adminCustomerInputSchema` (errors keyed like the
 * server's: `address.street`), plus the phone's own check (the API checks it again).
 */
export function validateQuickCustomer(values: QuickCustomerValues): Validated<AdminCustomerInput> {
  const result = validateWith(adminCustomerInputSchema, {
    ...values,
    address: isBlank(values.address) ? null : values.address,
  })
  const phoneError =
    values.phone.trim() !== '' && !isValidPhone(values.phone) ? INVALID_PHONE_MESSAGE : null
  if (result.success && !phoneError) return result
  const errors = result.success ? {} : { ...result.errors }
  if (phoneError) errors.phone ??= phoneError
  return { success: false, errors }
}

/** "Nueva dirección" through the contract's `customerAddressInputSchema`. */
export function validateNewAddress(values: AddressValues): Validated<CustomerAddressInput> {
  return validateWith(customerAddressInputSchema, values)
}
