import type { AnalyticsExportTable } from '@barrio/contracts/analytics'
import { Button } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'

import { useDownloadAnalyticsCsv } from '@/api/admin/analytics/export-analytics'
import type { DayRange } from '@/components/admin/day-range/day-range'

/** "Descargar CSV" of the table behind one chart or list. */
export function DownloadCsvButton({
  range,
  table,
  label,
}: {
  range: DayRange
  table: AnalyticsExportTable
  /** What the file holds, for screen readers ("ventas por día"). */
  label: string
}) {
  const download = useDownloadAnalyticsCsv()
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate({ range, table })}
      aria-label={`Descargar CSV de ${label}`}
    >
      Descargar CSV
    </Button>
  )
}
