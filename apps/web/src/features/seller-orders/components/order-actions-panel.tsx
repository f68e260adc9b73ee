import type { AdminOrder, FulfillmentEvent } from '@barrio/contracts/admin-orders'
import { FINAL_FULFILLMENT_EVENTS } from '@barrio/contracts/admin-orders'
import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { formatMoney } from '@/lib/format'
import { confirm } from '@/components/confirm/confirm'
import { fulfillmentEventsQueryOptions } from '@/features/seller-orders/api/get-admin-orders'
import {
  applyFulfillmentEvent,
  cancelFulfillment,
  cancelUnpaidOrder,
  cancelUnpaidQuestion,
  fulfillOrder,
  markOrderAsPaid,
  refundOrder,
  updateOrder,
  useOrderAction,
} from '@/features/seller-orders/api/order-actions'
import { ReasonModal } from '@/features/seller-orders/components/reason-modal'

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
  const action = useOrderAction(storeId, order._id)
  const events = useQuery(fulfillmentEventsQueryOptions(storeId, order._id))
  const [dialog, setDialog] = useState<'fulfillment' | 'order' | null>(null)
  const { actions } = order
  const busy = action.isPending
  // The events endpoint is the source; the order's own list covers the first paint.
  const nextEvents = (events.data?.events ?? actions.nextEvents).filter(
    (e) => e.value !== 'preparing',
  )

  async function markAsPaid() {
    const ok = await confirm({
      message: `¿Recibiste el pago de ${formatMoney(order.total)}?`,
      smallText: `${order.paymentMethodLabel}. El pedido queda como pagado.`,
    })
    if (ok) action.mutate({ run: () => markOrderAsPaid(order._id), success: 'Pago registrado.' })
  }
  async function refund() {
    const ok = await confirm({
      message: `¿Reembolsar ${formatMoney(order.total)} del pedido #${order.number}?`,
      smallText:
        order.paymentMethod === 'mercado_pago'
          ? 'Acá solo queda registrado: el dinero se devuelve desde tu cuenta de Mercado Pago.'
          : 'Devolvele el dinero al cliente; acá queda registrado el reembolso.',
    })
    if (ok) action.mutate({ run: () => refundOrder(order._id), success: 'Reembolso registrado.' })
  }
  async function applyEvent(value: FulfillmentEvent, label: string) {
    if (FINAL_FULFILLMENT_EVENTS.includes(value)) {
      const ok = await confirm({
        message: `¿Marcar el pedido #${order.number} como "${label}"?`,
        smallText: 'El pedido queda completado y le avisamos al cliente.',
      })
      if (!ok) return
    }
    action.mutate({
      run: () => applyFulfillmentEvent(order._id, value),
      success: `Pedido marcado como "${label}".`,
    })
  }
  async function cancelUnpaid() {
    const ok = await confirm(cancelUnpaidQuestion(order))
    if (ok)
      action.mutate({
        run: () => cancelUnpaidOrder(order._id),
        success: 'Pedido cancelado; el stock volvió a estar a la venta.',
      })
  }
  async function archive() {
    const ok = await confirm({
      message: `¿Archivar el pedido #${order.number}?`,
      smallText: 'Sale de la lista de pedidos en curso; lo encontrás filtrando por Archivado.',
    })
    if (ok)
      action.mutate({
        run: () => updateOrder(order._id, { status: 'archived' }),
        success: 'Pedido archivado.',
      })
  }

  const nothingToDo =
    !actions.canMarkAsPaid &&
    !actions.canRefund &&
    !actions.canFulfill &&
    nextEvents.length === 0 &&
    !actions.activeFulfillmentId &&
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
          <Button
            loading={busy}
            onClick={() =>
              action.mutate({
                run: () => fulfillOrder(order._id),
                success: 'Empezaste a preparar el pedido.',
              })
            }
          >
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
        {actions.canRefund ? (
          <Button variant="light" color="grape" disabled={busy} onClick={() => void refund()}>
            {ORDER_ACTION_LABELS.refund}
          </Button>
        ) : null}
        {actions.activeFulfillmentId ? (
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

      <ReasonModal
        opened={dialog === 'fulfillment'}
        title="Cancelar envío"
        message="La preparación se cancela y el pedido vuelve a quedar sin preparar."
        confirmLabel={ORDER_ACTION_LABELS.cancelFulfillment}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={(reason) =>
          action.mutate(
            {
              run: () => cancelFulfillment(order._id, actions.activeFulfillmentId!, reason),
              success: 'Cancelaste el envío.',
            },
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
          action.mutate(
            {
              run: () =>
                updateOrder(order._id, {
                  status: 'cancelled',
                  ...(reason.trim() ? { reason: reason.trim() } : {}),
                }),
              success: 'Cancelaste el pedido.',
            },
            { onSettled: () => setDialog(null) },
          )
        }
      />
    </Card>
  )
}
