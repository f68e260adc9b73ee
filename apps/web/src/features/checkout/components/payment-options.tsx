import type { CheckoutSummary } from '@barrio/contracts/checkout'
import type { PaymentMethod } from '@barrio/contracts/enums'
import { Group, Radio, Stack, Text } from '@mantine/core'
import { useId } from 'react'

import { BankTransferDetails } from '@/features/checkout/components/bank-transfer-details'

import classes from './checkout.module.css'

export const PAYMENT_GROUP_LABEL = '¿Cómo querés pagar?'

type CheckoutPaymentMethod = CheckoutSummary['paymentMethods'][number]

const HINTS: Partial<Record<PaymentMethod, string>> = {
  cash: 'Pagás en efectivo cuando recibís o retirás tu pedido.',
  bank_transfer: 'Transferís desde tu banco o billetera a la cuenta del comercio.',
  mercado_pago: 'Te llevamos a Mercado Pago para pagar con tu cuenta o tarjetas.',
}

function PaymentCard({ method }: { method: CheckoutPaymentMethod }) {
  const id = useId()
  return (
    <Radio.Card
      value={method.method}
      className={classes.optionCard}
      radius="md"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-details`}
      data-testid={`payment-option-${method.method}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} id={`${id}-label`}>
            {method.label}
          </Text>
          <Stack gap={4} id={`${id}-details`}>
            {HINTS[method.method] ? (
              <Text size="sm" c="dimmed">
                {HINTS[method.method]}
              </Text>
            ) : null}
            {method.method === 'bank_transfer' ? (
              <BankTransferDetails details={method.details} />
            ) : null}
          </Stack>
        </Stack>
      </Group>
    </Radio.Card>
  )
}

export type PaymentOptionsProps = {
  methods: CheckoutPaymentMethod[]
  value: PaymentMethod | null
  onChange: (value: PaymentMethod) => void
  error?: string | undefined
}

/** The shop's payment methods as radio cards; a bank transfer shows CBU, alias and holder. */
export function PaymentOptions({ methods, value, onChange, error }: PaymentOptionsProps) {
  return (
    <Radio.Group
      label={PAYMENT_GROUP_LABEL}
      value={value}
      onChange={(next) => {
        const method = methods.find((m) => m.method === next)
        if (method) onChange(method.method)
      }}
      error={error}
      name="paymentMethod"
      required
    >
      <Stack gap="sm" mt="xs">
        {methods.length === 0 ? (
          <Text size="sm" c="dimmed">
            Este comercio todavía no configuró sus medios de pago.
          </Text>
        ) : null}
        {methods.map((method) => (
          <PaymentCard key={method.method} method={method} />
        ))}
      </Stack>
    </Radio.Group>
  )
}
