import { paymentRulesSchema, type PaymentRules } from '@barrio/contracts/admin-settings'
import { Card, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core'

import { validateWith } from '@/components/form/form-errors'
import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'
import { usePaymentRules } from '@/api/admin/settings/get-payment-rules'
import { useSavePaymentRules } from '@/api/admin/settings/save-payment-rules'
import { useAppStore } from '@/lib/app-store'

export const PAYMENT_RULES_LABELS = {
  minutes: 'Minutos para pagar con Mercado Pago',
  cap: 'Pedidos sin pagar por cliente',
  save: 'Guardar reglas de pago',
} as const

type RulesValues = Record<keyof PaymentRules, NumberFieldValue>

const validateRules = (values: RulesValues) =>
  validateWith(paymentRulesSchema, {
    mercadoPagoPaymentMinutes: toNumber(values.mercadoPagoPaymentMinutes),
    maxUnpaidOrdersPerCustomer: toNumber(values.maxUnpaidOrdersPerCustomer),
  })

/**
 * The store's stock-hold rules on the payments settings page: how long a Mercado Pago order waits
 * for its payment before it is cancelled (stock back to sale), and how many unpaid orders one
 * customer may have open at once.
 */
export function PaymentRulesForm() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = usePaymentRules()
  if (!query.data) return null
  return <PaymentRulesFields key={storeId} rules={query.data} />
}

function PaymentRulesFields({ rules }: { rules: PaymentRules }) {
  const appForm = useAppForm<RulesValues, PaymentRules, PaymentRules>({
    initialValues: rules,
    validate: validateRules,
    mutation: useSavePaymentRules(),
    toValues: (saved) => saved,
    successMessage: 'Guardamos las reglas de pago.',
  })
  const { form } = appForm
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="payment-rules-title">
      <AppForm form={appForm} saveLabel={PAYMENT_RULES_LABELS.save} sticky={false}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="payment-rules-title">
            Pedidos sin pagar
          </Title>
          <Text size="sm" c="dimmed">
            Un pedido con Mercado Pago que no se paga a tiempo se cancela solo y su stock vuelve a
            estar a la venta. Los pedidos en efectivo o transferencia sin pagar los ves con el
            filtro «Pago pendiente» y los podés cancelar desde el pedido.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={PAYMENT_RULES_LABELS.minutes}
              min={5}
              max={1440}
              allowDecimal={false}
              {...form.getInputProps('mercadoPagoPaymentMinutes')}
            />
            <NumberInput
              label={PAYMENT_RULES_LABELS.cap}
              min={1}
              max={20}
              allowDecimal={false}
              {...form.getInputProps('maxUnpaidOrdersPerCustomer')}
            />
          </SimpleGrid>
        </Stack>
      </AppForm>
    </Card>
  )
}
