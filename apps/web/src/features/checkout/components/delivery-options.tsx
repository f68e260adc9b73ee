import type { DeliveryOption } from '@barrio/contracts/checkout'
import type { DeliveryType } from '@barrio/contracts/enums'
import { Group, Radio, Stack, Text } from '@mantine/core'
import { useId } from 'react'

import { deliveryFeeLabel } from '@/features/checkout/utils/checkout-format'

import classes from './checkout.module.css'

export const DELIVERY_GROUP_LABEL = '¿Cómo querés recibir tu pedido?'

function DeliveryCard({
  option,
  shippingAddress,
}: {
  option: DeliveryOption
  shippingAddress: string | null
}) {
  const id = useId()
  return (
    <Radio.Card
      value={option.type}
      disabled={!option.available}
      className={classes.optionCard}
      radius="md"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-details`}
      data-testid={`delivery-option-${option.type}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator disabled={!option.available} mt={2} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} id={`${id}-label`}>
              {option.label}
            </Text>
            {option.available ? (
              <Text fw={600} c={option.isFree || option.fee === 0 ? 'green' : undefined}>
                {deliveryFeeLabel(option)}
              </Text>
            ) : null}
          </Group>
          <Stack gap={0} id={`${id}-details`}>
            {option.available ? (
              <>
                <Text size="sm" c="dimmed">
                  {option.asap || !option.canSchedule
                    ? option.estimate
                    : 'El comercio está cerrado ahora: programá tu pedido'}
                </Text>
                {option.type === 'pickup' && option.pickupAddress ? (
                  <Text size="sm">Retirás en {option.pickupAddress}</Text>
                ) : null}
                {option.type !== 'pickup' && shippingAddress ? (
                  <Text size="sm">Entregamos en {shippingAddress}</Text>
                ) : null}
              </>
            ) : (
              <Text size="sm" c="red.8">
                No disponible{option.reason ? `: ${option.reason}` : ''}
              </Text>
            )}
          </Stack>
        </Stack>
      </Group>
    </Radio.Card>
  )
}

export type DeliveryOptionsProps = {
  options: DeliveryOption[]
  value: DeliveryType | null
  onChange: (value: DeliveryType) => void
  shippingAddress: string | null
  error?: string | undefined
}

/** The shop's ways of delivering as radio cards: fee or 'Gratis', estimate, why one is not available. */
export function DeliveryOptions({
  options,
  value,
  onChange,
  shippingAddress,
  error,
}: DeliveryOptionsProps) {
  return (
    <Radio.Group
      label={DELIVERY_GROUP_LABEL}
      value={value}
      onChange={(next) => {
        const option = options.find((o) => o.type === next)
        if (option?.available) onChange(option.type)
      }}
      error={error}
      name="deliveryType"
      required
    >
      <Stack gap="sm" mt="xs">
        {options.length === 0 ? (
          <Text size="sm" c="dimmed">
            Este comercio todavía no configuró sus formas de entrega.
          </Text>
        ) : null}
        {options.map((option) => (
          <DeliveryCard key={option.type} option={option} shippingAddress={shippingAddress} />
        ))}
      </Stack>
    </Radio.Group>
  )
}
