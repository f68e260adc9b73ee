import { Card, Divider, Stack, Text, Title } from '@mantine/core'

import { useFiscalSettings } from '@/api/admin/settings/get-fiscal-settings'
import { LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { FiscalCertificate } from '@/features/admin-settings/components/fiscal-certificate'
import { FiscalSettingsForm } from '@/features/admin-settings/components/fiscal-settings-form'
import { useAppStore } from '@/lib/app-store'

export const FISCAL_SECTION_TITLE = 'Factura electrónica (ARCA)'

/** "Impuestos": the store's fiscal data and its ARCA certificate (issue 27, decision 054). */
export function FiscalSection() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useFiscalSettings()

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="fiscal-section">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="fiscal-section">
            {FISCAL_SECTION_TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            Con tus datos fiscales y el certificado de ARCA, Barrio emite la factura de cada pedido
            y la nota de crédito de cada reembolso.
          </Text>
        </Stack>
        {!storeId || query.isPending ? (
          <LoadingState label="Cargando datos fiscales…" />
        ) : query.isError ? (
          <ErrorState
            title="No pudimos cargar los datos fiscales"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        ) : (
          <>
            <FiscalSettingsForm key={storeId} settings={query.data} />
            <Divider />
            <FiscalCertificate settings={query.data} />
          </>
        )}
      </Stack>
    </Card>
  )
}
