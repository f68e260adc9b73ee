import type { CheckoutSummary, ReviewInput } from '@barrio/contracts/checkout'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconTicket } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'

import { useSubmitReview } from '@/api/customer/checkout/submit-review'
import { getErrorMessage } from '@/lib/http/api-error'

export const COUPON_FIELD_LABELS = {
  field: 'Cupón de descuento',
  apply: 'Aplicar',
  remove: 'Quitar',
} as const

/**
 * The review payload as reviewed, with another coupon: the server prices the checkout again and
 * the summary comes back with the discount (or why the code does not apply).
 */
export function reviewInputWithCoupon(
  summary: CheckoutSummary,
  couponCode: string | null,
): ReviewInput | null {
  const { contact, deliveryType, paymentMethod } = summary
  if (!contact || !deliveryType || !paymentMethod) return null
  return {
    contact: contact as ReviewInput['contact'],
    deliveryType,
    paymentMethod,
    note: summary.note,
    scheduledSlotStart: summary.scheduledFor?.start ?? null,
    couponCode,
  }
}

/** "Cupón de descuento" + "Aplicar" on the review; "Quitar" takes the code off. */
export function CouponField({
  checkoutId,
  summary,
  disabled,
}: {
  checkoutId: string
  summary: CheckoutSummary
  disabled?: boolean
}) {
  const submit = useSubmitReview(checkoutId)
  const [text, setText] = useState(summary.coupon?.code ?? '')
  const [error, setError] = useState<string | null>(null)
  const coupon = summary.coupon

  const send = (code: string | null) => {
    const input = reviewInputWithCoupon(summary, code)
    if (!input) return
    setError(null)
    submit.mutate(input, {
      onSuccess: () => setText(code ?? ''),
      onError: (cause) =>
        setError(getErrorMessage(cause, 'No pudimos aplicar el cupón. Intentá nuevamente.')),
    })
  }

  const apply = (event: FormEvent) => {
    event.preventDefault()
    const code = text.trim().toUpperCase()
    if (!code) {
      setError('Ingresá el código del cupón')
      return
    }
    send(code)
  }

  // The server's word on the code on screen: why it does not apply, unless the text changed since.
  const sameCode = coupon !== null && coupon.code === text.trim().toUpperCase()
  const message = error ?? (sameCode && !coupon.applied ? coupon.message : null)

  return (
    <form onSubmit={apply} noValidate aria-label={COUPON_FIELD_LABELS.field}>
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={COUPON_FIELD_LABELS.field}
            placeholder="Por ejemplo MARTES10"
            leftSection={<IconTicket size={16} aria-hidden />}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={30}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value.toUpperCase())
              setError(null)
            }}
            error={message}
            disabled={disabled}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            type="submit"
            variant="default"
            mt={25}
            loading={submit.isPending}
            disabled={disabled}
          >
            {COUPON_FIELD_LABELS.apply}
          </Button>
        </Group>
        {coupon ? (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            {coupon.applied ? (
              <Text size="sm" c="green.8" data-testid="coupon-applied">
                Aplicaste el cupón {coupon.code}.
              </Text>
            ) : (
              <span />
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => send(null)}
              disabled={disabled || submit.isPending}
            >
              {COUPON_FIELD_LABELS.remove}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  )
}
