import type { Address } from '@barrio/contracts/addresses'
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { IconMapPin, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'

import { ErrorState } from '@/components/errors/error-state'
import { useAddresses } from '@/features/addresses/api/get-addresses'
import { AddressEditor } from '@/features/addresses/components/address-editor'
import { AddressRow } from '@/features/addresses/components/address-picker-modal'

export type AddressChooserProps = {
  /** The address in use (marked "Elegida"). */
  selectedId: string | null
  /** Open on this address's form, to place its door on the pin ("Ubicar mi puerta"). */
  locateId?: string | null
  /** An address was chosen, added or placed again. */
  onChoose: (address: Address) => Promise<void>
  busy?: boolean
}

/**
 * The customer's addresses to choose one for a checkout, add another, or move the chosen one's pin
 * to the door. Unlike the header's picker it does not change the address the app browses with
 * (which would empty the cart): the caller decides what choosing means.
 */
export function AddressChooser({ selectedId, locateId, onChoose, busy }: AddressChooserProps) {
  const { list, isPending, isError, error, refetch } = useAddresses()
  const [editing, setEditing] = useState<'new' | string | null>(locateId ?? null)

  if (isPending) {
    return (
      <Stack gap="sm" role="group" aria-busy="true" aria-label="Cargando tus direcciones">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    )
  }
  const toEdit = editing && editing !== 'new' ? list.addresses.find((a) => a._id === editing) : null
  if (editing === 'new' || toEdit || (list.addresses.length === 0 && !isError)) {
    return (
      <Stack gap="md">
        <Text fw={600}>{toEdit ? 'Ubicá tu puerta' : 'Agregar dirección'}</Text>
        <AddressEditor
          address={toEdit ?? undefined}
          onSaved={onChoose}
          onCancel={list.addresses.length > 0 ? () => setEditing(null) : undefined}
        />
      </Stack>
    )
  }
  const selected = list.addresses.find((a) => a._id === selectedId)
  return (
    <Stack gap="md">
      {isError ? (
        <ErrorState
          title="No pudimos cargar tus direcciones"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : null}
      {selected?.approximate ? (
        <Alert color="yellow" variant="light" role="note" title="Ubicación aproximada">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Para recibir a domicilio, mové el pin a tu puerta.</Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconMapPin size={16} aria-hidden />}
              onClick={() => setEditing(selected._id)}
            >
              Ubicar mi puerta
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Stack gap="xs" component="section" aria-label="Direcciones guardadas">
        {list.addresses.map((address) => (
          <AddressRow
            key={address._id}
            address={address}
            selected={address._id === selectedId}
            disabled={busy ?? false}
            onSelect={() => void onChoose(address)}
          />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Agregar otra dirección
        </Button>
      </Group>
    </Stack>
  )
}
