import type { CounterOrderQuote } from '@barrio/contracts/admin-counter-orders'
import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core'

import type { NewOrderDraft } from '@/features/admin-counter-orders/utils/new-order'
import { formatMoney } from '@/lib/format'

/**
 * The server's totals for the order as written (subtotal, delivery, taxes, total), the form's
 * message and "Crear pedido". Delivery shows '—' while the chosen type is not available.
 */
export function OrderTotals({
  quote,
  deliveryType,
  error,
  isSaving,
}: {
  quote: CounterOrderQuote | undefined
  deliveryType: NewOrderDraft['deliveryType']
  error: string | null
  isSaving: boolean
}) {
  const chosen = quote?.deliveryOptions.find((o) => o.type === deliveryType)
  const delivery =
    deliveryType === 'pickup' || !chosen
      ? formatMoney(0)
      : chosen.available
        ? formatMoney(quote?.deliveryFee ?? 0)
        : '—'
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Total del pedido">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <Text>{formatMoney(quote?.subtotal ?? 0)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Envío</Text>
          <Text>{delivery}</Text>
        </Group>
        {quote?.taxes ? (
          <Group justify="space-between">
            <Text>Impuestos</Text>
            <Text>{formatMoney(quote.taxes)}</Text>
          </Group>
        ) : null}
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700} data-testid="new-order-total">
            {formatMoney(quote?.total ?? 0)}
          </Text>
        </Group>
        {error ? (
          <Alert color="red" mt="sm" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" mt="sm" size="md" loading={isSaving}>
          Crear pedido
        </Button>
      </Stack>
    </Paper>
  )
}
