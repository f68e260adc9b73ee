import { PERMISSION_DENIED_REASONS } from '@barrio/contracts/permissions'
import type { AdminOrder, FulfillmentEvent } from '@barrio/contracts/admin-orders'
import { FINAL_FULFILLMENT_EVENTS } from '@barrio/contracts/admin-orders'
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'

import { formatMoney } from '@/lib/format'
import { confirm } from '@/components/confirm/confirm'
import { useApplyFulfillmentEvent } from '@/api/admin/orders/apply-fulfillment-event'
import { useCancelFulfillment } from '@/api/admin/orders/cancel-fulfillment'
import { cancelUnpaidQuestion, useCancelUnpaidOrder } from '@/api/admin/orders/cancel-unpaid-order'
import { useFulfillOrder } from '@/api/admin/orders/fulfill-order'
import { getAdminTransferReceipt } from '@/api/admin/orders/get-transfer-receipt'
import { useFulfillmentEvents } from '@/api/admin/orders/get-fulfillment-events'
import { useMarkOrderAsPaid } from '@/api/admin/orders/mark-order-as-paid'
import { useUpdateOrder } from '@/api/admin/orders/update-order'
import { TransferReceiptLink } from '@/components/orders/transfer-receipt-link'
import { OrderNoticeActions } from '@/features/admin-orders/components/order-notice-actions'
import { ReasonModal } from '@/features/admin-orders/components/reason-modal'
import { RefundModal } from '@/features/admin-orders/components/refund-modal'
import { useCan } from '@/lib/store-role'

export const ORDER_ACTION_LABELS = {
  markAsPaid: 'Marcar como pagado',
  refund: 'Reembolsar',
  fulfill: 'Preparar pedido',
  cancelFulfillment: 'Cancelar envío',
  cancelOrder: 'Cancelar pedido',
  cancelUnpaid: 'Cancelar pedido impago',
  archive: 'Archivar',
} as const

/** The seller's buttons for one order; each shows only when the server says it applies. */
export function OrderActionsPanel({
  order,
  storeId,
}: {
  order: AdminOrder
  storeId: string | null
}) {
  const markPaid = useMarkOrderAsPaid(storeId, order._id)
  // Refunds move money: `payments` (staff may not; decision 029).
  const mayRefund = useCan('payments')
  const fulfill = useFulfillOrder(storeId, order._id)
  const applyEventMutation = useApplyFulfillmentEvent(storeId, order._id)
  const cancelUnpaidMutation = useCancelUnpaidOrder(storeId)
  const cancelFulfillmentMutation = useCancelFulfillment(storeId, order._id)
  const update = useUpdateOrder(storeId, order._id)
  const events = useFulfillmentEvents(storeId, order._id)
  const [dialog, setDialog] = useState<'fulfillment' | 'order' | 'refund' | null>(null)
  const { actions } = order
  const busy = [
    markPaid,
    fulfill,
    applyEventMutation,
    cancelUnpaidMutation,
    cancelFulfillmentMutation,
    update,
  ].some((mutation) => mutation.isPending)
  // With several shipments each one has its own buttons (FulfillmentsSection); with one, its
  // steps are here. The events endpoint is the source; the order's own list covers the first paint.
  const severalShipments = actions.fulfillments.length > 1
  const nextEvents = severalShipments
    ? []
    : (events.data?.events ?? actions.nextEvents).filter((e) => e.value !== 'preparing')

  async function markAsPaid() {
    const ok = await confirm({
      message: `¿Querés marcar como recibido el pago de ${formatMoney(order.total)}?`,
      smallText: `${order.paymentMethodLabel}. El pedido queda como pagado.`,
    })
    if (ok) markPaid.mutate()
  }
  async function applyEvent(value: FulfillmentEvent, label: string) {
    if (FINAL_FULFILLMENT_EVENTS.includes(value)) {
      const ok = await confirm({
        message: `¿Querés marcar el pedido #${order.number} como "${label}"?`,
        smallText: 'El pedido queda completado y le avisamos al cliente.',
      })
      if (!ok) return
    }
    applyEventMutation.mutate({ event: value, label })
  }
  async function cancelUnpaid() {
    const ok = await confirm(cancelUnpaidQuestion(order))
    if (ok) cancelUnpaidMutation.mutate(order._id)
  }
  async function archive() {
    const ok = await confirm({
      message: `¿Querés archivar el pedido #${order.number}?`,
      smallText: 'Sale de la lista de pedidos en curso; lo encontrás filtrando por Archivado.',
    })
    if (ok) update.mutate({ status: 'archived' })
  }

  const nothingToDo =
    !actions.canMarkAsPaid &&
    !actions.canRefund &&
    !actions.canFulfill &&
    nextEvents.length === 0 &&
    (!actions.activeFulfillmentId || severalShipments) &&
    !actions.canCancel &&
    !actions.canCancelUnpaid &&
    !actions.canArchive

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="order-actions-title">
      <Title order={2} fz="lg" mb="sm" id="order-actions-title">
        Acciones
      </Title>
      <Stack gap="xs">
        {actions.canFulfill ? (
          <Button loading={busy} onClick={() => fulfill.mutate()}>
            {ORDER_ACTION_LABELS.fulfill}
          </Button>
        ) : null}
        {nextEvents.map((event) => (
          <Button
            key={event.value}
            variant={event === nextEvents[0] ? 'filled' : 'light'}
            disabled={busy}
            onClick={() => void applyEvent(event.value, event.label)}
          >
            {event.label}
          </Button>
        ))}
        {actions.canMarkAsPaid ? (
          <Button variant="light" color="green" disabled={busy} onClick={() => void markAsPaid()}>
            {ORDER_ACTION_LABELS.markAsPaid}
          </Button>
        ) : null}
        {order.transferReceipt ? (
          <TransferReceiptLink
            fileName={order.transferReceipt.fileName}
            load={() => getAdminTransferReceipt(order._id)}
            testId="transfer-receipt-link"
          >
            Ver comprobante de transferencia ({order.transferReceipt.fileName})
          </TransferReceiptLink>
        ) : null}
        {actions.canRefund ? (
          <Button
            variant="light"
            color="grape"
            disabled={busy || !mayRefund}
            aria-describedby={mayRefund ? undefined : 'refund-not-allowed'}
            onClick={() => setDialog('refund')}
          >
            {ORDER_ACTION_LABELS.refund}
          </Button>
        ) : null}
        {actions.canRefund && !mayRefund ? (
          <Text size="xs" c="dimmed" id="refund-not-allowed">
            {PERMISSION_DENIED_REASONS.payments}
          </Text>
        ) : null}
        {actions.activeFulfillmentId && !severalShipments ? (
          <Button
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => setDialog('fulfillment')}
          >
            {ORDER_ACTION_LABELS.cancelFulfillment}
          </Button>
        ) : null}
        {actions.canCancelUnpaid ? (
          <Button variant="light" color="red" disabled={busy} onClick={() => void cancelUnpaid()}>
            {ORDER_ACTION_LABELS.cancelUnpaid}
          </Button>
        ) : null}
        {actions.canCancel ? (
          <Button variant="subtle" color="red" disabled={busy} onClick={() => setDialog('order')}>
            {ORDER_ACTION_LABELS.cancelOrder}
          </Button>
        ) : null}
        {actions.canArchive ? (
          <Button variant="default" disabled={busy} onClick={() => void archive()}>
            {ORDER_ACTION_LABELS.archive}
          </Button>
        ) : null}
        {nothingToDo ? (
          <Text size="sm" c="dimmed">
            No hay acciones pendientes para este pedido.
          </Text>
        ) : null}
      </Stack>
      <OrderNoticeActions order={order} />

      <RefundModal
        order={order}
        storeId={storeId}
        opened={dialog === 'refund'}
        onClose={() => setDialog(null)}
      />
      <ReasonModal
        opened={dialog === 'fulfillment'}
        title="Cancelar envío"
        message="El envío se cancela y sus productos vuelven a quedar por preparar."
        confirmLabel={ORDER_ACTION_LABELS.cancelFulfillment}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(reason) =>
          cancelFulfillmentMutation.mutate(
            { fulfillmentId: actions.activeFulfillmentId!, reason },
            { onSettled: () => setDialog(null) },
          )
        }
      />
      <ReasonModal
        opened={dialog === 'order'}
        title="Cancelar pedido"
        message="El stock de los productos vuelve a estar disponible. Si el cliente ya pagó, acordate de reembolsarlo."
        confirmLabel={ORDER_ACTION_LABELS.cancelOrder}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(reason) =>
          update.mutate(
            { status: 'cancelled', ...(reason.trim() ? { reason: reason.trim() } : {}) },
            { onSettled: () => setDialog(null) },
          )
        }
      />
    </Card>
  )
}
