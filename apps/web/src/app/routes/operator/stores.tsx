import { OperatorPage } from '@/features/operator/components/operator-page'
import { StoresTable } from '@/features/operator/components/stores-table'

/** /operator/stores: every store of the city, its figures, suspension (issue 24). */
export function OperatorStoresPage() {
  return (
    <OperatorPage
      title="Tiendas"
      description="Todas las tiendas de Barrio con su dueño, pedidos y ventas. Suspendé una si vende algo que no debe: los clientes dejan de verla en el momento."
    >
      <StoresTable />
    </OperatorPage>
  )
}
