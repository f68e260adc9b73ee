import { customerVariantTitle, discountLabel } from '@barrio/contracts/labels-es'
import type { Order } from '@barrio/contracts/orders'
import { scheduledForLabel } from '@barrio/contracts/store-time-labels'
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconPrinter } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { useOrder } from '@/api/customer/orders/get-order'
import { taxLabel } from '@/features/orders/components/order-lines'
import { OrderError, OrderLoading } from '@/features/orders/components/order-detail'
import { orderNumber, plainAmount } from '@/features/orders/utils/order-format'
import { paths } from '@/config/paths'
import { formatDateTime, formatMoney } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'

import classes from './orders.module.css'

export const LEGACY_ORDER_PAGE_TITLE = 'Detalle del pedido (versión anterior)'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  )
}

function paymentLines(order: Order): Array<[string, string]> {
  const info = order.paymentInstructions
  const lines: Array<[string, string]> = []
  const add = (label: string, value: unknown) => {
    if (typeof value === 'string' && value !== '') lines.push([label, value])
  }
  if (order.paymentMethod === 'bank_transfer') {
    add('CBU/CVU', info.cbu)
    add('Alias', info.alias)
    add('Titular', info.holder)
    if (typeof info.amount === 'number')
      lines.push(['Monto', `${formatMoney(info.amount)} (${plainAmount(info.amount)})`])
  }
  if (order.paymentMethod === 'cash' && typeof info.amount === 'number') {
    lines.push([
      'Efectivo',
      `${formatMoney(info.amount)} ${typeof info.when === 'string' ? info.when : ''}`.trim(),
    ])
  }
  add('Link de pago', info.checkoutUrl)
  return lines
}

/**
 * /orders/{id}.bak: the legacy order detail. The same data as plain tables that print well;
 * no live updates.
 */
export function LegacyOrderDetail({ orderId }: { orderId: string }) {
  const query = useOrder(orderId)
  const order = query.data
  useDocumentTitle(order ? `Pedido ${orderNumber(order)} · Barrio` : 'Pedido · Barrio')
  if (!order) {
    return (
      <Stack gap="md">
        <Title order={1}>{LEGACY_ORDER_PAGE_TITLE}</Title>
        {query.isPending ? (
          <OrderLoading />
        ) : (
          <OrderError error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    )
  }

  return (
    <Stack gap="md" className={classes.legacy}>
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={Link} to={paths.order.getHref(order._id)} size="sm">
          Ver el detalle completo
        </Anchor>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          Imprimir
        </Button>
      </Group>
      <Title order={1}>Pedido {orderNumber(order)}</Title>
      <table>
        <tbody>
          <Field label="Comercio">{order.store.name}</Field>
          <Field label="Fecha">{formatDateTime(order.createdAt)}</Field>
          <Field label="Estado">{order.statusLabel}</Field>
          <Field label="Pago">
            {order.paymentMethodLabel} · {order.paymentStatusLabel}
          </Field>
          <Field label="Preparación">{order.fulfillmentStatusLabel}</Field>
          <Field label="Entrega">
            {order.deliveryTypeLabel}
            {order.deliveryType === 'pickup'
              ? order.pickupAddress
                ? ` · ${order.pickupAddress}`
                : ''
              : order.shippingAddress
                ? ` · ${order.shippingAddress.formattedAddress}`
                : ''}
            {order.scheduledFor ? ` · ${scheduledForLabel(order.scheduledFor)}` : ''}
          </Field>
          <Field label="Contacto">
            {order.contact.firstName} {order.contact.lastName} · {formatPhone(order.contact.phone)}{' '}
            · {order.contact.email}
          </Field>
          {order.note ? <Field label="Nota">{order.note}</Field> : null}
          {paymentLines(order).map(([label, value]) => (
            <Field key={label} label={label}>
              {value}
            </Field>
          ))}
        </tbody>
      </table>

      <Title order={2} size="h4">
        Productos
      </Title>
      <table>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col" className={classes.amount}>
              Cant.
            </th>
            <th scope="col" className={classes.amount}>
              Precio
            </th>
            <th scope="col" className={classes.amount}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item._id}>
              <td>
                {item.title}
                {customerVariantTitle(item.variantTitle) ? ` (${item.variantTitle})` : ''}
              </td>
              <td className={classes.amount}>{item.quantity}</td>
              <td className={classes.amount}>{formatMoney(item.unitPrice)}</td>
              <td className={classes.amount}>{formatMoney(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Subtotal
            </th>
            <td className={classes.amount}>{formatMoney(order.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Envío
            </th>
            <td className={classes.amount}>
              {order.deliveryFee === 0 ? 'Gratis' : formatMoney(order.deliveryFee)}
            </td>
          </tr>
          {order.taxLines.map((line) => (
            <tr key={line.name}>
              <th scope="row" colSpan={3}>
                {taxLabel(line)}
              </th>
              <td className={classes.amount}>{formatMoney(line.amount)}</td>
            </tr>
          ))}
          {order.discount > 0 ? (
            <tr>
              <th scope="row" colSpan={3}>
                {discountLabel(order)}
              </th>
              <td className={classes.amount}>− {formatMoney(order.discount)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className={classes.amount}>
              <strong>{formatMoney(order.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>

      <Title order={2} size="h4">
        Historial
      </Title>
      <table>
        <tbody>
          {order.timeline.map((entry, index) => (
            <tr key={`${entry.type}-${index}`}>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</td>
              <td>
                {entry.label}
                {entry.note ? ` · ${entry.note}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.fulfillments.some((f) => f.reason) ? (
        <Text size="sm">
          {order.fulfillments
            .filter((f) => f.reason)
            .map((f) => `${f.label}: ${f.reason}`)
            .join(' · ')}
        </Text>
      ) : null}
    </Stack>
  )
}
