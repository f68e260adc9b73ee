import type { Order } from '@barrio/contracts/orders'
import { ActionIcon, Alert, Button, CopyButton, Stack, Text, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'

import { usePayOrder } from '@/api/customer/orders/pay-order'
import { TransferReceipt } from '@/features/orders/components/order-customer-actions'
import { plainAmount } from '@/features/orders/utils/order-format'
import { orderStatusWording } from '@/features/orders/utils/order-status-wording'
import { getErrorMessage } from '@/lib/http/api-error'
import { formatMoney, formatTime } from '@/lib/format'
import { showErrorToast } from '@/lib/toast'
import { redirectTo } from '@/lib/redirect'

import classes from './orders.module.css'

export const PAY_WITH_MERCADO_PAGO_LABEL = 'Pagar con Mercado Pago'

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null
const amountOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

function CopyRow({
  label,
  value,
  shown,
  copyLabel,
}: {
  label: string
  value: string
  shown?: string
  copyLabel: string
}) {
  return (
    <div className={classes.copyRow}>
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} className={classes.mono}>
          {shown ?? value}
        </Text>
      </div>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiado' : copyLabel} withArrow>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : 'gray'}
              size={36}
              onClick={copy}
              aria-label={copied ? `${label} copiado` : copyLabel}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  )
}

/** Unpaid Mercado Pago orders are cancelled at their deadline and their stock released. */
export function paymentDeadlineText(iso: string): string {
  return `Pagá antes de las ${formatTime(iso)}: si no, cancelamos el pedido y liberamos los productos.`
}

function PayWithMercadoPago({ orderId }: { orderId: string }) {
  const pay = usePayOrder(orderId)
  return (
    <Button
      color="blue"
      loading={pay.isPending || pay.isSuccess}
      onClick={() =>
        pay.mutate(undefined, {
          onSuccess: ({ checkoutUrl }) => redirectTo(checkoutUrl),
          onError: (error) =>
            showErrorToast(
              getErrorMessage(error, 'No pudimos abrir Mercado Pago. Intentá nuevamente.'),
            ),
        })
      }
    >
      {PAY_WITH_MERCADO_PAGO_LABEL}
    </Button>
  )
}

function PaymentStep({ order }: { order: Order }) {
  const info = order.paymentInstructions
  const isPending = order.paymentStatus === 'pending' || order.paymentStatus === 'partially_paid'
  if (order.status === 'cancelled') return null
  if (!isPending) {
    return order.paymentStatus === 'paid' ? (
      <Text size="sm">Pago recibido con {order.paymentMethodLabel}.</Text>
    ) : (
      <Text size="sm">
        Pago: {order.paymentStatusLabel} ({order.paymentMethodLabel}).
      </Text>
    )
  }
  if (order.paymentMethod === 'bank_transfer') {
    const cbu = text(info.cbu)
    const alias = text(info.alias)
    const holder = text(info.holder)
    const amount = amountOf(info.amount) ?? order.total
    return (
      <Stack gap="xs">
        <Text size="sm">
          Transferí el total a la cuenta del comercio. Cuando confirme el pago, tu pedido avanza.
        </Text>
        {cbu ? <CopyRow label="CBU/CVU" value={cbu} copyLabel="Copiar CBU" /> : null}
        {alias ? <CopyRow label="Alias" value={alias} copyLabel="Copiar alias" /> : null}
        {holder ? (
          <div>
            <Text size="xs" c="dimmed">
              Titular
            </Text>
            <Text fw={600}>{holder}</Text>
          </div>
        ) : null}
        <CopyRow
          label="Monto"
          value={plainAmount(amount)}
          shown={formatMoney(amount)}
          copyLabel="Copiar monto"
        />
      </Stack>
    )
  }
  if (order.paymentMethod === 'mercado_pago') {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Tu pago con Mercado Pago está pendiente.</Text>
        {order.paymentExpiresAt ? (
          <Text size="sm" data-testid="payment-deadline">
            {paymentDeadlineText(order.paymentExpiresAt)}
          </Text>
        ) : null}
        <PayWithMercadoPago orderId={order._id} />
      </Stack>
    )
  }
  if (order.paymentMethod === 'cash') {
    const amount = amountOf(info.amount) ?? order.total
    const when = text(info.when) ?? (order.deliveryType === 'pickup' ? 'al retirar' : 'al recibir')
    return (
      <Text size="sm">
        Pagás <strong>{formatMoney(amount)}</strong> en efectivo {when}.
      </Text>
    )
  }
  return <Text size="sm">Pago pendiente con {order.paymentMethodLabel}.</Text>
}

/** The order reached the customer: delivered, picked up, or completed by the store. */
const isDelivered = (order: Order) =>
  order.fulfillmentStatus === 'delivered' ||
  order.status === 'completed' ||
  (order.status === 'archived' && order.fulfillments.some((f) => f.status !== 'cancelled'))

function DeliveryStep({ order }: { order: Order }) {
  if (order.status === 'cancelled') return null
  if (isDelivered(order)) {
    const where =
      order.deliveryType === 'pickup' ? order.pickupAddress : order.shippingAddress?.formattedAddress
    return (
      <Text size="sm" data-testid="delivery-step">
        {order.deliveryType === 'pickup' ? 'Retiraste el pedido' : 'Entregamos el pedido'}
        {where ? (
          <>
            {' '}
            en <strong>{where}</strong>
          </>
        ) : null}
        .
      </Text>
    )
  }
  if (order.deliveryType === 'pickup') {
    return (
      <Text size="sm">
        {order.deliveryTypeLabel}
        {order.pickupAddress ? (
          <>
            : retirás en <strong>{order.pickupAddress}</strong>
          </>
        ) : null}
        .
      </Text>
    )
  }
  return (
    <Stack gap={2}>
      <Text size="sm">
        {order.deliveryTypeLabel}
        {order.shippingAddress ? (
          <>
            : lo llevamos a <strong>{order.shippingAddress.formattedAddress}</strong>
          </>
        ) : null}
        .
      </Text>
      {order.shippingAddress?.notes ? (
        <Text size="xs" c="dimmed">
          Indicaciones: {order.shippingAddress.notes}
        </Text>
      ) : null}
    </Stack>
  )
}

/** What the customer does next: pay (transfer data, Mercado Pago, cash) and where the order goes. */
export function OrderNextSteps({ order }: { order: Order }) {
  return (
    <Stack gap="sm">
      {order.status === 'cancelled' ? (
        <Alert color="red" variant="light">
          Este pedido fue cancelado.
        </Alert>
      ) : null}
      {orderStatusWording(order).map((sentence) => (
        <Text key={sentence} size="sm" fw={600} data-testid="order-status-wording">
          {sentence}
        </Text>
      ))}
      <PaymentStep order={order} />
      <DeliveryStep order={order} />
      {order.paymentMethod === 'bank_transfer' && order.status !== 'cancelled' ? (
        <TransferReceipt order={order} />
      ) : null}
    </Stack>
  )
}
