import '@mantine/charts/styles.layer.css'

import { AdminPage } from '@/components/admin/admin-page'
import { AnalyticsOverview } from '@/features/admin-analytics/components/analytics-overview'
import { PermissionGate } from '@/lib/store-role'

export function AdminAnalyticsPage() {
  return (
    <PermissionGate permission="analytics">
      <AdminPage
        title="Analíticas"
        description="Ventas, pedidos y clientes de tu tienda por período, en días de Buenos Aires."
      >
        <AnalyticsOverview />
      </AdminPage>
    </PermissionGate>
  )
}
