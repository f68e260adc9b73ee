import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { adminOrderQueryOptions } from '@/features/seller-orders/api/get-admin-order'
import { OrderDetail } from '@/features/seller-orders/components/order-detail'
import { OrdersList } from '@/features/seller-orders/components/orders-list'
import { useAppStore } from '@/lib/app-store'

const backToOrders = { href: paths.admin.orders.getHref(), label: 'Pedidos' }

export function AdminOrdersPage() {
  return (
    <AdminPage
      title="Pedidos"
      description="Los pedidos de tu tienda: buscá, filtrá y entrá a uno para cobrarlo y prepararlo."
    >
      <OrdersList />
    </AdminPage>
  )
}

export function AdminOrderPage() {
  const { orderId = '' } = useParams()
  const storeId = useAppStore((s) => s.selectedStoreId)
  const order = useQuery(adminOrderQueryOptions(storeId, orderId))
  return (
    <AdminPage title={order.data ? `Pedido #${order.data.number}` : 'Pedido'} back={backToOrders}>
      {!storeId || order.isPending ? (
        <LoadingState label="Cargando el pedido…" />
      ) : order.isError ? (
        <ErrorState error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <OrderDetail order={order.data} storeId={storeId} />
      )}
    </AdminPage>
  )
}
