import type { CheckoutSummary } from '@barrio/contracts/checkout'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

import { usePreferredPayment } from '@/features/checkout/api/get-preferred-payment'
import { useSubmitReview } from '@/features/checkout/api/submit-review'
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps'
import { CheckoutItems, CheckoutTotals } from '@/features/checkout/components/checkout-totals'
import { DeliveryOptions } from '@/features/checkout/components/delivery-options'
import { PaymentOptions } from '@/features/checkout/components/payment-options'
import {
  initialContact,
  validateContact,
  type ContactValues,
} from '@/features/checkout/utils/contact-form'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { paths } from '@/config/paths'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'

import classes from './checkout.module.css'

export const CONTINUE_LABEL = 'Continuar'
export const BACK_LABEL = 'Volver'
export const CHOOSE_DELIVERY_MESSAGE = 'Elegí cómo recibir tu pedido.'
export const CHOOSE_PAYMENT_MESSAGE = 'Elegí un medio de pago.'

const STEP_TITLES = ['Datos de contacto', 'Entrega', 'Pago'] as const

function StepForm({
  step,
  focusOnMount,
  onSubmit,
  onBack,
  isPending,
  children,
}: {
  step: number
  /** Not on the page's first step: only when the customer moved here. */
  focusOnMount: boolean
  onSubmit: () => void
  onBack?: () => void
  isPending?: boolean
  children: ReactNode
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Moving between steps takes keyboard and screen-reader users to the new step's title.
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus()
  }, [focusOnMount])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`checkout-step-${step}`}>
      <Stack gap="md">
        <Title
          order={2}
          size="h3"
          id={`checkout-step-${step}`}
          ref={headingRef}
          tabIndex={-1}
          className={classes.stepHeading}
        >
          {STEP_TITLES[step]}
        </Title>
        {children}
        <Group justify="space-between" mt="xs">
          {onBack ? (
            <Button variant="default" onClick={onBack} disabled={isPending}>
              {BACK_LABEL}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={isPending}>
            {CONTINUE_LABEL}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The choice to show: the customer's, else the one saved on the checkout, else an obvious one. */
function defaultDelivery(summary: CheckoutSummary): DeliveryType | null {
  const available = summary.deliveryOptions.filter((o) => o.available)
  if (summary.deliveryType && available.some((o) => o.type === summary.deliveryType)) {
    return summary.deliveryType
  }
  return available.length === 1 ? (available[0]?.type ?? null) : null
}

function defaultPayment(summary: CheckoutSummary, preferred: PaymentMethod | null | undefined) {
  const offered = (method: PaymentMethod | null | undefined) =>
    !!method && summary.paymentMethods.some((m) => m.method === method)
  if (offered(summary.paymentMethod)) return summary.paymentMethod
  if (offered(preferred)) return preferred ?? null
  return summary.paymentMethods.length === 1 ? (summary.paymentMethods[0]?.method ?? null) : null
}

export type CheckoutFormProps = { checkoutId: string; summary: CheckoutSummary }

/**
 * /checkout/{id}: contact details, delivery and payment, one step at a time, then POST review
 * and on to /checkout/{id}/review. Everything is prefilled from the checkout (and the profile).
 */
export function CheckoutForm({ checkoutId, summary }: CheckoutFormProps) {
  const navigate = useNavigate()
  const userId = useAppStore((s) => s.user?._id ?? null)
  const preferred = usePreferredPayment(userId)
  const submitReview = useSubmitReview(checkoutId)

  const [step, setStep] = useState(0)
  const [hasMoved, setHasMoved] = useState(false)
  const [contact, setContact] = useState<ContactValues>(() => initialContact(summary))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [delivery, setDelivery] = useState<DeliveryType | null>(null)
  const [payment, setPayment] = useState<PaymentMethod | null>(null)
  const [note, setNote] = useState(summary.note)

  const chosenDelivery = delivery ?? defaultDelivery(summary)
  const chosenPayment = payment ?? defaultPayment(summary, preferred.data)
  const deliveryOption = summary.deliveryOptions.find((o) => o.type === chosenDelivery) ?? null

  const updateContact = (field: keyof ContactValues) => (value: string) => {
    setContact((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _removed, ...rest }) => rest)
  }

  const goTo = (next: number) => {
    setServerError(null)
    setHasMoved(true)
    setStep(next)
  }

  const submitContact = () => {
    const result = validateContact(contact)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    goTo(1)
  }

  const submitDelivery = () => {
    if (!chosenDelivery || !deliveryOption?.available) {
      setErrors({ deliveryType: CHOOSE_DELIVERY_MESSAGE })
      return
    }
    setErrors({})
    goTo(2)
  }

  const submitPayment = () => {
    if (submitReview.isPending) return
    const result = validateContact(contact)
    if (!result.ok) {
      setErrors(result.errors)
      goTo(0)
      return
    }
    if (!chosenDelivery) {
      setErrors({ deliveryType: CHOOSE_DELIVERY_MESSAGE })
      goTo(1)
      return
    }
    if (!chosenPayment) {
      setErrors({ paymentMethod: CHOOSE_PAYMENT_MESSAGE })
      return
    }
    setErrors({})
    setServerError(null)
    submitReview.mutate(
      {
        contact: result.contact,
        deliveryType: chosenDelivery,
        paymentMethod: chosenPayment,
        note: note.trim(),
      },
      {
        onSuccess: () => void navigate(paths.checkoutReview.getHref(checkoutId)),
        onError: (error) => {
          const fieldErrors = getFieldErrors(error)
          const flat: Record<string, string> = {}
          for (const [name, message] of Object.entries(fieldErrors)) {
            flat[name.startsWith('contact.') ? name.slice('contact.'.length) : name] = message
          }
          setErrors(flat)
          if (['firstName', 'lastName', 'phone', 'email'].some((f) => f in flat)) goTo(0)
          else if ('deliveryType' in flat) goTo(1)
          if (Object.keys(flat).length === 0) {
            setServerError(
              getErrorMessage(error, 'No pudimos guardar tus datos. Intentá nuevamente.'),
            )
          }
        },
      },
    )
  }

  return (
    <Stack gap="lg">
      <CheckoutSteps active={step} onStepClick={(next) => next < step && goTo(next)} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {serverError ? (
              <Alert color="red" variant="light" role="alert">
                {serverError}
              </Alert>
            ) : null}
            {step === 0 ? (
              <StepForm step={0} focusOnMount={hasMoved} onSubmit={submitContact}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput
                    label="Nombre"
                    name="firstName"
                    autoComplete="given-name"
                    value={contact.firstName}
                    onChange={(e) => updateContact('firstName')(e.currentTarget.value)}
                    error={errors.firstName}
                    required
                  />
                  <TextInput
                    label="Apellido"
                    name="lastName"
                    autoComplete="family-name"
                    value={contact.lastName}
                    onChange={(e) => updateContact('lastName')(e.currentTarget.value)}
                    error={errors.lastName}
                    required
                  />
                </SimpleGrid>
                <PhoneInput
                  label="Teléfono"
                  value={contact.phone}
                  onChange={updateContact('phone')}
                  error={errors.phone}
                  description="El comercio te escribe si hay algún cambio en tu pedido."
                  required
                />
                <TextInput
                  label="Correo electrónico"
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={contact.email}
                  onChange={(e) => updateContact('email')(e.currentTarget.value)}
                  error={errors.email}
                  required
                />
              </StepForm>
            ) : null}
            {step === 1 ? (
              <StepForm
                step={1}
                focusOnMount={hasMoved}
                onSubmit={submitDelivery}
                onBack={() => goTo(0)}
              >
                <DeliveryOptions
                  options={summary.deliveryOptions}
                  value={chosenDelivery}
                  onChange={(value) => {
                    setDelivery(value)
                    setErrors(({ deliveryType: _removed, ...rest }) => rest)
                  }}
                  shippingAddress={summary.shippingAddress?.formattedAddress ?? null}
                  error={errors.deliveryType}
                />
              </StepForm>
            ) : null}
            {step === 2 ? (
              <StepForm
                step={2}
                focusOnMount={hasMoved}
                onSubmit={submitPayment}
                onBack={() => goTo(1)}
                isPending={submitReview.isPending}
              >
                <PaymentOptions
                  methods={summary.paymentMethods}
                  value={chosenPayment}
                  onChange={(value) => {
                    setPayment(value)
                    setErrors(({ paymentMethod: _removed, ...rest }) => rest)
                  }}
                  error={errors.paymentMethod}
                />
                <Textarea
                  label="Nota para el comercio"
                  description="Opcional: indicaciones para preparar o entregar tu pedido."
                  autosize
                  minRows={2}
                  maxRows={5}
                  maxLength={500}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  error={errors.note}
                />
              </StepForm>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby="checkout-summary"
          >
            <Stack gap="sm">
              <Title order={2} size="h4" id="checkout-summary">
                Tu pedido en {summary.store.name}
              </Title>
              <CheckoutItems items={summary.items} />
              <CheckoutTotals
                summary={summary}
                partial={{
                  deliveryFee: deliveryOption?.available ? deliveryOption.fee : null,
                }}
              />
              {!summary.store.isOpen ? (
                <Text size="sm" c="orange.8">
                  El comercio está cerrado en este momento: vas a poder confirmar cuando abra.
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
