import { Container, Stack, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useParams, useSearchParams } from 'react-router'

import { ReorderButton } from '@/features/cart/components/reorder-button'
import { LegacyOrderDetail } from '@/features/orders/components/legacy-order-detail'
import { OrderDetail } from '@/features/orders/components/order-detail'
import { OrdersList } from '@/features/orders/components/orders-list'

/** /orders: the customer's orders (signed in, or by device id). */
export function OrdersPage() {
  useDocumentTitle('Tus pedidos · Barrio')
  const [params, setParams] = useSearchParams()
  const raw = Number(params.get('page') ?? '1')
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1
  return (
    <Container size="md" py="xl" px="md">
      <Stack gap="md">
        <Title order={1}>Tus pedidos</Title>
        <OrdersList
          page={page}
          onPageChange={(next) => {
            setParams(next === 1 ? {} : { page: String(next) })
            window.scrollTo({ top: 0 })
          }}
        />
      </Stack>
    </Container>
  )
}

/** /orders/{id}: the order, followed live; "Volver a pedir" comes from the cart. */
export function OrderPage() {
  const { orderId = '' } = useParams()
  return (
    <Container size="lg" py="lg" px="md">
      <OrderDetail
        key={orderId}
        orderId={orderId}
        renderActions={(order) => <ReorderButton order={order} />}
      />
    </Container>
  )
}

/** /orders/{id}.bak: the legacy variant of the order detail (plain, printable, not live). */
export function LegacyOrderPage() {
  const { orderId = '' } = useParams()
  return (
    <Container size="sm" py="lg" px="md">
      <LegacyOrderDetail orderId={orderId} />
    </Container>
  )
}
