import type { AdminOrder, AdminRefundInput } from '@barrio/contracts/admin-orders'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core'
import { useState } from 'react'

import { useRefundOrder, type RefundVariables } from '@/api/admin/orders/refund-order'
import type { Validated } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import {
  chosenLines,
  initialRefundValues,
  refundableItems,
  validateRefund,
  type RefundValues,
} from '@/features/admin-orders/components/refund-modal-form'
import { formatMoney } from '@/lib/format'
import { isApiError } from '@/lib/http/api-error'
import { createUuid } from '@/lib/uuid'

export const REFUND_MODAL_TITLE = 'Reembolsar'

/**
 * The seller's refund: by lines (units of each, optionally back to stock) or by amount, showing
 * what was already refunded and what is left. On the form kit: the contract's schema checks it
 * before sending, and the server's field errors show next to the field their path names
 * (`items.N.quantity` is the Nth line sent).
 */
export function RefundModal({
  order,
  storeId,
  opened,
  onClose,
}: {
  order: AdminOrder
  storeId: string | null
  opened: boolean
  onClose: () => void
}) {
  const refund = useRefundOrder(storeId, order._id)
  // One Idempotency-Key per refund attempt: every send of it carries the key, also after closing
  // and reopening (a retry after a lost answer refunds once); a new one once the refund is made,
  // or when the server says this key already refunded with other data (the toast says so).
  const [idempotencyKey, setIdempotencyKey] = useState(createUuid)
  const dialog = useAppForm({
    mode: 'submit',
    initialValues: initialRefundValues(order),
    validate: (values: RefundValues): Validated<AdminRefundInput> => validateRefund(order, values),
    mutation: {
      isPending: refund.isPending,
      mutateAsync: async (variables: RefundVariables) => {
        try {
          const refunded = await refund.mutateAsync(variables)
          setIdempotencyKey(createUuid())
          return refunded
        } catch (error) {
          if (isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED')
            setIdempotencyKey(createUuid())
          throw error
        }
      },
    },
    toVariables: (input: AdminRefundInput) => ({ input, idempotencyKey }),
    onSaved: onClose,
  })
  const { form, fieldErrors } = dialog
  const { mode, units, restock, amount } = form.values
  const refundable = refundableItems(order)
  const left = order.actions.refundableAmount
  const chosen = chosenLines(order, units)
  const linesTotal = Math.min(
    left,
    chosen.reduce(
      (s, l) => s + (order.items.find((i) => i._id === l.itemId)?.unitPrice ?? 0) * l.quantity,
      0,
    ),
  )
  // The server's message is in its toast; the dialog says what to do when no field says it.
  const failedWithoutField =
    refund.isError &&
    !Object.keys(fieldErrors).some((path) => path === 'amount' || path.startsWith('items'))

  /** The error of the Nth line sent (`items.N.*`): the request's lines are `chosen`, in order. */
  function lineError(itemId: string): string | undefined {
    const index = chosen.findIndex((l) => l.itemId === itemId)
    if (index < 0) return undefined
    const prefix = `items.${index}.`
    return Object.entries(fieldErrors).find(([path]) => path.startsWith(prefix))?.[1]
  }

  function setLineUnits(itemId: string, value: number | string) {
    form.setFieldValue('units', { ...units, [itemId]: value })
    // Other lines may move in the request: its line errors no longer name the same lines.
    form.setErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('items'))),
    )
  }

  function reset() {
    form.setInitialValues(initialRefundValues(order))
    form.reset()
    refund.reset()
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={REFUND_MODAL_TITLE}
      centered
      onExitTransitionEnd={reset}
    >
      <form ref={dialog.formRef} onSubmit={dialog.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" data-testid="refund-summary">
            {order.refundedAmount > 0
              ? `Ya reembolsaste ${formatMoney(order.refundedAmount)} de ${formatMoney(order.total)}. `
              : ''}
            Podés reembolsar hasta {formatMoney(left)}.
          </Text>
          {order.paymentMethod === 'mercado_pago' ? (
            <Text size="xs" c="dimmed">
              El dinero vuelve por Mercado Pago al medio con el que pagó el cliente.
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              Devolvele el dinero al cliente; acá queda registrado y le avisamos por e-mail.
            </Text>
          )}
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(v) => {
              form.setFieldValue('mode', v === 'amount' ? 'amount' : 'items')
              form.clearErrors()
            }}
            data={[
              { value: 'items', label: 'Por productos', disabled: refundable.length === 0 },
              { value: 'amount', label: 'Por monto' },
            ]}
            aria-label="Cómo reembolsar"
          />
          {mode === 'items' ? (
            <Stack gap="xs">
              {refundable.map((item) => {
                const max = item.quantity - item.refundedQuantity
                return (
                  <NumberInput
                    key={item._id}
                    label={`${item.title} (${formatMoney(item.unitPrice)} c/u)`}
                    description={
                      item.refundedQuantity > 0
                        ? `Ya reembolsaste ${item.refundedQuantity}; quedan ${max}.`
                        : `Hasta ${max}.`
                    }
                    min={0}
                    max={max}
                    clampBehavior="strict"
                    allowDecimal={false}
                    allowNegative={false}
                    value={units[item._id] ?? 0}
                    onChange={(v) => setLineUnits(item._id, v)}
                    error={lineError(item._id)}
                  />
                )
              })}
              {fieldErrors.items ? (
                <Text size="sm" c="red" role="alert">
                  {fieldErrors.items}
                </Text>
              ) : null}
              <Checkbox
                label="Reponer el stock de estos productos"
                description={
                  order.status === 'cancelled'
                    ? 'El pedido está cancelado: su stock ya volvió a estar disponible.'
                    : undefined
                }
                disabled={order.status === 'cancelled'}
                checked={restock && order.status !== 'cancelled'}
                onChange={(e) => form.setFieldValue('restock', e.currentTarget.checked)}
              />
              <Text size="sm" fw={600}>
                A reembolsar: {formatMoney(linesTotal)}
              </Text>
            </Stack>
          ) : (
            <NumberInput
              label="Monto a reembolsar"
              description={`En pesos. Hasta ${formatMoney(left)}.`}
              prefix="$ "
              thousandSeparator="."
              decimalSeparator=","
              decimalScale={2}
              allowNegative={false}
              min={0}
              value={amount}
              onChange={(v) => form.setFieldValue('amount', v)}
              error={dialog.errorOf('amount')}
              data-autofocus
            />
          )}
          {failedWithoutField ? (
            <Alert color="red" variant="light">
              No pudimos registrar el reembolso. Revisá los datos e intentá de nuevo.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={refund.isPending}>
              Descartar
            </Button>
            <Button type="submit" color="grape" loading={refund.isPending}>
              Reembolsar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
