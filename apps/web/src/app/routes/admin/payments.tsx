import type { AdminOrderSummary } from '@barrio/contracts/admin-orders'
import { Button, Divider, Stack } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'

import { AdminPage } from '@/components/admin/admin-page'
import { useMarkOrderAsPaid } from '@/api/admin/orders/mark-order-as-paid'
import { adminKeys } from '@/api/query-keys'
import { AwaitingPayments } from '@/features/admin-payments/components/awaiting-payments'
import { MonthlyStatement } from '@/features/admin-payments/components/monthly-statement'
import { PaymentsList } from '@/features/admin-payments/components/payments-list'
import { useAppStore } from '@/lib/app-store'
import { PermissionGate } from '@/lib/store-role'

/** "Marcar como pagado" on an awaiting order: the orders feature's action, then the ledger refreshes. */
function MarkAsPaidButton({ order }: { order: AdminOrderSummary }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const mutation = useMarkOrderAsPaid(storeId, order._id)
  return (
    <Button
      size="xs"
      loading={mutation.isPending}
      aria-label={`Marcar como pagado el pedido #${order.number}`}
      onClick={() =>
        mutation.mutate(undefined, {
          onSettled: () =>
            void queryClient.invalidateQueries({ queryKey: adminKeys.payments.all(storeId) }),
        })
      }
    >
      Marcar como pagado
    </Button>
  )
}

export function AdminPaymentsPage() {
  return (
    <PermissionGate permission="payments">
      <AdminPage
        title="Pagos"
        description="Los cobros y reembolsos de tu tienda, los totales por medio de pago, lo que falta confirmar y el resumen mensual de la comisión de Barrio."
      >
        <Stack gap="lg">
          <AwaitingPayments action={(order) => <MarkAsPaidButton order={order} />} />
          <Divider />
          <PaymentsList />
          <Divider />
          <MonthlyStatement />
        </Stack>
      </AdminPage>
    </PermissionGate>
  )
}
