import { Button, Group, Select, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'

import { useDownloadAdminStatementCsv } from '@/api/admin/statements/download-statement-csv'
import { useAdminStatement } from '@/api/admin/statements/get-statement'
import { LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { currentMonth, formatMonth, recentMonthOptions } from '@/components/statements/months'
import { StatementView } from '@/components/statements/statement-view'

/**
 * "Resumen mensual": the store's commission statement for a Buenos Aires month (decision 045):
 * what each order owes Barrio, what Mercado Pago already kept and the balance, with the CSV.
 */
export function MonthlyStatement() {
  const [month, setMonth] = useState(currentMonth)
  const statement = useAdminStatement(month)
  const download = useDownloadAdminStatementCsv()
  const months = recentMonthOptions(12)

  return (
    <Stack gap="md" component="section" aria-labelledby="resumen-mensual">
      <Stack gap={4}>
        <Title order={2} size="h3" id="resumen-mensual">
          Resumen mensual
        </Title>
        <Text size="sm" c="dimmed">
          La comisión de Barrio sobre los productos de cada pedido del mes (sin envío ni impuestos
          agregados); los reembolsos la descuentan en proporción.
        </Text>
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Mes"
          data={months}
          value={month}
          allowDeselect={false}
          onChange={(value) => value && setMonth(value)}
          w={{ base: '100%', xs: 220 }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={!statement.data}
          loading={download.isPending}
          onClick={() =>
            download.mutate({
              month,
              filename: `resumen-${statement.data?.store.handle ?? 'tienda'}-${month}.csv`,
            })
          }
        >
          Descargar resumen (CSV)
        </Button>
      </Group>
      {statement.isError ? (
        <ErrorState
          title={`No pudimos cargar el resumen de ${formatMonth(month)}`}
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
