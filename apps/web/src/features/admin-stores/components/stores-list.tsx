import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Anchor, Badge, Button, Group, Text } from '@mantine/core'
import { IconCheck, IconPencil, IconPlus } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { pageParam } from '@/components/admin/list/list-params'
import { useListState } from '@/components/admin/list/use-list-state'
import { paths } from '@/config/paths'
import { useAdminStores } from '@/api/admin/stores/get-stores'
import { NOT_MERCHANT_TEXT } from '@/features/admin-stores/components/not-merchant-notice'
import { StoreOpenSwitch } from '@/features/admin-stores/components/store-open-switch'
import { useCanOpenStores } from '@/features/admin-stores/hooks/use-can-open-stores'
import { cityAndProvince } from '@/features/admin-stores/utils/format-address'
import { selectStore } from '@/features/admin-stores/utils/store-selection'
import { useAppStore } from '@/lib/app-store'

/** The stores page's URL: /admin/stores?page=2. */
const storeListSchema = z.object({ page: pageParam() })

function storeColumns(selectedStoreId: string | null): Array<ListColumn<AdminStore>> {
  return [
    {
      key: 'name',
      header: 'Tienda',
      card: 'title',
      cell: (store) => (
        <Group gap="xs">
          <Anchor component={Link} to={paths.admin.store.getHref(store._id)} fw={600}>
            {store.name}
          </Anchor>
          {store._id === selectedStoreId ? (
            <Badge variant="light" size="sm">
              Seleccionada
            </Badge>
          ) : null}
          {store.status === 'archived' ? (
            <Badge color="gray" size="sm">
              Archivada
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'handle',
      header: 'Identificador',
      cell: (store) => (
        <Text size="sm" ff="monospace">
          {store.handle}
        </Text>
      ),
    },
    {
      key: 'city',
      header: 'Localidad',
      cell: (store) => <Text size="sm">{cityAndProvince(store.address)}</Text>,
    },
    {
      key: 'open',
      header: 'Abierta',
      card: 'plain',
      cell: (store) => <StoreOpenSwitch store={store} />,
    },
  ]
}

/** The seller's stores, 10 per page: name, handle, city, open switch; edit or work with one. */
export function StoresList() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  const canOpenStores = useCanOpenStores()
  const list = useListState(storeListSchema)
  const query = useAdminStores(list.page)

  return (
    <DataList
      label="Tus tiendas"
      errorTitle="No pudimos cargar tus tiendas"
      query={query}
      columns={storeColumns(selectedStoreId)}
      rowKey={(store) => store._id}
      rowLabel={(store) => store.name}
      onPageChange={list.setPage}
      filtered={false}
      onClearFilters={list.clearFilters}
      empty={
        canOpenStores
          ? {
              title: 'Todavía no tenés tiendas',
              description: 'Creá tu primera tienda para empezar a vender.',
              action: (
                <Button
                  component={Link}
                  to={paths.admin.storeNew.getHref()}
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  Crear mi primera tienda
                </Button>
              ),
            }
          : { title: 'Todavía no tenés tiendas', description: NOT_MERCHANT_TEXT }
      }
      minWidth={680}
      rowActions={(store) => [
        {
          label: 'Editar',
          icon: <IconPencil size={14} aria-hidden />,
          onClick: () => void navigate(paths.admin.store.getHref(store._id)),
        },
        ...(store._id !== selectedStoreId && store.status !== 'archived'
          ? [
              {
                label: 'Trabajar con esta tienda',
                icon: <IconCheck size={14} aria-hidden />,
                onClick: () => selectStore(queryClient, store._id),
              },
            ]
          : []),
      ]}
    />
  )
}
