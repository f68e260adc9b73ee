import '@mantine/charts/styles.layer.css'

import { CityOverview } from '@/features/operator/components/city-overview'
import { OperatorPage } from '@/features/operator/components/operator-page'

/** /operator: the city at a glance (issue 24, decision 048), the operator's home. */
export function OperatorOverviewPage() {
  return (
    <OperatorPage
      title="La ciudad"
      description="Ventas, pedidos, comisión, tiendas y clientes de todo Barrio por período, en días de Buenos Aires."
    >
      <CityOverview />
    </OperatorPage>
  )
}
