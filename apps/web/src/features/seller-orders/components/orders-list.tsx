import type { AdminOrderSummary, OrderSort } from '@barrio/contracts/admin-orders'
import { Anchor, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'

import { formatMoney, formatDateTime } from '@/lib/format'
import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { SortSelect } from '@/components/admin/sort-select'
import { ListPagination, SortableTh, TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { useListControls } from '@/components/admin/use-list-controls'
import { paths } from '@/config/paths'
import { confirm } from '@/components/confirm/confirm'
import { adminOrdersQueryOptions } from '@/features/seller-orders/api/get-admin-orders'
import {
  cancelUnpaidOrder,
  cancelUnpaidQuestion,
  useOrderAction,
} from '@/features/seller-orders/api/order-actions'
import { ORDER_ACTION_LABELS } from '@/features/seller-orders/components/order-actions-panel'
import { OrderFilters } from '@/features/seller-orders/components/order-filters'
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/order-badges/order-badges'
import {
  buildOrderListParams,
  canCancelUnpaid,
  DEFAULT_ORDER_SORT,
  emptyOrderFilters,
  nextOrderSort,
} from '@/features/seller-orders/utils/order-filter'
import { useAppStore } from '@/lib/app-store'

const SORT_OPTIONS: Array<{ value: OrderSort; label: string }> = [
  { value: '-createdAt', label: 'Más recientes' },
  { value: 'createdAt', label: 'Más antiguos' },
  { value: '-total', label: 'Total: mayor a menor' },
  { value: 'total', label: 'Total: menor a mayor' },
]

/**
 * "Cancelar pedido impago" on a list row: after the confirmation the order is cancelled, its stock
 * goes back to sale and the list refreshes.
 */
function CancelUnpaidButton({
  order,
  storeId,
}: {
  order: AdminOrderSummary
  storeId: string | null
}) {
  const action = useOrderAction(storeId, order._id)
  if (!canCancelUnpaid(order)) return null
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      loading={action.isPending}
      aria-label={`${ORDER_ACTION_LABELS.cancelUnpaid} #${order.number}`}
      onClick={() =>
        void confirm(cancelUnpaidQuestion(order)).then((ok) => {
          if (ok)
            action.mutate({
              run: () => cancelUnpaidOrder(order._id),
              success: `Pedido #${order.number} cancelado; el stock volvió a estar a la venta.`,
            })
        })
      }
    >
      {ORDER_ACTION_LABELS.cancelUnpaid}
    </Button>
  )
}

/** One order as a card (phones). */
function OrderCard({ order, storeId }: { order: AdminOrderSummary; storeId: string | null }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={paths.admin.order.getHref(order._id)} fw={700}>
            Pedido #{order.number}
          </Anchor>
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(order.total)}
          </Text>
        </Group>
        <Text size="sm" lineClamp={1}>
          {order.customer.name}
        </Text>
        <Group gap={6}>
          <OrderStatusBadge order={order} />
          <PaymentStatusBadge order={order} />
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(order.createdAt)} · {order.deliveryTypeLabel}
        </Text>
        <Group>
          <CancelUnpaidButton order={order} storeId={storeId} />
        </Group>
      </Stack>
    </Paper>
  )
}

/** Orders of the selected store: filters, search, sortable date and total, 25 per page. */
export function OrdersList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const narrow = useIsNarrow()
  const list = useListControls(emptyOrderFilters, DEFAULT_ORDER_SORT)
  const { filters, page, sort } = list

  const params = buildOrderListParams({ ...filters, search: list.search }, page, sort)
  const query = useQuery(adminOrdersQueryOptions(storeId, params))
  const hasFilters = params.query !== undefined

  const sortable = (label: string, field: 'createdAt' | 'total') => (
    <SortableTh
      label={label}
      direction={sort === field ? 'asc' : sort === `-${field}` ? 'desc' : null}
      onSort={() => list.setSort(nextOrderSort(sort, field))}
    />
  )

  return (
    <Stack gap="md">
      <OrderFilters
        value={filters}
        searchText={list.searchText}
        onSearchTextChange={list.setSearchText}
        onChange={list.patchFilters}
        onClear={list.clear}
      />
      {narrow ? <SortSelect options={SORT_OPTIONS} value={sort} onChange={list.setSort} /> : null}

      {!storeId || query.isPending ? (
        <LoadingState label="Cargando pedidos…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.docs.length === 0 ? (
        hasFilters ? (
          <EmptyBlock
            title="Ningún pedido coincide con los filtros"
            description="Probá con otra búsqueda o limpiá los filtros."
          />
        ) : (
          <EmptyBlock
            title="Todavía no recibiste pedidos"
            description="Cuando un cliente compre en tu tienda, el pedido aparece acá."
          />
        )
      ) : (
        <Stack
          gap="sm"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={query.isFetching}
        >
          {narrow ? (
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Pedidos"
            >
              {query.data.docs.map((order) => (
                <OrderCard key={order._id} order={order} storeId={storeId} />
              ))}
            </Stack>
          ) : (
            <TableContainer label="Tabla de pedidos" minWidth={860}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Pedido</Table.Th>
                    {sortable('Fecha', 'createdAt')}
                    <Table.Th>Cliente</Table.Th>
                    {sortable('Total', 'total')}
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Pago</Table.Th>
                    <Table.Th>Entrega</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.docs.map((order) => (
                    <Table.Tr key={order._id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={paths.admin.order.getHref(order._id)}
                          fw={600}
                          aria-label={`Pedido #${order.number}`}
                        >
                          #{order.number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(order.createdAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={1}>
                          {order.customer.name}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {order.customer.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(order.total)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge order={order} />
                      </Table.Td>
                      <Table.Td>
                        <PaymentStatusBadge order={order} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{order.deliveryTypeLabel}</Text>
                      </Table.Td>
                      <Table.Td>
                        <CancelUnpaidButton order={order} storeId={storeId} />
                      </Table.Td>
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
            label="Páginas de pedidos"
            onChange={list.setPage}
          />
        </Stack>
      )}
    </Stack>
  )
}
