import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { adminOrderQueryOptions } from '@/features/seller-orders/api/get-admin-order'
import { OrderDetail } from '@/features/seller-orders/components/order-detail'
import { OrdersList } from '@/features/seller-orders/components/orders-list'
import { NewOrderForm } from '@/features/seller-new-order/components/new-order-form'
import { useAppStore } from '@/lib/app-store'
import { showToast } from '@/lib/toast'

export const NEW_ORDER_LABEL = 'Nuevo pedido'

const backToOrders = { href: paths.admin.orders.getHref(), label: 'Pedidos' }

export function AdminOrdersPage() {
  return (
    <AdminPage
      title="Pedidos"
      description="Los pedidos de tu tienda: buscá, filtrá y entrá a uno para cobrarlo y prepararlo."
      actions={
        <Button
          component={Link}
          to={paths.admin.orderNew.getHref()}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {NEW_ORDER_LABEL}
        </Button>
      }
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

/** /admin/orders/new[?customerId]: an order taken by phone, WhatsApp or at the counter. */
export function AdminNewOrderPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const storeId = useAppStore((s) => s.selectedStoreId)
  return (
    <AdminPage
      title={NEW_ORDER_LABEL}
      description="Cargá un pedido que te hicieron por teléfono, WhatsApp o en el local."
      back={backToOrders}
    >
      {!storeId ? (
        <LoadingState label="Cargando tu tienda…" />
      ) : (
        <NewOrderForm
          key={storeId}
          initialCustomerId={params.get('customerId')}
          onCreated={(order) => {
            showToast({ type: 'success', message: `Creaste el pedido #${order.number}.` })
            void navigate(paths.admin.order.getHref(order._id))
          }}
        />
      )}
    </AdminPage>
  )
}
