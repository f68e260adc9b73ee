import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'

import { LoadingState } from '@/components/admin/page-states'
import { sessionStoresQueryOptions } from '@/api/admin/stores/get-stores'
import { StoreOpenSwitch } from '@/features/admin-stores/components/store-open-switch'
import { fullAddress } from '@/features/admin-stores/utils/format-address'
import { useAppStore } from '@/lib/app-store'

/** The selected store at a glance: name, address and the open/closed switch. */
export function SelectedStoreCard() {
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  const { data: stores, isPending } = useQuery(sessionStoresQueryOptions())
  const store = stores?.find((s) => s._id === selectedStoreId)

  if (isPending && !store) return <LoadingState label="Cargando tu tienda…" />
  if (!store) {
    return (
      <Card withBorder>
        <Text c="dimmed">Elegí una tienda en el selector de arriba para ver su resumen.</Text>
      </Card>
    )
  }

  return (
    <Card withBorder padding="lg" aria-labelledby="selected-store-name">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={store.logoUrl} alt="" size="lg" radius="md" color="green">
            {store.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="xl" id="selected-store-name">
              {store.name}
            </Title>
            <Text size="sm" c="dimmed">
              {fullAddress(store.address)}
            </Text>
            <Group gap="xs">
              <Badge color={store.isOpen ? 'green' : 'gray'} variant="light">
                {store.isOpen ? 'Abierta ahora' : 'Cerrada'}
              </Badge>
              {store.status === 'archived' ? <Badge color="gray">Archivada</Badge> : null}
            </Group>
          </Stack>
        </Group>
        <StoreOpenSwitch
          store={store}
          labels={{ open: 'Tienda abierta', closed: 'Tienda cerrada' }}
          size="lg"
        />
      </Group>
    </Card>
  )
}
