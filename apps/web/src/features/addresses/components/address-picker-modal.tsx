import type { Address } from '@barrio/contracts/addresses'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { useAddresses } from '@/features/addresses/api/get-addresses'
import { useSelectAddress } from '@/features/addresses/api/select-address'
import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import { AddressEditor } from '@/features/addresses/components/address-editor'
import {
  closeAddressPicker,
  useAddressPickerOpen,
} from '@/features/addresses/utils/address-picker-store'
import {
  shortAddress,
  type ConfirmAddressChange,
} from '@/features/addresses/utils/address-selection'
import { isOfflineAddressId } from '@/features/addresses/utils/offline-addresses'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

import classes from './addresses.module.css'
import { useScreen } from '@/lib/use-screen'

export function AddressRow({
  address,
  selected,
  disabled,
  onSelect,
}: {
  address: Address
  selected: boolean
  disabled: boolean
  onSelect: () => void
}) {
  return (
    <UnstyledButton
      className={classes.addressRow}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onSelect}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {address.label ?? shortAddress(address)}
            </Text>
            {selected ? (
              <Badge size="xs" variant="light">
                Elegida
              </Badge>
            ) : null}
            {address.approximate ? (
              <Badge size="xs" color="yellow" variant="light">
                Ubicación aproximada
              </Badge>
            ) : null}
            {isOfflineAddressId(address._id) ? (
              <Badge size="xs" color="yellow" variant="light">
                Sin sincronizar
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {address.formattedAddress}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  )
}

/** The picker: saved addresses to choose from, and "Agregar dirección". */
export function AddressPickerModal({ confirmChange }: { confirmChange?: ConfirmAddressChange }) {
  const opened = useAddressPickerOpen()
  const fullScreen = useScreen('(max-width: 48em)')
  return (
    <Modal
      opened={opened}
      onClose={closeAddressPicker}
      title="¿Dónde querés recibir tu pedido?"
      fullScreen={fullScreen}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened ? <AddressPickerContent confirmChange={confirmChange} /> : null}
    </Modal>
  )
}

function AddressPickerContent({ confirmChange }: { confirmChange?: ConfirmAddressChange }) {
  const { list, isPending, isError, error, refetch } = useAddresses()
  const selectedId = useAddressesSelectedId()
  const selectAddress = useSelectAddress()
  const [adding, setAdding] = useState(false)

  const choose = async (address: Address) => {
    if (address._id !== selectedId && confirmChange && !(await confirmChange())) return
    try {
      await selectAddress.mutateAsync(address)
      closeAddressPicker()
      showToast({
        message: `Listo: ahora ves comercios cerca de ${shortAddress(address)}.`,
        type: 'success',
      })
    } catch (selectError) {
      showErrorToast(getErrorMessage(selectError, 'No pudimos elegir esa dirección.'))
    }
  }

  if (isPending) {
    return (
      <Stack gap="sm" role="group" aria-busy="true" aria-label="Cargando tus direcciones">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    )
  }

  const showEditor = adding || (list.addresses.length === 0 && !isError)
  if (showEditor) {
    return (
      <Stack gap="md">
        <Text fw={600}>Agregar dirección</Text>
        <AddressEditor
          onSaved={choose}
          onCancel={list.addresses.length > 0 ? () => setAdding(false) : undefined}
        />
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      {isError && !list.isOffline ? (
        <ErrorState
          title="No pudimos cargar tus direcciones"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : null}
      {list.isOffline ? (
        <Alert color="yellow" variant="light">
          Sin conexión: te mostramos las direcciones guardadas en este dispositivo.
        </Alert>
      ) : null}
      {list.addresses.length > 0 ? (
        <Stack gap="xs" component="section" aria-label="Direcciones guardadas">
          {list.addresses.map((address) => (
            <AddressRow
              key={address._id}
              address={address}
              selected={address._id === selectedId}
              disabled={selectAddress.isPending}
              onSelect={() => void choose(address)}
            />
          ))}
        </Stack>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Anchor
          component={Link}
          to={paths.addresses.getHref()}
          onClick={closeAddressPicker}
          size="sm"
        >
          Administrar mis direcciones
        </Anchor>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          Agregar dirección
        </Button>
      </Group>
    </Stack>
  )
}

function useAddressesSelectedId(): string | null {
  return useSelectedAddress().address?._id ?? null
}
