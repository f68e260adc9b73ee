import { Button, Group } from '@mantine/core'
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { adminOrderQueryOptions, adminOrderStoreQueryOptions } from '@/api/admin/orders/get-order'
import { OrderDetail } from '@/features/admin-orders/components/order-detail'
import { OrdersList } from '@/features/admin-orders/components/orders-list'
import { PendingWithdrawalsBadge } from '@/features/admin-withdrawals/components/pending-withdrawals-badge'
import { NewOrderForm } from '@/features/admin-counter-orders/components/new-order-form'
import { selectStore } from '@/features/admin-stores/utils/store-selection'
import { useAppStore } from '@/lib/app-store'
import { ApiError } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

export const NEW_ORDER_LABEL = 'Nuevo pedido'

const backToOrders = { href: paths.admin.orders.getHref(), label: 'Pedidos' }

export function AdminOrdersPage() {
  return (
    <AdminPage
      title="Pedidos"
      description="Los pedidos de tu tienda: buscá, filtrá y entrá a uno para cobrarlo y prepararlo."
      actions={
        <Group gap="sm">
          {/* Issue 27: the botón de arrepentimiento's requests, with how many wait. */}
          <Button
            component={Link}
            to={paths.admin.withdrawals.getHref()}
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            rightSection={<PendingWithdrawalsBadge />}
          >
            Arrepentimientos
          </Button>
          <Button
            component={Link}
            to={paths.admin.orderNew.getHref()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {NEW_ORDER_LABEL}
          </Button>
        </Group>
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
  const owner = useOrderStoreSwitch(orderId, storeId, order.error)
  return (
    <AdminPage title={order.data ? `Pedido #${order.data.number}` : 'Pedido'} back={backToOrders}>
      {!storeId || order.isPending || owner.switching ? (
        <LoadingState label="Cargando el pedido…" />
      ) : order.isError ? (
        <ErrorState error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <OrderDetail order={order.data} storeId={storeId} />
      )}
    </AdminPage>
  )
}

/**
 * A link to an order of another of the seller's stores (the "Nuevo pedido" e-mail, a shared URL)
 * switches the back office to that store instead of saying the order does not exist. Only a 404
 * asks; an order of a store the user has no role in stays "No encontramos ese pedido".
 */
function useOrderStoreSwitch(orderId: string, storeId: string | null, error: Error | null) {
  const queryClient = useQueryClient()
  const missing = error instanceof ApiError && error.statusCode === 404
  const lookup = useQuery(adminOrderStoreQueryOptions(orderId, missing))
  const target = lookup.data?.storeId
  const elsewhere = Boolean(missing && target && target !== storeId)
  useEffect(() => {
    if (elsewhere && target) selectStore(queryClient, target)
  }, [elsewhere, target, queryClient])
  return { switching: missing && (lookup.isPending || elsewhere) }
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
