import { PlaceholderPage } from '@/components/placeholder-page'

export function AdminPaymentsPage() {
  return (
    <PlaceholderPage
      title="Pagos"
      description="Acá vas a ver los cobros de tus pedidos y su estado."
    />
  )
}
