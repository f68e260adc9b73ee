import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'

import { PaymentMethodsPanel } from '@/features/payment-methods/components/payment-methods-panel'

/** /payment-methods: how customers pay on Barrio, and their preferred method. */
export function PaymentMethodsPage() {
  useDocumentTitle('Medios de pago · Barrio')
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>Medios de pago</Title>
          <Text c="dimmed">
            Cada comercio elige cuáles acepta; al pagar ves los del comercio donde comprás.
          </Text>
        </Stack>
        <PaymentMethodsPanel />
      </Stack>
    </Container>
  )
}
