import type { AdminOrderSummary } from '@barrio/contracts/admin-orders'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import { useState } from 'react'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { useAdminOrders } from '@/api/admin/orders/get-orders'
import { ORDER_COLUMNS } from '@/features/admin-orders/components/order-columns'
import { useAppStore } from '@/lib/app-store'

const COLUMNS: Array<ListColumn<AdminOrderSummary>> = [
  ORDER_COLUMNS.number,
  ORDER_COLUMNS.createdAt,
  ORDER_COLUMNS.total,
  ORDER_COLUMNS.status,
  ORDER_COLUMNS.payment,
]

/** The customer's orders at this store, newest first, 25 per page, each linking to the order. */
export function CustomerOrders({ customerId }: { customerId: string }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const [page, setPage] = useState(1)
  const query = useAdminOrders({
    page,
    limit: PAGE_SIZES.adminOrders,
    sort: '-createdAt',
    query: JSON.stringify({ customerId }),
  })
  return (
    <DataList
      label="Pedidos del cliente"
      errorTitle="No pudimos cargar sus pedidos"
      query={query}
      waiting={!storeId}
      columns={COLUMNS}
      rowKey={(order) => order._id}
      rowLabel={(order) => `Pedido #${order.number}`}
      onPageChange={setPage}
      filtered={false}
      onClearFilters={() => undefined}
      empty={{
        title: 'Todavía no tiene pedidos',
        description: 'Cuando compre en tu tienda, sus pedidos aparecen acá.',
      }}
      minWidth={620}
    />
  )
}
