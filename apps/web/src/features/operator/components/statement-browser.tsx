import { Button, Group, Select, Stack } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'

import { useDownloadOperatorStatementCsv } from '@/api/operator/statements/download-statement-csv'
import { useOperatorStatement } from '@/api/operator/statements/get-statement'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { currentMonth, monthOrUndefined, recentMonthOptions } from '@/components/statements/months'
import { StatementView } from '@/components/statements/statement-view'
import { StorePicker } from '@/features/operator/components/store-picker'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The operator's statements: a store and a Buenos Aires month (both in the URL, so a link opens
 * the same statement), the figures and orders, and the CSV.
 */
export function StatementBrowser() {
  const [params, setParams] = useSearchParams()
  const storeIdParam = params.get('storeId')
  const storeId = storeIdParam && UUID.test(storeIdParam) ? storeIdParam : null
  const month = monthOrUndefined(params.get('month')) ?? currentMonth()
  const query = storeId ? { storeId, month } : null
  const statement = useOperatorStatement(query)
  const download = useDownloadOperatorStatementCsv()
  const months = recentMonthOptions(24)
  if (!months.some((m) => m.value === month)) months.push({ value: month, label: month })

  const update = (next: { storeId?: string | null; month?: string }) => {
    const search = new URLSearchParams(params)
    if (next.storeId !== undefined) {
      if (next.storeId) search.set('storeId', next.storeId)
      else search.delete('storeId')
    }
    if (next.month) search.set('month', next.month)
    setParams(search, { replace: true })
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>
          <StorePicker
            label="Tienda"
            value={storeId}
            selectedLabel={
              statement.data && statement.data.store._id === storeId
                ? `${statement.data.store.name} (${statement.data.store.handle})`
                : undefined
            }
            onChange={(store) => update({ storeId: store?._id ?? null })}
          />
        </div>
        <Select
          label="Mes"
          data={months}
          value={month}
          allowDeselect={false}
          onChange={(value) => value && update({ month: value })}
          w={{ base: '100%', xs: 220 }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={!query || !statement.data}
          loading={download.isPending}
          onClick={() =>
            query &&
            statement.data &&
            download.mutate({
              query,
              filename: `resumen-${statement.data.store.handle}-${month}.csv`,
            })
          }
        >
          Descargar resumen (CSV)
        </Button>
      </Group>
      {!query ? (
        <EmptyBlock
          title="Elegí una tienda"
          description="Vas a ver sus pedidos del mes, la comisión y lo que debe."
        />
      ) : statement.isError ? (
        <ErrorState
          title="No pudimos cargar el resumen"
          error={statement.error}
          onRetry={() => void statement.refetch()}
          retrying={statement.isFetching}
        />
      ) : !statement.data ? (
        <LoadingState label="Cargando el resumen…" />
      ) : (
        <StatementView statement={statement.data} />
      )}
    </Stack>
  )
}
