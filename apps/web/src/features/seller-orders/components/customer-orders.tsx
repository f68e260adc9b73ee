import type { AdminOrderSummary } from '@barrio/contracts/admin-orders'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import { Anchor, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/order-badges/order-badges'
import { paths } from '@/config/paths'
import { useAdminOrders } from '@/features/seller-orders/api/get-admin-orders'
import { useAppStore } from '@/lib/app-store'
import { formatDateTime, formatMoney } from '@/lib/format'

const nowrap = { whiteSpace: 'nowrap' } as const

const COLUMNS: Array<ListColumn<AdminOrderSummary>> = [
  {
    key: 'number',
    header: 'Pedido',
    card: 'title',
    cell: (order) => (
      <Anchor
        component={Link}
        to={paths.admin.order.getHref(order._id)}
        fw={700}
        aria-label={`Pedido #${order.number}`}
      >
        #{order.number}
      </Anchor>
    ),
  },
  {
    key: 'createdAt',
    header: 'Fecha',
    cell: (order) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(order.createdAt)}
      </Text>
    ),
  },
  {
    key: 'total',
    header: 'Total',
    cell: (order) => (
      <Text size="sm" fw={600} style={nowrap}>
        {formatMoney(order.total)}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Estado',
    nowrap: true,
    cell: (order) => <OrderStatusBadge order={order} />,
  },
  {
    key: 'payment',
    header: 'Pago',
    nowrap: true,
    cell: (order) => <PaymentStatusBadge order={order} />,
  },
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
