import { Container, Stack, Title } from '@mantine/core'
import { useDeferredValue } from 'react'

import { useCheckoutPage } from '@/app/routes/checkout/use-checkout-page'
import { useClearCartAfterOrder } from '@/features/cart/api/use-cart'
import { CheckoutReview, REVIEW_TITLE } from '@/features/checkout/components/checkout-review'
import { CheckoutError, CheckoutLoading } from '@/features/checkout/components/checkout-states'

// A chunk of its own, apart from checkout.tsx (issue 29, phone speed): the review shows what was
// chosen and needs none of the form's code (the phone input and its country list, the address
// editor), which made most of the bytes a phone downloaded before the review could paint.
/** /checkout/{id}/review: the summary, "Editar" and "Confirmar pedido". */
export function CheckoutReviewPage() {
  const { checkoutId, query } = useCheckoutPage('review')
  const clearCart = useClearCartAfterOrder()
  // The summary renders in the background when it arrives (decision 032's lists): rendered at
  // once it was a task of 40 ms on this machine, 160 ms on a phone, while the skeleton showed.
  const summary = useDeferredValue(query.data)
  return (
    <Container size="lg" py="lg" px="md">
      <Stack gap="lg">
        <Title order={1}>{REVIEW_TITLE}</Title>
        {query.isError ? (
          <CheckoutError error={query.error} onRetry={() => void query.refetch()} />
        ) : summary ? (
          <CheckoutReview checkoutId={checkoutId} summary={summary} onConfirmed={clearCart} />
        ) : (
          <CheckoutLoading step={3} />
        )}
      </Stack>
    </Container>
  )
}
