import { customerVariantTitle, discountLabel } from '@barrio/contracts/labels-es'
import type { Order } from '@barrio/contracts/orders'
import { Divider, Group, Stack, Text } from '@mantine/core'

import { formatMoney, formatPercent } from '@/lib/format'

import classes from './orders.module.css'

export function taxLabel(line: Order['taxLines'][number]): string {
  return `${line.name} ${formatPercent(line.rate)}${line.included ? ' (incluido)' : ''}`
}

/** The items: photo, product, variant, quantity × unit price and line total. */
export function OrderItems({ items }: { items: Order['items'] }) {
  return (
    <ul className={classes.list} aria-label="Productos del pedido">
      {items.map((item) => (
        <li key={item._id}>
          <Group wrap="nowrap" gap="sm" align="flex-start">
            {item.imageUrl ? (
              <img className={classes.thumb} src={item.imageUrl} alt="" loading="lazy" />
            ) : (
              <div className={classes.thumb} aria-hidden />
            )}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  customerVariantTitle(item.variantTitle),
                  `${item.quantity} × ${formatMoney(item.unitPrice)}`,
                  item.refundedQuantity > 0
                    ? `${item.refundedQuantity} ${item.refundedQuantity === 1 ? 'reembolsado' : 'reembolsados'}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Text size="sm" fw={600}>
              {formatMoney(item.lineTotal)}
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  )
}

/** Subtotal, delivery, tax lines and total; with refunds, what is left once they are given back. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <Stack gap={4}>
      <Row label="Subtotal" value={formatMoney(order.subtotal)} />
      <Row
        label="Envío"
        value={order.deliveryFee === 0 ? 'Gratis' : formatMoney(order.deliveryFee)}
      />
      {order.taxLines.map((line) => (
        <Row key={line.name} label={taxLabel(line)} value={formatMoney(line.amount)} />
      ))}
      {order.discount > 0 ? (
        <Row label={discountLabel(order)} value={`− ${formatMoney(order.discount)}`} />
      ) : null}
      <Divider my={4} />
      <Row label="Total" value={formatMoney(order.total)} strong />
      {order.refundedAmount > 0 ? (
        <>
          <Row label="Reembolsado" value={`−${formatMoney(order.refundedAmount)}`} />
          <Row
            label="Total con reembolsos"
            value={formatMoney(Math.max(0, order.total - order.refundedAmount))}
            strong
          />
        </>
      ) : null}
    </Stack>
  )
}
