import { can, PERMISSION_DENIED_REASONS } from '@barrio/contracts/permissions'
import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Button, Grid, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { useDeleteAdminStore } from '@/api/admin/stores/delete-store'
import { adminStoreQueryOptions } from '@/api/admin/stores/get-stores'
import { StoreForm } from '@/features/admin-stores/components/store-form'
import { StoreMediaField } from '@/features/admin-stores/components/store-media-field'
import { deniedReason } from '@/lib/store-role'
import { showToast } from '@/lib/toast'

export const STORE_SAVE_LABELS = { create: 'Crear tienda', update: 'Guardar cambios' } as const
export const DELETE_STORE_LABEL = 'Eliminar tienda'

/** The new-store form: after the first save the seller lands on the store's page (logo, cover). */
export function StoreCreator() {
  const navigate = useNavigate()
  return (
    <StoreForm
      saveLabel={STORE_SAVE_LABELS.create}
      successMessage={(store) => `Creaste la tienda ${store.name}.`}
      onSaved={(store) => void navigate(paths.admin.store.getHref(store._id), { replace: true })}
    />
  )
}

/** Loads a store and edits it: form, logo and cover, delete (archive when it has orders). */
export function StoreEditor({
  storeId,
  allowDelete = true,
}: {
  storeId: string
  allowDelete?: boolean
}) {
  const query = useQuery(adminStoreQueryOptions(storeId))
  if (query.isPending) return <LoadingState label="Cargando la tienda…" />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return <LoadedStoreEditor key={query.data._id} store={query.data} allowDelete={allowDelete} />
}

function LoadedStoreEditor({ store, allowDelete }: { store: AdminStore; allowDelete: boolean }) {
  const navigate = useNavigate()
  const deleteStore = useDeleteAdminStore()

  async function remove() {
    const ok = await confirm({
      message: `¿Querés eliminar la tienda ${store.name}?`,
      smallText:
        'Si la tienda ya tiene pedidos, no se borra: se archiva, deja de verse para los clientes y conservás su historial.',
    })
    if (!ok) return
    await deleteStore.mutateAsync(store._id).then(
      () => {
        showToast({
          message: `Eliminaste la tienda ${store.name}. Si tenía pedidos, quedó archivada con su historial.`,
          type: 'success',
        })
        void navigate(paths.admin.stores.getHref())
      },
      () => undefined,
    )
  }

  // Staff read the store's data; changing it is `settings` (decision 029): say so up front
  // instead of letting them fill the form and fail at save with a 403.
  const readOnly = !can(store.role, 'settings')

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <StoreForm
          store={store}
          saveLabel={STORE_SAVE_LABELS.update}
          successMessage={() => 'Guardamos los cambios de la tienda.'}
          readOnlyReason={
            readOnly
              ? `Podés ver los datos de la tienda pero no cambiarlos. ${deniedReason('settings', store.role)}`
              : undefined
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <StoreMediaField store={store} kind="logo" readOnly={readOnly} />
          <StoreMediaField store={store} kind="cover" readOnly={readOnly} />
          {allowDelete ? (
            <Stack gap={4}>
              <Button
                variant="subtle"
                color="red"
                w="fit-content"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => void remove()}
                loading={deleteStore.isPending}
                disabled={!can(store.role, 'store.delete')}
                aria-describedby={can(store.role, 'store.delete') ? undefined : 'delete-store-why'}
              >
                {DELETE_STORE_LABEL}
              </Button>
              {can(store.role, 'store.delete') ? null : (
                <Text size="xs" c="dimmed" id="delete-store-why">
                  {PERMISSION_DENIED_REASONS['store.delete']}
                </Text>
              )}
            </Stack>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
