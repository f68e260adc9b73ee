import type { AdminCollection } from '@barrio/contracts/admin-collections'
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'

import { pageParam, textParam } from '@/components/admin/list/list-params'
import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import {
  deleteAdminCollection,
  useDeleteCollection,
  useRefreshCollections,
} from '@/api/admin/collections/delete-collection'
import {
  buildCollectionListParams,
  useAdminCollections,
} from '@/api/admin/collections/get-collections'
import { useAppStore } from '@/lib/app-store'
import { formatDateTime, plural } from '@/lib/format'

export const NEW_COLLECTION_LABEL = 'Nueva colección'

/** The collection list's URL: /admin/inventory/collections?q=ofertas&page=2. */
const collectionListSchema = z.object({ page: pageParam(), q: textParam() })

const productCount = (collection: AdminCollection) =>
  plural(collection.productIds.length, 'producto', 'productos')

const COLUMNS: Array<ListColumn<AdminCollection>> = [
  {
    key: 'title',
    header: 'Colección',
    card: 'title',
    cell: (collection) => (
      <>
        <Anchor component={Link} to={paths.admin.collection.getHref(collection._id)} fw={600}>
          {collection.title}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {collection.handle}
        </Text>
      </>
    ),
  },
  {
    key: 'products',
    header: 'Productos',
    cell: (collection) => <Text size="sm">{productCount(collection)}</Text>,
  },
  {
    key: 'updatedAt',
    header: 'Actualizada',
    cell: (collection) => <Text size="sm">{formatDateTime(collection.updatedAt)}</Text>,
  },
]

const deleteQuestion = (collections: Array<Pick<AdminCollection, 'title'>>) => ({
  message:
    collections.length === 1
      ? `¿Querés eliminar la colección ${collections[0]!.title}?`
      : `¿Querés eliminar ${plural(collections.length, 'colección', 'colecciones')}?`,
  smallText: 'Los productos no se borran: solo dejan de estar agrupados.',
})

/** The store's collections with their product counts: search, 10 per page, delete. */
export function CollectionsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const navigate = useNavigate()
  const list = useListState(collectionListSchema)
  const query = useAdminCollections(buildCollectionListParams(list.page, list.values.q))
  const remove = useDeleteCollection(storeId)
  const refresh = useRefreshCollections(storeId)

  return (
    <Stack gap="md">
      <TextInput
        label="Buscar colecciones"
        placeholder="Título"
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.currentTarget.value)}
        maw={420}
      />
      <DataList
        label="Colecciones"
        errorTitle="No pudimos cargar tus colecciones"
        query={query}
        waiting={!storeId}
        columns={COLUMNS}
        rowKey={(collection) => collection._id}
        rowLabel={(collection) => collection.title}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ninguna colección coincide con la búsqueda"
        empty={{
          title: 'Todavía no tenés colecciones',
          description:
            'Agrupá productos (por ejemplo “Ofertas” o “Lácteos”) para que tus clientes los encuentren.',
          action: (
            <Button
              component={Link}
              to={paths.admin.collectionNew.getHref()}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {NEW_COLLECTION_LABEL}
            </Button>
          ),
        }}
        minWidth={560}
        rowActions={(collection) => [
          {
            label: 'Editar',
            icon: <IconPencil size={14} aria-hidden />,
            onClick: () => void navigate(paths.admin.collection.getHref(collection._id)),
          },
          {
            label: 'Eliminar',
            color: 'red',
            icon: <IconTrash size={14} aria-hidden />,
            onClick: () =>
              void confirm(deleteQuestion([collection])).then((ok) => {
                if (ok) remove.mutate({ id: collection._id, title: collection.title })
              }),
          },
        ]}
        bulkActions={[
          {
            label: 'Eliminar',
            color: 'red',
            confirm: deleteQuestion,
            run: (collection) => deleteAdminCollection(collection._id),
            doneMessage: (count) => `Eliminaste ${plural(count, 'colección', 'colecciones')}.`,
            onSettled: refresh,
          },
        ]}
      />
    </Stack>
  )
}
