import type { Address } from '@barrio/contracts/addresses'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconMapPinPlus, IconPencil, IconStar, IconTrash } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { useDeleteAddress } from '@/features/addresses/api/delete-address'
import { useAddresses } from '@/features/addresses/api/get-addresses'
import { useSelectAddress } from '@/features/addresses/api/select-address'
import { AddressEditor } from '@/features/addresses/components/address-editor'
import {
  shortAddress,
  type ConfirmAddressChange,
} from '@/features/addresses/utils/address-selection'
import { isOfflineAddressId } from '@/features/addresses/utils/offline-addresses'
import { confirm } from '@/components/confirm/confirm'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'
import { useScreen } from '@/lib/use-screen'

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 0 ? page : 1
}

function AddressCard({
  address,
  isSelected,
  busy,
  onMakeDefault,
  onEdit,
  onDelete,
}: {
  address: Address
  isSelected: boolean
  busy: boolean
  onMakeDefault: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  const textId = useId()
  const offline = isOfflineAddressId(address._id)
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={textId}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={700} id={textId}>
              {address.label ?? shortAddress(address)}
            </Text>
            {address.isDefault ? (
              <Badge variant="light" leftSection={<IconStar size={12} aria-hidden />}>
                Predeterminada
              </Badge>
            ) : null}
            {isSelected && !address.isDefault ? <Badge variant="outline">Elegida</Badge> : null}
            {offline ? (
              <Badge color="yellow" variant="light">
                Sin sincronizar
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{address.formattedAddress}</Text>
          {address.postalCode ? (
            <Text size="sm" c="dimmed">
              CP {address.postalCode}
            </Text>
          ) : null}
          {address.notes ? (
            <Text size="sm" c="dimmed">
              Indicaciones: {address.notes}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {!address.isDefault ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconStar size={14} aria-hidden />}
              onClick={onMakeDefault}
              disabled={busy}
              aria-describedby={textId}
            >
              Marcar como predeterminada
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            aria-describedby={textId}
          >
            Editar
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            disabled={busy}
            aria-describedby={textId}
          >
            Eliminar
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/** The /addresses screen: the list (paged), make default, edit, delete and add. */
export function AddressesManager({
  confirmChange,
}: {
  /** Asked before another address becomes the selected one (it empties the cart). */
  confirmChange?: ConfirmAddressChange
} = {}) {
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params)
  const { list, isPending, isError, error, refetch, isPlaceholderData } = useAddresses({ page })
  const selectedId = useAppStore((s) => s.selectedAddressId)
  const selectAddress = useSelectAddress()
  const deleteAddress = useDeleteAddress()
  const [editing, setEditing] = useState<Address | 'new' | null>(null)
  const fullScreen = useScreen('(max-width: 48em)')

  const makeDefault = async (address: Address) => {
    if (address._id !== selectedId && confirmChange && !(await confirmChange())) return
    try {
      await selectAddress.mutateAsync(address)
      showToast({
        message: `${shortAddress(address)} es tu dirección predeterminada.`,
        type: 'success',
      })
    } catch (selectError) {
      showErrorToast(
        getErrorMessage(selectError, 'No pudimos cambiar la dirección predeterminada.'),
      )
    }
  }

  const remove = async (address: Address) => {
    const ok = await confirm({
      message: `Vas a eliminar ${address.label ? `“${address.label}” (${shortAddress(address)})` : shortAddress(address)}.`,
      smallText: 'No se puede deshacer.',
    })
    if (!ok) return
    try {
      await deleteAddress.mutateAsync(address._id)
      showToast({ message: 'Eliminamos la dirección.', type: 'success' })
    } catch (deleteError) {
      showErrorToast(getErrorMessage(deleteError, 'No pudimos eliminar la dirección.'))
    }
  }

  const totalPages = list.page?.totalPages ?? 1

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Tus direcciones</Title>
          <Text c="dimmed">
            La dirección predeterminada es la que usamos para mostrarte comercios cerca.
          </Text>
        </Stack>
        <Button
          leftSection={<IconMapPinPlus size={18} aria-hidden />}
          onClick={() => setEditing('new')}
        >
          Agregar dirección
        </Button>
      </Group>

      {list.isOffline ? (
        <Alert color="yellow" variant="light">
          Sin conexión: te mostramos las direcciones guardadas en este dispositivo.
        </Alert>
      ) : null}

      {isPending ? (
        <Stack gap="sm" role="group" aria-busy="true" aria-label="Cargando tus direcciones">
          <Skeleton height={110} radius="md" />
          <Skeleton height={110} radius="md" />
        </Stack>
      ) : isError && !list.isOffline ? (
        <ErrorState
          title="No pudimos cargar tus direcciones"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : list.addresses.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack gap="sm" align="center" ta="center">
            <Text fw={600}>Todavía no guardaste direcciones</Text>
            <Text c="dimmed" size="sm">
              Agregá tu dirección para ver los comercios que te llegan a casa.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none', opacity: isPlaceholderData ? 0.6 : 1 }}
          aria-label="Direcciones guardadas"
        >
          {list.addresses.map((address) => (
            <AddressCard
              key={address._id}
              address={address}
              isSelected={address._id === selectedId}
              busy={selectAddress.isPending || deleteAddress.isPending}
              onMakeDefault={() => void makeDefault(address)}
              onEdit={() => setEditing(address)}
              onDelete={() => void remove(address)}
            />
          ))}
        </Stack>
      )}

      {totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={page}
          onChange={(next) => setParams({ page: String(next) })}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior',
          })}
        />
      ) : null}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Agregar dirección' : 'Editar dirección'}
        fullScreen={fullScreen}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {editing !== null ? (
          <AddressEditor
            address={editing === 'new' ? undefined : editing}
            onSaved={(saved) => {
              setEditing(null)
              showToast({
                message:
                  editing === 'new'
                    ? `Guardamos ${shortAddress(saved)}.`
                    : `Actualizamos ${shortAddress(saved)}.`,
                type: 'success',
              })
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  )
}
