import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Button, Grid, Stack } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { deleteAdminStore } from '@/features/seller-stores/api/delete-admin-store'
import {
  adminStoreQueryOptions,
  adminStoresKeys,
} from '@/features/seller-stores/api/get-admin-stores'
import {
  createAdminStore,
  invalidateStoreLists,
  storeStoreInCaches,
  updateAdminStore,
} from '@/features/seller-stores/api/save-admin-store'
import { StoreForm } from '@/features/seller-stores/components/store-form'
import { StoreMediaField } from '@/features/seller-stores/components/store-media-field'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const STORE_SAVE_LABELS = { create: 'Crear tienda', update: 'Guardar cambios' } as const
export const DELETE_STORE_LABEL = 'Eliminar tienda'

/** The new-store form: after the first save the seller lands on the store's page (logo, cover). */
export function StoreCreator() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <StoreForm
      submitLabel={STORE_SAVE_LABELS.create}
      save={createAdminStore}
      onSaved={(store) => {
        queryClient.setQueryData(adminStoresKeys.detail(store._id), store)
        void invalidateStoreLists(queryClient)
        showToast({ message: `Creaste la tienda ${store.name}.`, type: 'success' })
        void navigate(paths.admin.store.getHref(store._id), { replace: true })
      }}
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
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [deleting, setDeleting] = useState(false)

  async function remove() {
    const ok = await confirm({
      message: `¿Querés eliminar la tienda ${store.name}?`,
      smallText:
        'Si la tienda ya tiene pedidos, no se borra: se archiva, deja de verse para los clientes y conservás su historial.',
    })
    if (!ok) return
    setDeleting(true)
    try {
      const result = await deleteAdminStore(store._id)
      showToast({
        message: result.archived
          ? `La tienda ${store.name} tenía pedidos: quedó archivada.`
          : result.message || `Eliminaste la tienda ${store.name}.`,
        type: 'success',
      })
      queryClient.removeQueries({ queryKey: adminStoresKeys.detail(store._id) })
      await invalidateStoreLists(queryClient)
      void navigate(paths.admin.stores.getHref())
    } catch (error) {
      showErrorToast(getErrorMessage(error))
    } finally {
      setDeleting(false)
    }
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <StoreForm
          store={store}
          submitLabel={STORE_SAVE_LABELS.update}
          // Open/closed and the images have their own controls: send what the server has now.
          save={(input) =>
            updateAdminStore(store._id, {
              ...input,
              isOpen: store.isOpen,
              logoUrl: store.logoUrl,
              coverUrl: store.coverUrl,
            })
          }
          onSaved={(saved) => {
            storeStoreInCaches(queryClient, saved)
            void invalidateStoreLists(queryClient)
            showToast({ message: 'Guardamos los cambios de la tienda.', type: 'success' })
          }}
          secondaryActions={
            allowDelete ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => void remove()}
                loading={deleting}
              >
                {DELETE_STORE_LABEL}
              </Button>
            ) : null
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <StoreMediaField store={store} kind="logo" />
          <StoreMediaField store={store} kind="cover" />
        </Stack>
      </Grid.Col>
    </Grid>
  )
}
