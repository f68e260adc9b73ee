import type { CounterOrderQuote } from '@barrio/contracts/admin-counter-orders'
import { ActionIcon, Group, NumberInput, Stack, Text } from '@mantine/core'

import { lineName, type OrderLine } from '@/features/admin-counter-orders/utils/new-order'
import { formatMoney } from '@/lib/format'

/**
 * The order's lines: name, the server's unit price and stock when it has priced them (else the
 * ones seen when added), quantity (arrow keys step it) and line total. A line's error, the
 * form's or the server's (`items.N.quantity`), sits under its quantity.
 */
export function OrderLines({
  lines,
  priced,
  errorOf,
  onQuantity,
  onRemove,
}: {
  lines: OrderLine[]
  priced: CounterOrderQuote['lines'] | undefined
  errorOf: (path: string) => string | undefined
  onQuantity: (index: number, quantity: number) => void
  onRemove: (index: number) => void
}) {
  if (lines.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Todavía no agregaste productos.
      </Text>
    )
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {lines.map((line, index) => {
        const name = lineName(line)
        const quoted = priced?.find((l) => l.variantId === line.variantId)
        const unit = quoted?.unitPrice ?? line.price
        const stock = quoted ? quoted.stock : line.stock
        return (
          <li key={line.variantId}>
            <Group gap="sm" wrap="wrap" align="flex-start">
              <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatMoney(unit)} c/u
                  {stock !== null ? ` · ${stock} en stock` : ''}
                </Text>
              </Stack>
              <NumberInput
                aria-label={`Cantidad de ${name}`}
                w={96}
                min={1}
                max={stock ?? undefined}
                allowDecimal={false}
                allowNegative={false}
                value={line.quantity}
                onChange={(v) => onQuantity(index, typeof v === 'number' ? v : 0)}
                error={errorOf(`items.${index}.quantity`)}
              />
              <Text w={96} ta="right" fw={500} pt={6}>
                {formatMoney(unit * (line.quantity || 0))}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Quitar ${name}`}
                onClick={() => onRemove(index)}
              >
                ×
              </ActionIcon>
            </Group>
          </li>
        )
      })}
    </Stack>
  )
}
