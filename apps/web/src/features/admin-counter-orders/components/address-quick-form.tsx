import { Button, Group, Stack, Text } from '@mantine/core'
import type { KeyboardEvent } from 'react'

import { useAddCustomerAddress } from '@/api/admin/customers/add-customer-address'
import { bindPostalAddress, PostalAddressFields } from '@/components/form/postal-address-fields'
import { useAppForm } from '@/components/form/use-app-form'
import {
  EMPTY_ADDRESS,
  validateNewAddress,
} from '@/features/admin-counter-orders/utils/quick-forms'

/**
 * One more delivery address for the chosen customer, inside the order form, checked with the
 * address contract. Not a <form> (it lives inside the order's): Enter in a field saves the
 * address, never the order.
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
  const address = useAppForm({
    mode: 'submit',
    initialValues: EMPTY_ADDRESS,
    validate: validateNewAddress,
    mutation: useAddCustomerAddress(customerId),
    onSaved: (saved) => onAdded(saved._id),
  })
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void address.save()
  }

  return (
    <Stack gap="sm" role="group" aria-label="Nueva dirección" onKeyDown={onEnter}>
      <PostalAddressFields
        {...bindPostalAddress(address, '')}
        lines={['floorApartment']}
        autofill={false}
        autoFocus
      />
      {address.formError ? (
        <Text c="red" size="sm" role="alert">
          {address.formError}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => void address.save()} loading={address.isSaving}>
          Guardar dirección
        </Button>
      </Group>
    </Stack>
  )
}
