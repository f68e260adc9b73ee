import type { AdminOrderSummary } from '@barrio/contracts/admin-orders'
import { Stack } from '@mantine/core'
import { IconX } from '@tabler/icons-react'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn, SortOption } from '@/components/admin/list/data-list-types'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { cancelUnpaidQuestion, useCancelUnpaidOrder } from '@/api/admin/orders/cancel-unpaid-order'
import { useAdminOrders } from '@/api/admin/orders/get-orders'
import { ORDER_ACTION_LABELS } from '@/features/admin-orders/components/order-actions-panel'
import { ORDER_COLUMNS } from '@/features/admin-orders/components/order-columns'
import { OrderFilters } from '@/features/admin-orders/components/order-filters'
import {
  buildOrderListParams,
  canCancelUnpaid,
  orderFiltersOf,
  orderListSchema,
} from '@/features/admin-orders/utils/order-filter'
import { paths, type TicketFormat } from '@/config/paths'
import { useAppStore } from '@/lib/app-store'

const SORT_OPTIONS: SortOption[] = [
  { value: '-createdAt', label: 'Más recientes' },
  { value: 'createdAt', label: 'Más antiguos' },
  { value: '-total', label: 'Total: mayor a menor' },
  { value: 'total', label: 'Total: menor a mayor' },
  { value: 'scheduledFor', label: 'Franja: más próxima primero' },
  { value: '-scheduledFor', label: 'Franja: más lejana primero' },
]

const COLUMNS: Array<ListColumn<AdminOrderSummary>> = [
  ORDER_COLUMNS.number,
  { ...ORDER_COLUMNS.createdAt, sortField: 'createdAt' },
  ORDER_COLUMNS.customer,
  { ...ORDER_COLUMNS.total, sortField: 'total' },
  ORDER_COLUMNS.status,
  ORDER_COLUMNS.payment,
  ORDER_COLUMNS.delivery,
  { ...ORDER_COLUMNS.slot, sortField: 'scheduledFor', firstDirection: 'asc' },
]

/**
 * Orders of the selected store: filters (one day of scheduled orders too), search, sortable date,
 * total and slot, 25 per page.
 */
export function OrdersList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const list = useListState(orderListSchema)
  const { values } = list
  const query = useAdminOrders(
    buildOrderListParams(orderFiltersOf(values), values.page, values.sort),
  )
  const cancelUnpaid = useCancelUnpaid(storeId)

  return (
    <Stack gap="md">
      <OrderFilters
        value={values}
        searchText={list.searchText}
        onSearchTextChange={list.setSearchText}
        onChange={list.set}
        onClear={list.clearFilters}
        hasFilters={list.hasFilters}
      />
      <DataList
        label="Pedidos"
        errorTitle="No pudimos cargar tus pedidos"
        query={query}
        waiting={!storeId}
        columns={COLUMNS}
        rowKey={(order) => order._id}
        rowLabel={(order) => `Pedido #${order.number}`}
        sort={{
          value: values.sort,
          options: SORT_OPTIONS,
          onChange: (sort) => list.set({ sort: orderListSchema.shape.sort.parse(sort) }),
        }}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ningún pedido coincide con los filtros"
        empty={{
          title: 'Todavía no recibiste pedidos',
          description: 'Cuando un cliente compre en tu tienda, el pedido aparece acá.',
        }}
        minWidth={960}
        bulkActions={PRINT_ACTIONS}
        rowActions={(order) =>
          canCancelUnpaid(order)
            ? [
                {
                  label: ORDER_ACTION_LABELS.cancelUnpaid,
                  color: 'red',
                  icon: <IconX size={14} aria-hidden />,
                  onClick: () => cancelUnpaid(order),
                },
              ]
            : []
        }
      />
    </Stack>
  )
}

/**
 * "Imprimir comandas" / "Imprimir remitos" on the selected orders (decision 052): one tab with
 * every ticket, a page each. Opened right after the click (no request in between), while the
 * browser still counts it as the seller's doing and lets the tab open.
 */
function printAction(label: string, format: TicketFormat, noun: [string, string]) {
  return {
    label,
    run: async () => {},
    doneMessage: (count: number) =>
      `Abrimos ${count === 1 ? `1 ${noun[0]}` : `${count} ${noun[1]}`} para imprimir.`,
    onSettled: ({ done }: { done: AdminOrderSummary[] }) => {
      if (done.length > 0)
        window.open(
          paths.admin.ordersPrint.getHref(
            done.map((o) => o._id),
            format,
          ),
          '_blank',
        )
    },
  }
}
const PRINT_ACTIONS = [
  printAction('Imprimir comandas', '80mm', ['comanda', 'comandas']),
  printAction('Imprimir remitos', 'a4', ['remito', 'remitos']),
]

/**
 * "Cancelar pedido impago" from a row: after the confirmation the order is cancelled, its stock
 * goes back to sale and the list refreshes.
 */
function useCancelUnpaid(storeId: string | null) {
  const mutation = useCancelUnpaidOrder(storeId)
  return (order: AdminOrderSummary) =>
    void confirm(cancelUnpaidQuestion(order)).then((ok) => {
      if (ok) mutation.mutate(order._id)
    })
}
