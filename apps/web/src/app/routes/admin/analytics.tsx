import { PlaceholderPage } from '@/components/placeholder-page'

export function AdminAnalyticsPage() {
  return (
    <PlaceholderPage
      title="Analíticas"
      description="Acá vas a ver las ventas, los productos más pedidos y la actividad de tus clientes."
    />
  )
}
