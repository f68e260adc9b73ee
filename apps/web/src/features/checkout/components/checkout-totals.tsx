import { customerVariantTitle } from '@barrio/contracts/labels-es'
import type { CheckoutSummary } from '@barrio/contracts/checkout'
import { Divider, Group, Stack, Text } from '@mantine/core'

import { LegalPriceNotes } from '@/components/prices/legal-price-notes'
import { taxLineLabel } from '@/features/checkout/utils/checkout-format'
import { formatMoney } from '@/lib/format'

import classes from './checkout.module.css'

function Row({
  label,
  value,
  strong,
  testId,
}: {
  label: string
  value: string
  strong?: boolean
  testId?: string
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  )
}

/** The items of the checkout, compact: photo, product, variant, quantity and line total. */
export function CheckoutItems({ items }: { items: CheckoutSummary['items'] }) {
  return (
    <ul className={classes.itemList} aria-label="Productos">
      {items.map((item) => (
        <li key={item.variantId}>
          <Group wrap="nowrap" gap="sm" py={6} align="flex-start">
            {item.imageUrl ? (
              <img className={classes.thumb} src={item.imageUrl} alt="" loading="lazy" />
            ) : (
              <div className={classes.thumb} aria-hidden />
            )}
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {item.title}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  customerVariantTitle(item.variantTitle),
                  `${item.quantity} × ${formatMoney(item.unitPrice)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <LegalPriceNotes
                price={item.unitPrice}
                unitMeasure={item.unitMeasure}
                taxes={item.taxes ?? []}
                showFinal
              />
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

export type CheckoutTotalsProps = {
  summary: Pick<
    CheckoutSummary,
    'subtotal' | 'deliveryFee' | 'taxLines' | 'total' | 'deliveryType'
  > &
    Partial<Pick<CheckoutSummary, 'discount' | 'coupon'>>
  /** Only the subtotal and the chosen delivery fee (before the review computes the total). */
  partial?: { deliveryFee: number | null }
}

/** Subtotal, delivery, each tax line and the total, as the server computed them. */
export function CheckoutTotals({ summary, partial }: CheckoutTotalsProps) {
  if (partial) {
    return (
      <Stack gap={4}>
        <Row label="Subtotal" value={formatMoney(summary.subtotal)} />
        <Row
          label="Envío"
          value={
            partial.deliveryFee === null
              ? 'Según la forma de entrega'
              : partial.deliveryFee === 0
                ? 'Gratis'
                : formatMoney(partial.deliveryFee)
          }
        />
        <Text size="xs" c="dimmed">
          El total con impuestos lo ves antes de confirmar.
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap={4}>
      <Row label="Subtotal" value={formatMoney(summary.subtotal)} testId="checkout-subtotal" />
      <Row
        label="Envío"
        value={
          summary.deliveryType === null
            ? 'A definir'
            : summary.deliveryFee === 0
              ? 'Gratis'
              : formatMoney(summary.deliveryFee)
        }
        testId="checkout-delivery-fee"
      />
      {summary.taxLines.map((line) => (
        <Row key={line.name} label={taxLineLabel(line)} value={formatMoney(line.amount)} />
      ))}
      {summary.discount ? (
        <Row
          label={summary.coupon ? `Descuento (${summary.coupon.code})` : 'Descuento'}
          value={`− ${formatMoney(summary.discount)}`}
          testId="checkout-discount"
        />
      ) : null}
      <Divider my={4} />
      <Row label="Total" value={formatMoney(summary.total)} strong testId="checkout-total" />
    </Stack>
  )
}
