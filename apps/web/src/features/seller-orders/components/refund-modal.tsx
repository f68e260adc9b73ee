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

import { useRefundOrder } from '@/features/seller-orders/api/refund-order'
import { wholeUnits } from '@/features/seller-orders/components/fulfillments-section'
import { formatMoney } from '@/lib/format'
import { getFieldErrors } from '@/lib/http/api-error'

export const REFUND_MODAL_TITLE = 'Reembolsar'

type Mode = 'items' | 'amount'

/** Pesos typed by the seller ("1500,50") as centavos; null when it is not a positive amount. */
export function pesosToCentavos(value: string | number): number | null {
  const n =
    typeof value === 'number' ? value : Number(String(value).replace(/\./g, '').replace(',', '.'))
  if (!Number.isFinite(n) || n <= 0) return null
  return Math.round(n * 100)
}

/**
 * The seller's refund: by lines (units of each, optionally back to stock) or by amount, showing
 * what was already refunded and what is left. The server checks the same limits; its field
 * errors show next to the field they name.
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
  const refundable = order.items.filter((i) => i.quantity - i.refundedQuantity > 0)
  const [mode, setMode] = useState<Mode>(refundable.length ? 'items' : 'amount')
  const [units, setUnits] = useState<Record<string, number | string>>({})
  const [restock, setRestock] = useState(order.status !== 'cancelled')
  const [amount, setAmount] = useState<string | number>('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const left = order.actions.refundableAmount

  const chosen = refundable
    .map((i) => ({ itemId: i._id, quantity: wholeUnits(units[i._id] ?? 0) }))
    .filter((l) => l.quantity > 0)
  const linesTotal = Math.min(
    left,
    chosen.reduce(
      (s, l) => s + order.items.find((i) => i._id === l.itemId)!.unitPrice * l.quantity,
      0,
    ),
  )

  function reset() {
    setUnits({})
    setAmount('')
    setErrors({})
    setMode(refundable.length ? 'items' : 'amount')
  }

  function submit() {
    let input: AdminRefundInput
    if (mode === 'items') {
      if (!chosen.length) {
        setErrors({ items: 'Elegí al menos un producto.' })
        return
      }
      input = { items: chosen, restock }
    } else {
      const cents = pesosToCentavos(amount)
      if (cents === null) {
        setErrors({ amount: 'Ingresá un monto mayor que cero.' })
        return
      }
      if (cents > left) {
        setErrors({ amount: `Podés reembolsar hasta ${formatMoney(left)}.` })
        return
      }
      input = { amount: cents }
    }
    setErrors({})
    refund.mutate(input, {
      onSuccess: () => onClose(),
      onError: (error) => {
        const fields = getFieldErrors(error)
        // items.N.quantity names the Nth line sent: show it next to that line.
        const byField: Record<string, string> = {}
        for (const [name, message] of Object.entries(fields)) {
          const m = /^items\.(\d+)\./.exec(name)
          const line = m && mode === 'items' ? chosen[Number(m[1])] : undefined
          byField[line ? `item:${line.itemId}` : name] = message
        }
        setErrors(byField)
      },
    })
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={REFUND_MODAL_TITLE}
      centered
      onExitTransitionEnd={reset}
    >
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
            setMode(v as Mode)
            setErrors({})
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
                  onChange={(v) => setUnits((u) => ({ ...u, [item._id]: v }))}
                  error={errors[`item:${item._id}`]}
                />
              )
            })}
            {errors.items ? (
              <Text size="sm" c="red" role="alert">
                {errors.items}
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
              onChange={(e) => setRestock(e.currentTarget.checked)}
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
            onChange={setAmount}
            error={errors.amount}
            data-autofocus
          />
        )}
        {refund.isError && Object.keys(errors).length === 0 ? (
          <Alert color="red" variant="light">
            No pudimos registrar el reembolso. Revisá los datos e intentá de nuevo.
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Descartar
          </Button>
          <Button color="grape" loading={refund.isPending} onClick={submit}>
            Reembolsar
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
