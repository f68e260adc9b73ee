import type { CounterOrderQuote } from '@barrio/contracts/admin-counter-orders'
import { Group, Radio, Switch, Textarea, Text } from '@mantine/core'

import { FormSection } from '@/features/admin-counter-orders/components/form-section'
import type { NewOrderDraft } from '@/features/admin-counter-orders/utils/new-order'

type PaymentMethod = NonNullable<NewOrderDraft['paymentMethod']>

/** "Pago": one of the store's payment methods, whether the money is already in, and a note. */
export function PaymentChoice({
  methods,
  draft,
  errorOf,
  onMethod,
  onPaid,
  onNote,
}: {
  /** The store's payment methods (undefined until the first quote answers). */
  methods: CounterOrderQuote['paymentMethods'] | undefined
  draft: Pick<NewOrderDraft, 'paymentMethod' | 'paid' | 'note'>
  errorOf: (path: string) => string | undefined
  onMethod: (method: PaymentMethod) => void
  onPaid: (paid: boolean) => void
  onNote: (note: string) => void
}) {
  return (
    <FormSection id="new-order-payment" title="Pago">
      {methods && methods.length === 0 ? (
        <Text c="dimmed" size="sm">
          Tu tienda no tiene medios de pago activos: configuralos en Ajustes.
        </Text>
      ) : (
        <Radio.Group
          label="Medio de pago"
          value={draft.paymentMethod ?? ''}
          onChange={(v) => {
            const chosen = methods?.find((m) => m.method === v)
            if (chosen) onMethod(chosen.method)
          }}
          error={errorOf('paymentMethod')}
        >
          <Group gap="md" mt="xs">
            {(methods ?? []).map((m) => (
              <Radio key={m.method} value={m.method} label={m.label} />
            ))}
          </Group>
        </Radio.Group>
      )}
      <Switch
        label="Ya está pagado"
        description="Lo registramos como cobrado en Pagos."
        checked={draft.paid}
        onChange={(e) => onPaid(e.currentTarget.checked)}
        error={errorOf('paid')}
      />
      <Textarea
        label="Nota (opcional)"
        description="La ve el cliente en el detalle del pedido."
        autosize
        minRows={2}
        maxLength={1000}
        value={draft.note}
        onChange={(e) => onNote(e.currentTarget.value)}
        error={errorOf('note')}
      />
    </FormSection>
  )
}
