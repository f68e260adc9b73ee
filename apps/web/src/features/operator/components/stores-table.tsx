import { STORE_CATEGORY_LABELS } from '@barrio/contracts/common'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import {
  OPERATOR_STORE_STATUS_LABELS,
  OPERATOR_STORE_STATUSES,
  type OperatorStore,
  type OperatorStoreStatus,
} from '@barrio/contracts/operator'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'
import { Badge, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconList, IconPlayerPlay, IconPlayerStop, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { z } from 'zod'

import { useOperatorStores } from '@/api/operator/stores/get-stores'
import { useUnsuspendStore } from '@/api/operator/stores/moderate-store'
import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { enumParam, pageParam, textParam } from '@/components/admin/list/list-params'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { StoreProductsDrawer } from '@/features/operator/components/store-products-drawer'
import { SuspendStoreForm } from '@/features/operator/components/suspend-store-form'
import { getErrorMessage } from '@/lib/http/api-error'
import { formatCount, formatDate, formatMoney } from '@/lib/format'
import { showErrorToast, showToast } from '@/lib/toast'
import { useScreen } from '@/lib/use-screen'

export const STORE_SEARCH_LABEL = 'Buscar tiendas'
export const STATUS_FILTER_LABEL = 'Estado'
export const REACTIVATE_LABEL = 'Reactivar'
export const VIEW_PRODUCTS_LABEL = 'Ver productos'

/** The list's URL: /operator/stores?q=almacen&status=suspended&page=2 (every status by default). */
const storeListSchema = z.object({
  q: textParam(),
  status: enumParam(['all', ...OPERATOR_STORE_STATUSES], 'all'),
  page: pageParam(),
})

const STATUS_COLORS: Record<OperatorStoreStatus, string> = {
  active: 'green',
  suspended: 'red',
  archived: 'gray',
}

function place(store: OperatorStore): string {
  const province = PROVINCE_NAMES[store.provinceCode as keyof typeof PROVINCE_NAMES]
  return [store.city, province ?? store.provinceCode].filter(Boolean).join(', ')
}

function StatusCell({ store }: { store: OperatorStore }) {
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLORS[store.status]} variant="light">
        {OPERATOR_STORE_STATUS_LABELS[store.status]}
      </Badge>
      {store.suspension ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {`Desde el ${formatDate(store.suspension.since)}: ${store.suspension.reason}`}
        </Text>
      ) : null}
    </Stack>
  )
}

const COLUMNS: Array<ListColumn<OperatorStore>> = [
  {
    key: 'store',
    header: 'Tienda',
    card: 'title',
    cell: (store) => (
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {store.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {store.handle}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'owner',
    header: 'Dueño',
    cell: (store) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {store.owner.email}
      </Text>
    ),
  },
  {
    key: 'place',
    header: 'Localidad',
    cell: (store) => (
      <Stack gap={0}>
        <Text size="sm">{place(store)}</Text>
        <Text size="xs" c="dimmed">
          {STORE_CATEGORY_LABELS[store.category]}
        </Text>
      </Stack>
    ),
  },
  { key: 'status', header: 'Estado', cell: (store) => <StatusCell store={store} /> },
  {
    key: 'orders',
    header: 'Pedidos',
    cell: (store) => formatCount(store.ordersCount),
    nowrap: true,
  },
  { key: 'sales', header: 'Ventas', cell: (store) => formatMoney(store.salesCents), nowrap: true },
]

/**
 * Every store of the city (issue 24): searched by name, handle or owner's e-mail, filtered by
 * status, with its orders and sales; "Suspender" asks for the reason its team will read,
 * "Reactivar" brings the store back for customers.
 */
export function StoresTable() {
  const list = useListState(storeListSchema)
  const { status, q } = list.values
  const query = useOperatorStores({
    q: q || undefined,
    status: status === 'all' ? undefined : status,
    page: list.page,
    limit: PAGE_SIZES.adminCustomers,
  })
  const [suspending, setSuspending] = useState<OperatorStore | null>(null)
  const [browsing, setBrowsing] = useState<OperatorStore | null>(null)
  const reactivation = useUnsuspendStore()
  const phone = useScreen('(max-width: 48em)')

  const reactivate = async (store: OperatorStore) => {
    const sure = await confirm({
      message: `¿Reactivar ${store.name}?`,
      smallText: 'Los clientes vuelven a ver la tienda y a poder comprarle.',
    })
    if (!sure) return
    reactivation.mutate(store._id, {
      onSuccess: () => showToast({ message: `Reactivaste ${store.name}.`, type: 'success' }),
      onError: (error) => showErrorToast(getErrorMessage(error)),
    })
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={STORE_SEARCH_LABEL}
          placeholder="Nombre, dirección web o e-mail del dueño"
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          maw={phone ? undefined : 420}
        />
        <Select
          label={STATUS_FILTER_LABEL}
          value={status}
          onChange={(value) => list.set({ status: (value ?? 'all') as typeof status })}
          data={[
            { value: 'all', label: 'Todos' },
            ...OPERATOR_STORE_STATUSES.map((value) => ({
              value,
              label: OPERATOR_STORE_STATUS_LABELS[value],
            })),
          ]}
          allowDeselect={false}
          w={phone ? '100%' : 180}
        />
      </Group>
      <DataList
        label="Tiendas"
        query={query}
        columns={COLUMNS}
        rowKey={(store) => store._id}
        rowLabel={(store) => store.name}
        rowActions={(store) => [
          {
            label: VIEW_PRODUCTS_LABEL,
            icon: <IconList size={14} aria-hidden />,
            onClick: () => setBrowsing(store),
          },
          ...(store.suspension
            ? [
                {
                  label: REACTIVATE_LABEL,
                  icon: <IconPlayerPlay size={14} aria-hidden />,
                  disabled: reactivation.isPending,
                  onClick: () => void reactivate(store),
                },
              ]
            : [
                {
                  label: 'Suspender',
                  color: 'red',
                  icon: <IconPlayerStop size={14} aria-hidden />,
                  onClick: () => setSuspending(store),
                },
              ]),
        ]}
        onPageChange={list.setPage}
        empty={{ title: 'Todavía no hay tiendas en Barrio.' }}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ninguna tienda coincide con la búsqueda"
        errorTitle="No pudimos cargar las tiendas"
        minWidth={900}
      />
      <Modal
        opened={suspending !== null}
        onClose={() => setSuspending(null)}
        title={suspending ? `Suspender ${suspending.name}` : 'Suspender'}
        fullScreen={phone === true}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        {suspending ? (
          <SuspendStoreForm
            store={suspending}
            onDone={() => setSuspending(null)}
            onCancel={() => setSuspending(null)}
          />
        ) : null}
      </Modal>
      <StoreProductsDrawer store={browsing} onClose={() => setBrowsing(null)} />
    </Stack>
  )
}
