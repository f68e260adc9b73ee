import type { ProvinceCode } from '@barrio/contracts/provinces'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useState, type KeyboardEvent } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import { useAddCustomerAddress } from '@/features/seller-new-order/api/new-order-api'
import {
  AddressFields,
  EMPTY_ADDRESS_FIELDS,
} from '@/features/seller-new-order/components/address-fields'
import { serverFieldErrors } from '@/features/seller-new-order/utils/new-order'

/**
 * One more delivery address for the chosen customer, inside the order form. Not a <form> (it
 * lives inside the order's): Enter in a field saves the address, never the order.
 */
export function AddressQuickForm({
  customerId,
  onAdded,
  onCancel,
}: {
  customerId: string
  onAdded: (addressId: string) => void
  onCancel: () => void
}) {
  const [values, setValues] = useState(EMPTY_ADDRESS_FIELDS)
  const [errors, setErrors] = useState<FieldErrors>({})
  const add = useAddCustomerAddress(customerId)
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    setErrors(({ [name]: _gone, ...rest }) => rest)
  }

  function save() {
    const found: FieldErrors = {}
    if (!values.street.trim()) found.street = 'Ingresá la calle'
    if (!values.number.trim()) found.number = 'Ingresá la altura'
    if (!values.city.trim()) found.city = 'Ingresá la localidad o barrio'
    setErrors(found)
    if (Object.keys(found).length) return
    add.mutate(
      {
        street: values.street,
        number: values.number,
        floorApartment: values.floorApartment || null,
        city: values.city,
        provinceCode: values.provinceCode as ProvinceCode,
      },
      {
        onSuccess: (address) => onAdded(address._id),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    )
  }
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    save()
  }

  return (
    <Stack gap="sm" role="group" aria-label="Nueva dirección" onKeyDown={onEnter}>
      <AddressFields
        values={values}
        onChange={(field, value) => set(field)(value)}
        errorOf={(field) => errors[field]}
        autoFocus
      />
      {errors._ ? (
        <Text c="red" size="sm" role="alert">
          {errors._}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={save} loading={add.isPending}>
          Guardar dirección
        </Button>
      </Group>
    </Stack>
  )
}
