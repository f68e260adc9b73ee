import type { CounterOrderQuote } from '@barrio/contracts/admin-counter-orders'
import type { CustomerAddress } from '@barrio/contracts/admin-customers'
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core'
import { useState } from 'react'

import { AddressQuickForm } from '@/features/admin-counter-orders/components/address-quick-form'
import { FormSection } from '@/features/admin-counter-orders/components/form-section'
import type { NewOrderDraft } from '@/features/admin-counter-orders/utils/new-order'
import { formatMoney } from '@/lib/format'

type DeliveryType = NonNullable<NewOrderDraft['deliveryType']>
type Quote = { data: CounterOrderQuote | undefined; isError: boolean; isPending: boolean }

function optionLabel(o: CounterOrderQuote['deliveryOptions'][number]) {
  if (o.type === 'pickup' || !o.available) return o.label
  return `${o.label} · ${o.fee ? formatMoney(o.fee) : 'gratis'}`
}

/**
 * "Entrega": the store's delivery types as the server priced them for this address and subtotal
 * (or why one is not available), and for delivery or shipping one of the customer's addresses,
 * or a new one added on the spot.
 */
export function DeliveryChoice({
  quote,
  onRetry,
  draft,
  addresses,
  shippingAddressId,
  errorOf,
  onDeliveryType,
  onAddress,
}: {
  quote: Quote
  onRetry: () => void
  draft: Pick<NewOrderDraft, 'customerId' | 'deliveryType'>
  addresses: CustomerAddress[]
  /** The chosen address, or the customer's newest one until the seller picks another. */
  shippingAddressId: string | null
  errorOf: (path: string) => string | undefined
  onDeliveryType: (type: DeliveryType) => void
  onAddress: (addressId: string) => void
}) {
  const [adding, setAdding] = useState(false)
  const options = quote.data?.deliveryOptions ?? []
  const needsAddress = draft.deliveryType !== null && draft.deliveryType !== 'pickup'
  const addressError = errorOf('shippingAddressId')

  return (
    <FormSection id="new-order-delivery" title="Entrega">
      {quote.isError ? (
        <Alert color="red" title="No pudimos calcular las opciones">
          <Button size="xs" variant="light" onClick={onRetry}>
            Reintentar
          </Button>
        </Alert>
      ) : quote.isPending ? (
        <Text c="dimmed" size="sm">
          Cargando las formas de entrega…
        </Text>
      ) : options.length === 0 ? (
        <Text c="dimmed" size="sm">
          Tu tienda no tiene formas de entrega activas: configuralas en Ajustes.
        </Text>
      ) : (
        <Radio.Group
          label="¿Cómo lo recibe?"
          value={draft.deliveryType ?? ''}
          onChange={(v) => {
            const chosen = options.find((o) => o.type === v)
            if (chosen) onDeliveryType(chosen.type)
          }}
          error={errorOf('deliveryType')}
        >
          <Stack gap="xs" mt="xs">
            {options.map((o) => (
              <Radio
                key={o.type}
                value={o.type}
                label={optionLabel(o)}
                description={
                  o.type !== 'pickup' && !o.available && shippingAddressId ? o.reason : null
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {!needsAddress ? null : !draft.customerId ? (
        <Text c="dimmed" size="sm">
          Elegí el cliente para ver sus direcciones.
        </Text>
      ) : (
        <Stack gap="xs">
          {addresses.length ? (
            <Radio.Group
              label="Dirección de entrega"
              value={shippingAddressId ?? ''}
              onChange={onAddress}
              error={addressError}
            >
              <Stack gap="xs" mt="xs">
                {addresses.map((a) => (
                  <Radio key={a._id} value={a._id} label={a.formattedAddress} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm" c={addressError ? 'red' : 'dimmed'}>
              {addressError ?? 'Este cliente no tiene direcciones todavía.'}
            </Text>
          )}
          {adding ? (
            <AddressQuickForm
              customerId={draft.customerId}
              onAdded={(id) => {
                onAddress(id)
                setAdding(false)
              }}
              onCancel={() => setAdding(false)}
            />
          ) : (
            <Group>
              <Button variant="light" size="xs" onClick={() => setAdding(true)}>
                Agregar dirección
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </FormSection>
  )
}
