import type { AdminPaymentSummary } from '@barrio/contracts/admin-payments'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'

import { usePaymentSummary } from '@/api/admin/payments/get-payment-summary'
import { ErrorState } from '@/components/errors/error-state'
import { formatMoney } from '@/lib/format'

function TotalCard({ title, totals }: { title: string; totals: AdminPaymentSummary['totals'] }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={title}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} size="lg">
        {formatMoney(totals.net)}
      </Text>
      <Text size="xs" c="dimmed">
        Cobrado {formatMoney(totals.payments)}
        {totals.refunds > 0 ? ` · Reembolsado ${formatMoney(totals.refunds)}` : ''}
      </Text>
    </Paper>
  )
}

/** The period's approved money: the total and one card per method (net of refunds). */
export function PaymentTotals({ range }: { range: { from: string; to: string } }) {
  const summary = usePaymentSummary(range)
  if (summary.isError)
    return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
  if (!summary.data)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" aria-busy="true">
        <Skeleton h={84} />
        <Skeleton h={84} />
      </SimpleGrid>
    )
  const { totals, byMethod } = summary.data
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TotalCard title="Total del período" totals={totals} />
        {byMethod.map((m) => (
          <TotalCard key={m.method} title={PAYMENT_METHOD_LABELS[m.method]} totals={m} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
