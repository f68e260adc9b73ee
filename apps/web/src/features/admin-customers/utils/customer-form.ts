import {
  adminCustomerInputSchema,
  type AdminCustomer,
  type AdminCustomerInput,
} from '@barrio/contracts/admin-customers'
import type { ProvinceCode } from '@barrio/contracts/provinces'

import { validateWith, type Validated } from '@/components/form/form-errors'
import { INVALID_PHONE_MESSAGE, isValidPhone } from '@/components/phone-input/phone-input'

export type CustomerFormValues = {
  firstName: string
  lastName: string
  /** E.164 from the phone input ('' when empty). */
  phone: string
  email: string
  notes: string
  tags: string[]
  /** The address block is optional: all its lines empty means no address. */
  address: {
    street: string
    number: string
    floorApartment: string
    city: string
    provinceCode: string
    postalCode: string
  }
}

export function customerToValues(customer?: AdminCustomer): CustomerFormValues {
  const a = customer?.address
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    phone: customer?.phone ?? '',
    email: customer?.email ?? '',
    notes: customer?.notes ?? '',
    tags: [...(customer?.tags ?? [])],
    address: {
      street: a?.street ?? '',
      number: a?.number ?? '',
      floorApartment: a?.floorApartment ?? '',
      city: a?.city ?? '',
      provinceCode: a?.provinceCode ?? '',
      postalCode: a?.postalCode ?? '',
    },
  }
}

function hasAddress(address: CustomerFormValues['address']): boolean {
  return Object.values(address).some((line) => line.trim() !== '')
}

/** The request body through the contract; the phone is checked here too (the API checks it again). */
export function validateCustomer(values: CustomerFormValues): Validated<AdminCustomerInput> {
  const { address } = values
  const result = validateWith(adminCustomerInputSchema, {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    email: values.email,
    notes: values.notes,
    tags: values.tags,
    address: hasAddress(address)
      ? {
          street: address.street,
          number: address.number,
          floorApartment: address.floorApartment,
          city: address.city,
          provinceCode: address.provinceCode as ProvinceCode,
          postalCode: address.postalCode.trim() === '' ? null : address.postalCode,
        }
      : null,
  })
  const phoneError =
    values.phone.trim() !== '' && !isValidPhone(values.phone) ? INVALID_PHONE_MESSAGE : null
  if (result.success && !phoneError) return { success: true, data: result.data }
  const errors = result.success ? {} : { ...result.errors }
  if (phoneError && !errors.phone) errors.phone = phoneError
  return { success: false, errors }
}
