import { useParams } from 'react-router'

import { PlaceholderPage } from '@/components/placeholder-page'

export function AdminOrdersPage() {
  return (
    <PlaceholderPage
      title="Pedidos"
      description="Acá vas a ver los pedidos de tu tienda, prepararlos y marcarlos como entregados."
    />
  )
}

export function AdminOrderPage() {
  const { orderId = '' } = useParams()
  return (
    <PlaceholderPage
      title="Pedido"
      description={`Acá vas a ver el detalle del pedido ${orderId}, cobrarlo y prepararlo.`}
    />
  )
}
