import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { IconChartBar } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'

import { readDayRange, type DayRangeOptions } from '@/components/admin/day-range/day-range'
import { DayRangePicker } from '@/components/admin/day-range/day-range-picker'
import { useOperatorOverview } from '@/api/operator/overview/get-overview'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { OverviewChart } from '@/features/operator/components/overview-chart'
import { OverviewKpis } from '@/features/operator/components/overview-kpis'
import {
  CategoryBreakdown,
  PlaceBreakdown,
  TopStores,
} from '@/features/operator/components/overview-tables'
import { formatCalendarDay, todayInBuenosAires } from '@/lib/format'

export const OVERVIEW_EMPTY_TITLE = 'Todavía no hay pedidos en este período'

/** "del 01/03/2026 al 07/03/2026", or "del 01/03/2026" for one day. */
function period(from: string, to: string): string {
  return from === to
    ? `del ${formatCalendarDay(from)}`
    : `del ${formatCalendarDay(from)} al ${formatCalendarDay(to)}`
}

/** The operator's periods: the last 7, 30 or 90 Buenos Aires days, or two days of their own. */
export const OVERVIEW_RANGES: DayRangeOptions = {
  presets: ['7d', '30d', '90d', 'custom'],
  fallback: '30d',
}

/** The operator's home: the city's figures for the range in the URL, with their states. */
export function CityOverview() {
  const [params] = useSearchParams()
  const state = readDayRange(params, todayInBuenosAires(), OVERVIEW_RANGES)
  const query = useOperatorOverview(state.range)
  const data = query.data

  return (
    <Stack gap="md">
      <DayRangePicker state={state} presets={OVERVIEW_RANGES.presets} />
      {state.range === null ? (
        <Text size="sm" c="dimmed">
          Elegí un período válido para ver las cifras.
        </Text>
      ) : query.isError && !data ? (
        <ErrorState
          title="No pudimos cargar las cifras de la ciudad"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !data ? (
        <>
          <LoadingState label="Cargando las cifras…" />
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-hidden>
            {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
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
            Pedidos de todas las tiendas {period(data.from, data.to)}, en días de Buenos Aires.
          </Text>
          <OverviewKpis totals={data.totals} />
          {data.totals.orders === 0 && data.totals.cancelled === 0 ? (
            <EmptyBlock
              title={OVERVIEW_EMPTY_TITLE}
              description="Probá con un período más largo."
              icon={<IconChartBar size={32} aria-hidden />}
            />
          ) : (
            <>
              <OverviewChart data={data} />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <PlaceBreakdown data={data} />
                <CategoryBreakdown data={data} />
              </SimpleGrid>
              <TopStores data={data} />
            </>
          )}
        </Stack>
      )}
    </Stack>
  )
}
