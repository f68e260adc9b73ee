import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { IconChartBar } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'

import { readDayRange, type DayRangeOptions } from '@/components/admin/day-range/day-range'
import { DayRangePicker } from '@/components/admin/day-range/day-range-picker'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { useAnalytics } from '@/api/admin/analytics/get-analytics'
import { BreakdownTable } from '@/features/admin-analytics/components/breakdown-table'
import { CustomersCard } from '@/features/admin-analytics/components/customers-card'
import { KpiCards } from '@/features/admin-analytics/components/kpi-cards'
import { SalesChart } from '@/features/admin-analytics/components/sales-chart'
import { TopSellers } from '@/features/admin-analytics/components/top-sellers'
import { formatCalendarDay, todayInBuenosAires } from '@/lib/format'

export const EMPTY_TITLE = 'Todavía no hay ventas en este período'

/** "del 01/03/2026 al 07/03/2026", or "del 01/03/2026" for one day. */
function period(from: string, to: string): string {
  return from === to
    ? `del ${formatCalendarDay(from)}`
    : `del ${formatCalendarDay(from)} al ${formatCalendarDay(to)}`
}

/** The seller's periods: today, the last days, this month and the last one, or their own. */
export const ANALYTICS_RANGES: DayRangeOptions = {
  presets: ['today', '7d', '30d', 'month', 'last-month', 'custom'],
  fallback: '30d',
}

/** The analytics page body: the range in the URL, then the figures with their states. */
export function AnalyticsOverview() {
  const [params] = useSearchParams()
  const state = readDayRange(params, todayInBuenosAires(), ANALYTICS_RANGES)
  const query = useAnalytics(state.range)
  const data = query.data

  return (
    <Stack gap="md">
      <DayRangePicker state={state} presets={ANALYTICS_RANGES.presets} />
      {state.range === null ? (
        <Text size="sm" c="dimmed">
          Elegí un período válido para ver las ventas.
        </Text>
      ) : query.isError && !data ? (
        <ErrorState
          title="No pudimos cargar las analíticas"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <>
          <LoadingState label="Cargando las ventas…" />
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-hidden>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={92} radius="md" />
            ))}
          </SimpleGrid>
        </>
      ) : (
        <Stack
          gap="md"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={query.isPlaceholderData}
        >
          <Text size="sm" c="dimmed">
            Ventas {period(data.from, data.to)}, comparadas con las{' '}
            {period(data.previous.from, data.previous.to)}.
          </Text>
          {data.totals.orders === 0 && data.totals.cancelled === 0 ? (
            <EmptyBlock
              title={EMPTY_TITLE}
              description="Probá con otro período o compartí tu tienda para recibir pedidos."
              icon={<IconChartBar size={32} aria-hidden />}
            />
          ) : (
            <>
              <KpiCards data={data} />
              <SalesChart data={data} />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <BreakdownTable
                  title="Por tipo de entrega"
                  column="Entrega"
                  table="byDeliveryType"
                  range={data}
                  rows={data.byDeliveryType.map((r) => ({
                    key: r.deliveryType,
                    label: DELIVERY_TYPE_LABELS[r.deliveryType],
                    sales: r.sales,
                    orders: r.orders,
                  }))}
                />
                <BreakdownTable
                  title="Por medio de pago"
                  column="Medio de pago"
                  table="byPaymentMethod"
                  range={data}
                  rows={data.byPaymentMethod.map((r) => ({
                    key: r.paymentMethod,
                    label: PAYMENT_METHOD_LABELS[r.paymentMethod],
                    sales: r.sales,
                    orders: r.orders,
                  }))}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <TopSellers data={data} kind="products" />
                <TopSellers data={data} kind="collections" />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <CustomersCard data={data} />
              </SimpleGrid>
            </>
          )}
        </Stack>
      )}
    </Stack>
  )
}
