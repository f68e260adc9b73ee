import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { ListPagination, TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { paths } from '@/config/paths'
import { adminStoresPageQueryOptions } from '@/features/seller-stores/api/get-admin-stores'
import { StoreOpenSwitch } from '@/features/seller-stores/components/store-open-switch'
import { cityAndProvince } from '@/features/seller-stores/utils/format-address'
import { selectStore } from '@/features/seller-stores/utils/store-selection'
import { useAppStore } from '@/lib/app-store'

/** The seller's stores, 10 per page: name, handle, city, open switch. */
export function StoresList() {
  const [searchParams, setSearchParams] = useSearchParams()
  const page = Math.max(1, Number(searchParams.get('page')) || 1)
  const queryClient = useQueryClient()
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  const query = useQuery(adminStoresPageQueryOptions(page))
  const narrow = useIsNarrow()

  if (query.isPending) return <LoadingState label="Cargando tiendas…" />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />

  const { docs, totalPages, totalDocs } = query.data
  if (docs.length === 0) {
    return (
      <EmptyBlock
        title="Todavía no tenés tiendas"
        description="Creá tu primera tienda para empezar a vender."
        action={
          <Button
            component={Link}
            to={paths.admin.storeNew.getHref()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Crear mi primera tienda
          </Button>
        }
      />
    )
  }

  const badges = (store: (typeof docs)[number]) => (
    <>
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
    </>
  )
  const actions = (store: (typeof docs)[number]) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={paths.admin.store.getHref(store._id)}
        size="compact-sm"
        variant="light"
        aria-label={`Editar ${store.name}`}
      >
        Editar
      </Button>
      {store._id !== selectedStoreId && store.status !== 'archived' ? (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => selectStore(queryClient, store._id)}
          aria-label={`Trabajar con ${store.name}`}
        >
          Seleccionar
        </Button>
      ) : null}
    </Group>
  )

  return (
    <Stack gap="sm">
      {narrow ? (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Tus tiendas"
        >
          {docs.map((store) => (
            <Paper key={store._id} withBorder p="sm" radius="md" component="li">
              <Stack gap={6}>
                <Group gap="xs">
                  <Anchor component={Link} to={paths.admin.store.getHref(store._id)} fw={600}>
                    {store.name}
                  </Anchor>
                  {badges(store)}
                </Group>
                <Text size="sm" c="dimmed" ff="monospace">
                  {store.handle}
                </Text>
                <Text size="sm">{cityAndProvince(store.address)}</Text>
                <Group justify="space-between">
                  <StoreOpenSwitch store={store} />
                  {actions(store)}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer label="Tus tiendas" minWidth={680}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tienda</Table.Th>
                <Table.Th>Identificador</Table.Th>
                <Table.Th>Localidad</Table.Th>
                <Table.Th>Abierta</Table.Th>
                <Table.Th>
                  <Text span fw={700} fz="sm">
                    Acciones
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((store) => (
                <Table.Tr key={store._id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={paths.admin.store.getHref(store._id)} fw={600}>
                        {store.name}
                      </Anchor>
                      {badges(store)}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {store.handle}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{cityAndProvince(store.address)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StoreOpenSwitch store={store} />
                  </Table.Td>
                  <Table.Td>{actions(store)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableContainer>
      )}
      <ListPagination
        page={page}
        totalPages={totalPages}
        totalDocs={totalDocs}
        label="Páginas de tiendas"
        onChange={(next) => setSearchParams({ page: String(next) })}
      />
    </Stack>
  )
}
