import { Container, Stack, Text, Title } from '@mantine/core'

import { useCheckoutPage } from '@/app/routes/checkout/use-checkout-page'
import { AddressChooser } from '@/features/addresses/components/address-chooser'
import { CheckoutForm } from '@/features/checkout/components/checkout-form'
import { CheckoutError, CheckoutLoading } from '@/features/checkout/components/checkout-states'

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
