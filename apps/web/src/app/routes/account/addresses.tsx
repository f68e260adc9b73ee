import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'

import { useConfirmAddressChange } from '@/app/address-change-guard'
import { PlaceholderPage } from '@/components/placeholder-page'
import { AddressesManager } from '@/features/addresses/components/addresses-manager'

/** /addresses: the customer's addresses (signed in, or by device id). */
export function AddressesPage() {
  useDocumentTitle('Tus direcciones · Barrio')
  const confirmChange = useConfirmAddressChange()
  return (
    <Container size="md" py="xl" px="md">
      <AddressesManager confirmChange={confirmChange} />
    </Container>
  )
}

export function PaymentMethodsPage() {
  return (
    <PlaceholderPage
      title="Medios de pago"
      description="Acá vas a ver los medios de pago guardados en tu cuenta."
    />
  )
}
