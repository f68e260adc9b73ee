import { scheduledForLabel } from '@barrio/contracts/store-time-labels'
import type { CheckoutSummary } from '@barrio/contracts/checkout'
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import type { Order } from '@barrio/contracts/orders'
import { Alert, Button, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

import { changedSummaryOf, useConfirmCheckout } from '@/api/customer/checkout/confirm-checkout'
import { useEditCheckout } from '@/api/customer/checkout/edit-checkout'
import { checkoutQueryKey } from '@/api/customer/checkout/get-checkout'
import { BankTransferDetails } from '@/features/checkout/components/bank-transfer-details'
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps'
import { CouponField } from '@/features/checkout/components/coupon-field'
import { CheckoutItems, CheckoutTotals } from '@/features/checkout/components/checkout-totals'
import { deliveryFeeLabel } from '@/features/checkout/utils/checkout-format'
import { paths } from '@/config/paths'
import { getErrorMessage, isApiError } from '@/lib/http/api-error'
import { formatMoney } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'
import { showToast } from '@/lib/toast'
import { redirectTo } from '@/lib/redirect'
import { askForPushPermission } from '@/lib/native/push-hooks'
import { formatCuitInput } from '@/lib/cuit'

export const CONFIRM_ORDER_LABEL = 'Confirmar pedido'
export const EDIT_LABEL = 'Editar'
export const REVIEW_TITLE = 'Revisá tu pedido'
export const TOTAL_CHANGED_TITLE = 'El total cambió'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section">
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

export function orderConfirmedMessage(order: Pick<Order, 'number'>): string {
  return `¡Listo! Recibimos tu pedido #${order.number}.`
}

export type CheckoutReviewProps = {
  checkoutId: string
  summary: CheckoutSummary
  /** The order exists: the app clears the cart on screen (the server already emptied it). */
  onConfirmed?: (order: Order) => void
}

/**
 * /checkout/{id}/review: everything the customer is about to confirm, the reasons it cannot be
 * confirmed yet, "Editar" (PUT review, back to the steps) and "Confirmar pedido".
 */
export function CheckoutReview({ checkoutId, summary, onConfirmed }: CheckoutReviewProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const confirmMutation = useConfirmCheckout(checkoutId)
  const editMutation = useEditCheckout(checkoutId)
  const [error, setError] = useState<string | null>(null)
  // The server refused because the total changed since the review: the new summary is on screen
  // and the customer confirms again.
  const [totalChanged, setTotalChanged] = useState(false)
  const [isLeaving, setIsLeaving] = useState(false)
  // A second click (or Enter) while the first confirm is on its way does nothing.
  const confirming = useRef(false)

  const delivery = summary.deliveryOptions.find((o) => o.type === summary.deliveryType) ?? null
  const payment = summary.paymentMethods.find((m) => m.method === summary.paymentMethod) ?? null
  const isCompleted = summary.step === 'completed'
  const canConfirm = (summary.canConfirm || isCompleted) && !isLeaving

  const confirmOrder = () => {
    if (confirming.current || !canConfirm) return
    confirming.current = true
    setError(null)
    setTotalChanged(false)
    confirmMutation.mutate(undefined, {
      onSuccess: ({ order, checkoutUrl }) => {
        setIsLeaving(true)
        onConfirmed?.(order)
        void queryClient.invalidateQueries({ queryKey: ['orders'] })
        if (checkoutUrl) {
          // Mercado Pago's page: the customer pays there and comes back to the order.
          redirectTo(checkoutUrl)
          return
        }
        showToast({ message: orderConfirmedMessage(order), type: 'success' })
        void navigate(paths.order.getHref(order._id), { replace: true })
        // Native: the moment notifications make sense (the order's status changes are pushed).
        askForPushPermission('first-order')
      },
      onError: (cause) => {
        confirming.current = false
        setError(getErrorMessage(cause, 'No pudimos confirmar tu pedido. Intentá nuevamente.'))
        const changed = changedSummaryOf(cause)
        if (changed) {
          setTotalChanged(true)
          queryClient.setQueryData(checkoutQueryKey(checkoutId, 'review'), changed)
        }
        // Stock, prices or the shop's hours changed: show the summary as it is now. The refetch is
        // the fresh review the server needs before it accepts the new total.
        if (isApiError(cause) && cause.statusCode === 409) {
          void queryClient.invalidateQueries({ queryKey: checkoutQueryKey(checkoutId, 'review') })
        }
      },
    })
  }

  const edit = () => {
    setError(null)
    editMutation.mutate(undefined, {
      onSuccess: () => void navigate(paths.checkout.getHref(checkoutId)),
      onError: (cause) =>
        setError(getErrorMessage(cause, 'No pudimos volver a editar. Intentá nuevamente.')),
    })
  }

  return (
    <Stack gap="lg">
      <CheckoutSteps active={3} />
      {error ? (
        <Alert
          color={totalChanged ? 'orange' : 'red'}
          variant="light"
          role="alert"
          title={totalChanged ? TOTAL_CHANGED_TITLE : 'No se pudo confirmar'}
        >
          <Stack gap={4}>
            <Text size="sm">{error}</Text>
            {totalChanged ? (
              <Text size="sm" fw={600} data-testid="checkout-new-total">
                Nuevo total: {formatMoney(summary.total)}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {isCompleted ? (
        <Alert color="green" variant="light">
          Este pedido ya está confirmado. Tocá «{CONFIRM_ORDER_LABEL}» para verlo.
        </Alert>
      ) : summary.blockers.length > 0 ? (
        <Stack gap="xs" aria-label="Antes de confirmar" role="group">
          {summary.blockers.map((blocker) => (
            <Alert
              key={blocker}
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="checkout-blocker"
            >
              {blocker}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {!isCompleted && summary.notices.length > 0
        ? summary.notices.map((notice) => (
            <Alert
              key={notice}
              color="blue"
              variant="light"
              icon={<IconInfoCircle size={18} aria-hidden />}
              data-testid="checkout-notice"
            >
              {notice}
            </Alert>
          ))
        : null}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Section title="Datos de contacto">
                <Text size="sm">
                  {[summary.contact?.firstName, summary.contact?.lastName]
                    .filter(Boolean)
                    .join(' ') || 'Sin completar'}
                </Text>
                {summary.contact?.phone ? (
                  <Text size="sm">{formatPhone(summary.contact.phone)}</Text>
                ) : null}
                {summary.contact?.email ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {summary.contact.email}
                  </Text>
                ) : null}
                {summary.contact?.billing ? (
                  <Text size="sm" data-testid="review-billing">
                    Factura a nombre de {summary.contact.billing.legalName} · CUIT{' '}
                    {formatCuitInput(summary.contact.billing.cuit)}
                  </Text>
                ) : null}
              </Section>
              <Section title="Entrega">
                {summary.deliveryType ? (
                  <>
                    <Text size="sm" fw={600}>
                      {DELIVERY_TYPE_LABELS[summary.deliveryType]}
                      {delivery ? ` · ${deliveryFeeLabel(delivery)}` : ''}
                    </Text>
                    {summary.scheduledFor ? (
                      <Text size="sm" fw={600} c="green.8" data-testid="scheduled-for">
                        {scheduledForLabel(summary.scheduledFor)}
                      </Text>
                    ) : delivery?.estimate ? (
                      <Text size="sm" c="dimmed">
                        {delivery.estimate}
                      </Text>
                    ) : null}
                    {summary.deliveryType === 'pickup' ? (
                      delivery?.pickupAddress ? (
                        <Text size="sm">Retirás en {delivery.pickupAddress}</Text>
                      ) : null
                    ) : summary.shippingAddress ? (
                      <Text size="sm">
                        Entregamos en {summary.shippingAddress.formattedAddress}
                      </Text>
                    ) : null}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Sin elegir
                  </Text>
                )}
              </Section>
              <Section title="Pago">
                {summary.paymentMethod ? (
                  <>
                    <Text size="sm" fw={600}>
                      {payment?.label ?? PAYMENT_METHOD_LABELS[summary.paymentMethod]}
                    </Text>
                    {payment?.method === 'bank_transfer' ? (
                      <>
                        <Text size="xs" c="dimmed">
                          Después de confirmar, transferí el total a esta cuenta:
                        </Text>
                        <BankTransferDetails details={payment.details} />
                      </>
                    ) : null}
                    {payment?.method === 'mercado_pago' ? (
                      <Text size="xs" c="dimmed">
                        Al confirmar te llevamos a Mercado Pago para pagar.
                      </Text>
                    ) : null}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Sin elegir
                  </Text>
                )}
              </Section>
              {summary.note ? (
                <Section title="Nota para el comercio">
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {summary.note}
                  </Text>
                </Section>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-summary">
            <Stack gap="sm">
              <Title order={2} size="h4" id="review-summary">
                Tu pedido en {summary.store.name}
              </Title>
              <CheckoutItems items={summary.items} />
              {isCompleted ? null : (
                <CouponField
                  checkoutId={checkoutId}
                  summary={summary}
                  disabled={confirmMutation.isPending || isLeaving}
                />
              )}
              <CheckoutTotals summary={summary} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                <Button
                  variant="default"
                  onClick={edit}
                  loading={editMutation.isPending}
                  disabled={confirmMutation.isPending || isLeaving || isCompleted}
                >
                  {EDIT_LABEL}
                </Button>
                <Button
                  onClick={confirmOrder}
                  loading={confirmMutation.isPending || isLeaving}
                  disabled={!canConfirm}
                >
                  {CONFIRM_ORDER_LABEL}
                </Button>
              </SimpleGrid>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
