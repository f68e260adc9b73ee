import type { Address, AddressInput } from '@barrio/contracts/addresses'
import type { PlaceResult } from '@barrio/contracts/geo'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { useCreateAddress } from '@/features/addresses/api/create-address'
import { getPlaceDetailsQueryOptions } from '@/api/customer/places/get-place-details'
import { useUpdateAddress } from '@/features/addresses/api/update-address'
import { AddressForm } from '@/features/addresses/components/address-form'
import { PlaceSearch } from '@/features/addresses/components/place-search'
import {
  addressToFormValues,
  EMPTY_ADDRESS_FORM,
  placeToFormValues,
  type AddressFormValues,
} from '@/features/addresses/utils/address-form-values'
import { isOfflineAddressId } from '@/features/addresses/utils/offline-addresses'
import { showToast } from '@/lib/toast'

export const LOCATED_TITLE = 'Guardamos tu dirección'

export const OFFLINE_SAVED_MESSAGE =
  'Guardamos la dirección en este dispositivo. La vamos a sincronizar cuando vuelvas a tener conexión.'

export type AddressEditorProps = {
  /** Editing an existing address; without it, a new one is added. */
  address?: Address
  onSaved: (address: Address) => void | Promise<void>
  onCancel?: () => void
}

/**
 * "Agregar dirección": look the place up, then confirm the details in the form (or fill them in
 * by hand). Editing opens the form directly, with the place search one click away.
 */
export function AddressEditor({ address: editing, onSaved, onCancel }: AddressEditorProps) {
  const queryClient = useQueryClient()
  // An address saved without a point comes back located: it stays open on its pin to confirm.
  const [located, setLocated] = useState<Address | null>(null)
  const address = editing ?? located ?? undefined
  const [step, setStep] = useState<'search' | 'form'>(address ? 'form' : 'search')
  const [values, setValues] = useState<AddressFormValues>(
    address ? addressToFormValues(address) : EMPTY_ADDRESS_FORM,
  )
  // A new form instance for every place chosen, so it starts from the new values.
  const [formKey, setFormKey] = useState(0)
  const [resolving, setResolving] = useState(false)
  // The form takes focus when the user arrives from the search (not when editing opens it).
  const [arrivedFromSearch, setArrivedFromSearch] = useState(false)
  const createAddress = useCreateAddress()
  const updateAddress = useUpdateAddress()

  const choosePlace = async (place: PlaceResult) => {
    setResolving(true)
    let details = place
    try {
      details = await queryClient.fetchQuery(getPlaceDetailsQueryOptions(place.place_id))
    } catch (error) {
      // The candidate already has the point and the address; details only refine them.
      console.warn(
        'No se pudo obtener el detalle del lugar; se usa el resultado de la búsqueda.',
        error,
      )
    } finally {
      setResolving(false)
    }
    setValues((current) => placeToFormValues(details, address ? current : EMPTY_ADDRESS_FORM))
    setFormKey((k) => k + 1)
    setArrivedFromSearch(true)
    setStep('form')
  }

  const save = async (input: AddressInput) => {
    const saved = address
      ? await updateAddress.mutateAsync({ id: address._id, input })
      : await createAddress.mutateAsync(input)
    if (isOfflineAddressId(saved._id) && !address) {
      showToast({ message: OFFLINE_SAVED_MESSAGE, type: 'warning' })
    }
    if (input.latitude === undefined && !located) {
      // Located by the API (decision 038): show where, so the customer confirms or moves it.
      setLocated(saved)
      setValues(addressToFormValues(saved))
      setFormKey((k) => k + 1)
      setArrivedFromSearch(false)
      return
    }
    await onSaved(saved)
  }

  if (step === 'search') {
    return (
      <Stack gap="md">
        <PlaceSearch onSelect={(place) => void choosePlace(place)} busy={resolving} autoFocus />
        <Group justify="space-between" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Volver
            </Button>
          ) : (
            <span />
          )}
          <Button
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => {
              setArrivedFromSearch(true)
              setStep('form')
            }}
          >
            Completar los datos a mano
          </Button>
        </Group>
      </Stack>
    )
  }

  return (
    <Stack gap="sm">
      {located ? (
        <Alert color="green" variant="light" role="status" title={LOCATED_TITLE}>
          {located.approximate
            ? 'Solo encontramos la localidad: mové el pin a tu puerta y guardá.'
            : 'Revisá que el pin esté en tu puerta y guardá.'}
        </Alert>
      ) : !address && values.placeId ? (
        <Text size="sm" c="dimmed">
          Completá la calle y la altura, y revisá que el pin esté en tu puerta.
        </Text>
      ) : null}
      <AddressForm
        key={formKey}
        initialValues={values}
        onSubmit={save}
        secondaryAction={{ label: 'Buscar otro lugar', onClick: () => setStep('search') }}
        focusOnMount={arrivedFromSearch}
      />
    </Stack>
  )
}
