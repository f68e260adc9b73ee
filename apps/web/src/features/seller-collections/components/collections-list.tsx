import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'

import { formatDateTime } from '@/lib/format'
import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { ListPagination, TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { paths } from '@/config/paths'
import {
  adminCollectionsQueryOptions,
  buildCollectionListParams,
  collectionKeys,
} from '@/features/seller-collections/api/get-admin-collections'
import { confirmAndDeleteCollection } from '@/features/seller-collections/components/collection-form'
import { useAppStore } from '@/lib/app-store'

export const NEW_COLLECTION_LABEL = 'Nueva colección'

/** The store's collections with their product counts: search, 10 per page, delete. */
export function CollectionsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, PAYLOAD_DEBOUNCE_MS)
  const [page, setPage] = useState(1)
  const narrow = useIsNarrow()
  const query = useQuery(
    adminCollectionsQueryOptions(storeId, buildCollectionListParams(page, debounced)),
  )

  const deleteButton = (collection: { _id: string; title: string }) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Eliminar ${collection.title}`}
      onClick={() =>
        void confirmAndDeleteCollection(collection).then((deleted) => {
          if (deleted) void queryClient.invalidateQueries({ queryKey: collectionKeys.all(storeId) })
        })
      }
    >
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  )

  return (
    <Stack gap="md">
      <TextInput
        label="Buscar colecciones"
        placeholder="Título"
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setPage(1)
        }}
        maw={420}
      />
      {!storeId || query.isPending ? (
        <LoadingState label="Cargando colecciones…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.docs.length === 0 ? (
        debounced.trim() ? (
          <EmptyBlock title="Ninguna colección coincide con la búsqueda" />
        ) : (
          <EmptyBlock
            title="Todavía no tenés colecciones"
            description="Agrupá productos (por ejemplo “Ofertas” o “Lácteos”) para que tus clientes los encuentren."
            action={
              <Button
                component={Link}
                to={paths.admin.collectionNew.getHref()}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {NEW_COLLECTION_LABEL}
              </Button>
            }
          />
        )
      ) : (
        <Stack gap="sm">
          {narrow ? (
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Colecciones"
            >
              {query.data.docs.map((collection) => (
                <Paper key={collection._id} withBorder p="sm" radius="md" component="li">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={paths.admin.collection.getHref(collection._id)}
                        fw={600}
                      >
                        {collection.title}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {collection.productIds.length === 1
                          ? '1 producto'
                          : `${collection.productIds.length} productos`}
                      </Text>
                    </Stack>
                    {deleteButton(collection)}
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <TableContainer label="Tabla de colecciones" minWidth={560}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Colección</Table.Th>
                    <Table.Th>Productos</Table.Th>
                    <Table.Th>Actualizada</Table.Th>
                    <Table.Th>
                      <Text span fw={700} fz="sm">
                        Acciones
                      </Text>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.docs.map((collection) => (
                    <Table.Tr key={collection._id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={paths.admin.collection.getHref(collection._id)}
                          fw={600}
                        >
                          {collection.title}
                        </Anchor>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {collection.handle}
                        </Text>
                      </Table.Td>
                      <Table.Td>{collection.productIds.length}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(collection.updatedAt)}</Text>
                      </Table.Td>
                      <Table.Td>{deleteButton(collection)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableContainer>
          )}
          <ListPagination
            page={query.data.page}
            totalPages={query.data.totalPages}
            totalDocs={query.data.totalDocs}
            label="Páginas de colecciones"
            onChange={setPage}
          />
        </Stack>
      )}
    </Stack>
  )
}
