import type { Order } from '@barrio/contracts/orders'
import {
  withdrawalRequestSchema,
  type WithdrawalReceipt,
  type WithdrawalRequestInput,
} from '@barrio/contracts/withdrawals'
import { Alert, Button, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { IconCircleCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { AppForm } from '@/components/form/app-form'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import { getOrdersQueryOptions } from '@/api/customer/orders/get-orders'
import { useRequestWithdrawal } from '@/api/customer/withdrawals/request-withdrawal'
import { useAppStore } from '@/lib/app-store'
import { formatDate } from '@/lib/format'
import { getOwnerKey } from '@/lib/owner'

type WithdrawalValues = { orderNumber: string; email: string; name: string; reason: string }

const EMPTY: WithdrawalValues = { orderNumber: '', email: '', name: '', reason: '' }

/** The contract's rules; an empty reason is left out. */
function validateWithdrawal(values: WithdrawalValues) {
  const input: WithdrawalRequestInput = {
    orderNumber: values.orderNumber,
    email: values.email,
    name: values.name,
    ...(values.reason.trim() ? { reason: values.reason } : {}),
  }
  return validateWith(withdrawalRequestSchema, input)
}

/** Orders the botón may still apply to: neither cancelled nor refunded (the server decides the rest). */
const mayRevoke = (order: Order) =>
  order.status !== 'cancelled' && order.paymentStatus !== 'refunded'

const MAX_PICKABLE = 10

/** A signed-in customer's recent orders, to fill the form from one. */
function useRecentOrders(): Order[] {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const owner = useAppStore(getOwnerKey)
  const orders = useQuery({ ...getOrdersQueryOptions(1, owner), enabled: isLoggedIn })
  if (!isLoggedIn) return []
  return (orders.data?.docs ?? []).filter(mayRevoke).slice(0, MAX_PICKABLE)
}

function Receipt({ receipt, onAnother }: { receipt: WithdrawalReceipt; onAnother: () => void }) {
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={`Recibimos tu pedido de arrepentimiento del pedido #${receipt.orderNumber}`}
    >
      <Stack gap="sm">
        <Text size="lg">
          Tu código de arrepentimiento es{' '}
          <Text span fw={700} ff="monospace" fz="xl" data-testid="withdrawal-code">
            {receipt.code}
          </Text>
          . Te lo mandamos por correo.
        </Text>
        <Text size="sm">
          Guardalo: es la constancia de tu pedido. El comercio lo revisa y te avisamos por correo
          cada paso.
        </Text>
        <Button variant="default" onClick={onAnother} style={{ alignSelf: 'flex-start' }}>
          Arrepentirme de otra compra
        </Button>
      </Stack>
    </Alert>
  )
}

/**
 * The botón de arrepentimiento's form (issue 27): order number, e-mail of the purchase, name and
 * an optional reason, checked with the contract; the server's field errors go under their fields
 * and its refusal (late, perishables, cancelled, refunded) above the button. A signed-in customer
 * picks one of their recent orders instead of typing it.
 */
export function WithdrawalForm() {
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null)
  const recentOrders = useRecentOrders()
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: EMPTY,
    validate: validateWithdrawal,
    mutation: useRequestWithdrawal(),
    resetOnSuccess: true,
    errorFallback: 'No pudimos enviar tu pedido de arrepentimiento. Intentá nuevamente.',
    onSaved: (saved) => setReceipt(saved),
  })
  const { form, inputProps } = appForm

  if (receipt) return <Receipt receipt={receipt} onAnother={() => setReceipt(null)} />

  const pick = (orderId: string) => {
    const order = recentOrders.find((o) => o._id === orderId)
    if (!order) return
    form.setValues({
      orderNumber: String(order.number),
      email: order.contact.email,
      name: `${order.contact.firstName} ${order.contact.lastName}`.trim(),
    })
    form.clearErrors()
  }
  const picked = recentOrders.find((o) => String(o.number) === form.values.orderNumber)

  return (
    <AppForm form={appForm} label="Botón de arrepentimiento" submitLabel="Enviar arrepentimiento">
      {recentOrders.length > 0 ? (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Tus compras recientes
          </Title>
          <NativeSelect
            label="Elegí la compra"
            description="Completamos el número de pedido y el correo por vos."
            value={picked?._id ?? ''}
            onChange={(event) => pick(event.currentTarget.value)}
            data={[
              { value: '', label: 'Elegí un pedido…' },
              ...recentOrders.map((order) => ({
                value: order._id,
                label: `#${order.number} · ${order.store.name} · ${formatDate(order.createdAt)}`,
              })),
            ]}
          />
        </Stack>
      ) : null}
      <TextInput
        label="Número de pedido"
        name="orderNumber"
        inputMode="numeric"
        autoComplete="off"
        description="Está en el correo de tu compra, por ejemplo 1001."
        required
        {...inputProps('orderNumber')}
      />
      <TextInput
        label="Correo de la compra"
        name="email"
        type="email"
        autoComplete="email"
        description="El que usaste al comprar."
        required
        {...inputProps('email')}
      />
      <TextInput
        label="Nombre y apellido"
        name="name"
        autoComplete="name"
        required
        {...inputProps('name')}
      />
      <Textarea
        label="Motivo"
        name="reason"
        description="Opcional: no tenés que darnos razones."
        rows={3}
        maxLength={500}
        {...inputProps('reason')}
      />
    </AppForm>
  )
}
