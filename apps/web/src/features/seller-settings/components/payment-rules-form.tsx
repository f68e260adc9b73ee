import type { PaymentRules } from '@barrio/contracts/admin-settings'
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import {
  paymentRulesQueryOptions,
  savePaymentRules,
} from '@/features/seller-settings/api/payment-methods'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const PAYMENT_RULES_LABELS = {
  minutes: 'Minutos para pagar con Mercado Pago',
  cap: 'Pedidos sin pagar por cliente',
  save: 'Guardar reglas de pago',
} as const

/**
 * The store's stock-hold rules on the payments settings page: how long a Mercado Pago order waits
 * for its payment before it is cancelled (stock back to sale), and how many unpaid orders one
 * customer may have open at once.
 */
export function PaymentRulesForm() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useQuery(paymentRulesQueryOptions(storeId))
  if (!query.data) return null
  return <PaymentRulesFields key={storeId} rules={query.data} storeId={storeId} />
}

function PaymentRulesFields({ rules, storeId }: { rules: PaymentRules; storeId: string | null }) {
  const queryClient = useQueryClient()
  const [minutes, setMinutes] = useState<number | string>(rules.mercadoPagoPaymentMinutes)
  const [cap, setCap] = useState<number | string>(rules.maxUnpaidOrdersPerCustomer)
  const mutation = useMutation({
    mutationFn: savePaymentRules,
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentRulesQueryOptions(storeId).queryKey, saved)
      showToast({ message: 'Guardamos las reglas de pago.', type: 'success' })
    },
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="payment-rules-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="payment-rules-title">
          Pedidos sin pagar
        </Title>
        <Text size="sm" c="dimmed">
          Un pedido con Mercado Pago que no se paga a tiempo se cancela solo y su stock vuelve a
          estar a la venta. Los pedidos en efectivo o transferencia sin pagar los ves con el filtro
          «Pago pendiente» y los podés cancelar desde el pedido.
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={PAYMENT_RULES_LABELS.minutes}
            min={5}
            max={1440}
            allowDecimal={false}
            value={minutes}
            onChange={setMinutes}
          />
          <NumberInput
            label={PAYMENT_RULES_LABELS.cap}
            min={1}
            max={20}
            allowDecimal={false}
            value={cap}
            onChange={setCap}
          />
        </Group>
        <Group justify="flex-end">
          <Button
            loading={mutation.isPending}
            onClick={() =>
              mutation.mutate({
                mercadoPagoPaymentMinutes: Number(minutes),
                maxUnpaidOrdersPerCustomer: Number(cap),
              })
            }
          >
            {PAYMENT_RULES_LABELS.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
