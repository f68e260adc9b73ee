import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useEffect, useRef } from 'react'
import { useParams } from 'react-router'

import { useClearCartAfterOrder } from '@/features/cart/api/use-cart'
import { useCheckout, type CheckoutView } from '@/api/customer/checkout/get-checkout'
import { AddressChooser } from '@/features/addresses/components/address-chooser'
import { CheckoutForm } from '@/features/checkout/components/checkout-form'
import { CheckoutReview, REVIEW_TITLE } from '@/features/checkout/components/checkout-review'
import { CheckoutError, CheckoutLoading } from '@/features/checkout/components/checkout-states'
import { useAppStore } from '@/lib/app-store'

/** The checkout query, asked again when the customer signs in from the page. */
function useCheckoutPage(view: CheckoutView) {
  const { checkoutId = '' } = useParams()
  useDocumentTitle('Checkout · Barrio')
  const query = useCheckout(checkoutId, view)
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const wasLoggedIn = useRef(isLoggedIn)
  const { refetch } = query
  useEffect(() => {
    if (isLoggedIn && !wasLoggedIn.current) void refetch()
    wasLoggedIn.current = isLoggedIn
  }, [isLoggedIn, refetch])
  return { checkoutId, query }
}

/** /checkout/{id}: contact, delivery and payment (checkout layout, title Checkout). */
export function CheckoutPage() {
  const { checkoutId, query } = useCheckoutPage('init')
  return (
    <Container size="lg" py="lg" px="md">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1}>Finalizar compra</Title>
          {/* The line keeps its height while loading, so the steps below do not move. */}
          <Text c="dimmed">{query.data ? `Comprás en ${query.data.store.name}` : '\u00a0'}</Text>
        </Stack>
        {query.isPending ? (
          <CheckoutLoading />
        ) : query.isError ? (
          <CheckoutError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <CheckoutForm
            key={checkoutId}
            checkoutId={checkoutId}
            summary={query.data}
            renderAddressChooser={({ selectedId, locate, onChoose, busy }) => (
              <AddressChooser
                selectedId={selectedId}
                locateId={locate ? selectedId : null}
                onChoose={onChoose}
                busy={busy}
              />
            )}
          />
        )}
      </Stack>
    </Container>
  )
}

/** /checkout/{id}/review: the summary, "Editar" and "Confirmar pedido". */
export function CheckoutReviewPage() {
  const { checkoutId, query } = useCheckoutPage('review')
  const clearCart = useClearCartAfterOrder()
  return (
    <Container size="lg" py="lg" px="md">
      <Stack gap="lg">
        <Title order={1}>{REVIEW_TITLE}</Title>
        {query.isPending ? (
          <CheckoutLoading step={3} />
        ) : query.isError ? (
          <CheckoutError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <CheckoutReview checkoutId={checkoutId} summary={query.data} onConfirmed={clearCart} />
        )}
      </Stack>
    </Container>
  )
}
