import { useParams } from 'react-router'

import { PlaceholderPage } from '@/components/placeholder-page'

export function AdminCustomersPage() {
  return (
    <PlaceholderPage
      title="Clientes"
      description="Acá vas a ver a las personas que le compraron a tu tienda."
    />
  )
}

export function AdminCustomerPage() {
  const { customerId = '' } = useParams()
  return (
    <PlaceholderPage
      title="Cliente"
      description={`Acá vas a ver los datos y los pedidos del cliente ${customerId}.`}
    />
  )
}
