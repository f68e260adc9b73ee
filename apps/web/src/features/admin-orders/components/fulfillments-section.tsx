import type { AdminOrder, FulfillmentEvent } from '@barrio/contracts/admin-orders'
import { FINAL_FULFILLMENT_EVENTS } from '@barrio/contracts/admin-orders'
import { Badge, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'

import { confirm } from '@/components/confirm/confirm'
import { useApplyFulfillmentEvent } from '@/api/admin/orders/apply-fulfillment-event'
import { useCancelFulfillment } from '@/api/admin/orders/cancel-fulfillment'
import { useFulfillOrder } from '@/api/admin/orders/fulfill-order'
import { ReasonModal } from '@/features/admin-orders/components/reason-modal'
import { formatDateTime } from '@/lib/format'

export const PREPARE_SELECTED_LABEL = 'Preparar seleccionados'
export const CANCEL_SHIPMENT_LABEL = 'Cancelar envío'

/** A quantity field's value as whole units ('' or anything else: 0). */
export function wholeUnits(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isInteger(n) && n > 0 ? n : 0
}

/** Units of the line still to fulfil (refunded units are not sent). */
export function unitsToFulfil(item: AdminOrder['items'][number]): number {
  return Math.max(0, item.quantity - item.refundedQuantity - item.fulfilledQuantity)
}

/**
 * The order's shipments: what is left to prepare (choose units per line and "Preparar
 * seleccionados") and each fulfillment with its items, status, next steps and "Cancelar envío".
 * With a single shipment its steps are the actions panel's buttons; with several, each has its own.
 */
export function FulfillmentsSection({
  order,
  storeId,
}: {
  order: AdminOrder
  storeId: string | null
}) {
  const fulfill = useFulfillOrder(storeId, order._id)
  const applyEvent = useApplyFulfillmentEvent(storeId, order._id)
  const cancel = useCancelFulfillment(storeId, order._id)
  const [units, setUnits] = useState<Record<string, number | string>>({})
  const [cancelling, setCancelling] = useState<string | null>(null)
  const busy = fulfill.isPending || applyEvent.isPending || cancel.isPending
  const pending = order.items.filter((i) => unitsToFulfil(i) > 0)
  const live = order.actions.fulfillments
  const several = live.length > 1
  const titleOf = (itemId: string) => order.items.find((i) => i._id === itemId)?.title ?? ''
  const chosen = pending
    .map((i) => ({ itemId: i._id, quantity: wholeUnits(units[i._id] ?? unitsToFulfil(i)) }))
    .filter((l) => l.quantity > 0)

  if (order.fulfillments.length === 0 && !order.actions.canFulfill) return null

  async function step(fulfillmentId: string, value: FulfillmentEvent, label: string) {
    if (FINAL_FULFILLMENT_EVENTS.includes(value)) {
      const ok = await confirm({
        message: `¿Querés marcar este envío como "${label}"?`,
        smallText: 'Le avisamos al cliente.',
      })
      if (!ok) return
    }
    applyEvent.mutate({ event: value, label, fulfillmentId })
  }

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="order-section-envios">
      <Title order={2} fz="lg" mb="sm" id="order-section-envios">
        Envíos
      </Title>
      <Stack gap="md">
        {order.actions.canFulfill && pending.length > 0 ? (
          <Stack gap="xs" aria-label="Por preparar" role="group">
            <Text size="sm" fw={600}>
              Por preparar
            </Text>
            {pending.map((item) => (
              <NumberInput
                key={item._id}
                label={item.title}
                description={`Quedan ${unitsToFulfil(item)} de ${item.quantity}.`}
                min={0}
                max={unitsToFulfil(item)}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={units[item._id] ?? unitsToFulfil(item)}
                onChange={(v) => setUnits((u) => ({ ...u, [item._id]: v }))}
              />
            ))}
            <Group justify="flex-end">
              <Button
                variant="light"
                disabled={busy || chosen.length === 0}
                loading={fulfill.isPending}
                onClick={() => fulfill.mutate({ items: chosen }, { onSuccess: () => setUnits({}) })}
              >
                {PREPARE_SELECTED_LABEL}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {order.fulfillments.length > 0 ? (
          <Stack
            gap="sm"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Envíos del pedido"
          >
            {order.fulfillments.map((f, index) => {
              const rules = live.find((r) => r.fulfillmentId === f._id)
              return (
                <Stack key={f._id} gap={4} component="li" data-testid="fulfillment">
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      Envío {index + 1}
                    </Text>
                    <Badge
                      variant="light"
                      tt="none"
                      color={f.status === 'cancelled' ? 'red' : 'blue'}
                    >
                      {f.label}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
                    </Text>
                  </Group>
                  <Text size="sm">
                    {f.items.map((i) => `${i.quantity} × ${titleOf(i.itemId)}`).join(', ')}
                  </Text>
                  {f.reason ? (
                    <Text size="xs" c="dimmed">
                      Motivo: {f.reason}
                    </Text>
                  ) : null}
                  {several && rules ? (
                    <Group gap="xs" wrap="wrap">
                      {rules.nextEvents.map((e) => (
                        <Button
                          key={e.value}
                          size="xs"
                          variant="light"
                          disabled={busy}
                          onClick={() => void step(f._id, e.value, e.label)}
                        >
                          {e.label}
                        </Button>
                      ))}
                      {rules.canCancel ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          disabled={busy}
                          onClick={() => setCancelling(f._id)}
                        >
                          {CANCEL_SHIPMENT_LABEL}
                        </Button>
                      ) : null}
                    </Group>
                  ) : null}
                </Stack>
              )
            })}
          </Stack>
        ) : null}
      </Stack>
      <ReasonModal
        opened={cancelling !== null}
        title={CANCEL_SHIPMENT_LABEL}
        message="El envío se cancela y sus productos vuelven a quedar por preparar."
        confirmLabel={CANCEL_SHIPMENT_LABEL}
        busy={busy}
        onClose={() => setCancelling(null)}
        onConfirm={(reason) =>
          cancel.mutate(
            { fulfillmentId: cancelling!, reason },
            { onSettled: () => setCancelling(null) },
          )
        }
      />
    </Card>
  )
}
