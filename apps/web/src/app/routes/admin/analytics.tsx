import '@mantine/charts/styles.layer.css'

import { AdminPage } from '@/components/admin/admin-page'
import { AnalyticsOverview } from '@/features/seller-analytics/components/analytics-overview'

export function AdminAnalyticsPage() {
  return (
    <AdminPage
      title="Analíticas"
      description="Ventas, pedidos y clientes de tu tienda por período, en días de Buenos Aires."
    >
      <AnalyticsOverview />
    </AdminPage>
  )
}
