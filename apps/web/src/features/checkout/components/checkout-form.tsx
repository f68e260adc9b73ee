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
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { useNavigate } from 'react-router'

import type { FieldErrors } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'

import { usePreferredPayment } from '@/api/customer/checkout/get-preferred-payment'
import { useSubmitReview } from '@/api/customer/checkout/submit-review'
import { BillingFields } from '@/features/checkout/components/billing-fields'
import { CheckoutSteps } from '@/features/checkout/components/checkout-steps'
import { CheckoutItems, CheckoutTotals } from '@/features/checkout/components/checkout-totals'
import {
  DeliveryAddress,
  type RenderAddressChooser,
} from '@/features/checkout/components/delivery-address'
import { DeliveryOptions } from '@/features/checkout/components/delivery-options'
import { SlotPicker } from '@/features/checkout/components/slot-picker'
import { PaymentOptions } from '@/features/checkout/components/payment-options'
import {
  initialCheckoutValues,
  validateReview,
  type CheckoutValues,
} from '@/features/checkout/utils/contact-form'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { paths } from '@/config/paths'
import { useAppStore } from '@/lib/app-store'

import classes from './checkout.module.css'

export const CONTINUE_LABEL = 'Continuar'
export const BACK_LABEL = 'Volver'

const STEP_TITLES = ['Datos de contacto', 'Entrega', 'Pago'] as const

function StepForm({
  step,
  formRef,
  focusOnMount,
  onSubmit,
  onBack,
  isPending,
  children,
}: {
  step: number
  /** The kit's ref: it focuses the first field with an error inside. */
  formRef: RefObject<HTMLFormElement | null>
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
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`checkout-step-${step}`}>
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

/**
 * The step a checkout was on, kept for the browser tab: a reload resumes there instead of at the
 * contact step (what was typed but not sent is asked again only if it does not validate).
 */
const stepKey = (checkoutId: string) => `barrio.checkoutStep.${checkoutId}`

function savedStep(checkoutId: string): number {
  try {
    const step = Number(window.sessionStorage.getItem(stepKey(checkoutId)))
    return Number.isInteger(step) && step >= 0 && step < STEP_TITLES.length ? step : 0
  } catch {
    return 0
  }
}

function saveStep(checkoutId: string, step: number) {
  try {
    window.sessionStorage.setItem(stepKey(checkoutId), String(step))
  } catch {
    // Private mode without storage: a reload starts at the first step, as before.
  }
}

export type CheckoutFormProps = {
  checkoutId: string
  summary: CheckoutSummary
  /** The page's address list, to change where the order goes without leaving the checkout. */
  renderAddressChooser?: RenderAddressChooser
}

/**
 * /checkout/{id}: contact details, delivery and payment, one step at a time, then POST review
 * and on to /checkout/{id}/review. Everything is prefilled from the checkout (and the profile).
 */
export function CheckoutForm({ checkoutId, summary, renderAddressChooser }: CheckoutFormProps) {
  const navigate = useNavigate()
  const userId = useAppStore((s) => s.user?._id ?? null)
  const preferred = usePreferredPayment(userId)
  const submitReview = useSubmitReview(checkoutId)

  const [step, setStep] = useState(() => savedStep(checkoutId))
  const [hasMoved, setHasMoved] = useState(false)

  const chosenDelivery = (values: CheckoutValues) => values.deliveryType ?? defaultDelivery(summary)
  const chosenPayment = (values: CheckoutValues) =>
    values.paymentMethod ?? defaultPayment(summary, preferred.data)
  const optionOf = (type: DeliveryType | null) =>
    summary.deliveryOptions.find((o) => o.type === type) ?? null
  /** "Programar" when chosen, or when the shop is closed and schedules this type (issue 26). */
  const chosenWhen = (values: CheckoutValues) => {
    const option = optionOf(chosenDelivery(values))
    if (!option?.canSchedule) return 'asap' as const
    return values.when ?? (option.asap ? 'asap' : 'scheduled')
  }

  const goTo = (next: number) => {
    setHasMoved(true)
    setStep(next)
    saveStep(checkoutId, next)
  }

  // One form over the three steps: each step checks its own fields, the last one sends the review.
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: initialCheckoutValues(summary),
    validate: (values) => {
      const deliveryType = chosenDelivery(values)
      return validateReview(
        { ...values, deliveryType, paymentMethod: chosenPayment(values) },
        {
          isDeliveryAvailable: Boolean(optionOf(deliveryType)?.available),
          isScheduled: chosenWhen(values) === 'scheduled',
        },
      )
    },
    mutation: submitReview,
    // The coupon applied on the review (issue 28) stays when the customer edits and comes back.
    toVariables: (input) => ({ ...input, couponCode: summary.coupon?.code ?? null }),
    errorFallback: 'No pudimos guardar tus datos. Intentá nuevamente.',
    onSaved: () => void navigate(paths.checkoutReview.getHref(checkoutId)),
    // An error (ours or the server's) takes the customer back to the step that holds it.
    onInvalid: (errors: FieldErrors) => {
      const names = Object.keys(errors)
      if (names.some((name) => name.startsWith('contact.'))) goTo(0)
      else if (names.includes('deliveryType') || names.includes('scheduledSlotStart')) goTo(1)
    },
  })
  const { form, inputProps, errorOf } = appForm
  const values = form.values
  const deliveryOption = optionOf(chosenDelivery(values))
  const hasFieldErrors = Object.keys(appForm.fieldErrors).length > 0

  return (
    <Stack gap="lg">
      <CheckoutSteps active={step} onStepClick={(next) => next < step && goTo(next)} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {step === 2 && appForm.formError && !hasFieldErrors ? (
              <Alert color="red" variant="light" role="alert">
                {appForm.formError}
              </Alert>
            ) : null}
            {step === 0 ? (
              <StepForm
                step={0}
                formRef={appForm.formRef}
                focusOnMount={hasMoved}
                onSubmit={() => appForm.check(['contact']) && goTo(1)}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput
                    label="Nombre"
                    name="contact.firstName"
                    autoComplete="given-name"
                    required
                    {...inputProps('contact.firstName')}
                  />
                  <TextInput
                    label="Apellido"
                    name="contact.lastName"
                    autoComplete="family-name"
                    required
                    {...inputProps('contact.lastName')}
                  />
                </SimpleGrid>
                <PhoneInput
                  label="Teléfono"
                  value={values.contact.phone}
                  onChange={(phone) => form.setFieldValue('contact.phone', phone)}
                  error={errorOf('contact.phone')}
                  description="El comercio te escribe si hay algún cambio en tu pedido."
                  required
                />
                <TextInput
                  label="Correo electrónico"
                  name="contact.email"
                  type="email"
                  autoComplete="email"
                  required
                  {...inputProps('contact.email')}
                />
                <BillingFields appForm={appForm} />
              </StepForm>
            ) : null}
            {step === 1 ? (
              <StepForm
                step={1}
                formRef={appForm.formRef}
                focusOnMount={hasMoved}
                onSubmit={() => appForm.check(['deliveryType', 'scheduledSlotStart']) && goTo(2)}
                onBack={() => goTo(0)}
              >
                {renderAddressChooser ? (
                  <DeliveryAddress
                    checkoutId={checkoutId}
                    address={summary.shippingAddress}
                    renderChooser={renderAddressChooser}
                  />
                ) : null}
                <DeliveryOptions
                  options={summary.deliveryOptions}
                  value={chosenDelivery(values)}
                  onChange={(value) => {
                    form.setFieldValue('deliveryType', value)
                    // Slots are per delivery type: choose again for the new one.
                    form.setFieldValue('when', null)
                    form.setFieldValue('scheduledSlotStart', null)
                  }}
                  shippingAddress={summary.shippingAddress?.formattedAddress ?? null}
                  error={errorOf('deliveryType')}
                />
                {deliveryOption?.available &&
                deliveryOption.canSchedule &&
                deliveryOption.type !== 'shipping' ? (
                  <SlotPicker
                    key={deliveryOption.type}
                    checkoutId={checkoutId}
                    option={{ ...deliveryOption, type: deliveryOption.type }}
                    when={chosenWhen(values)}
                    onWhenChange={(when) => form.setFieldValue('when', when)}
                    slot={values.scheduledSlotStart}
                    onSlotChange={(slot) => form.setFieldValue('scheduledSlotStart', slot)}
                    error={errorOf('scheduledSlotStart')}
                  />
                ) : null}
              </StepForm>
            ) : null}
            {step === 2 ? (
              <StepForm
                step={2}
                formRef={appForm.formRef}
                focusOnMount={hasMoved}
                onSubmit={() => void appForm.save()}
                onBack={() => goTo(1)}
                isPending={appForm.isSaving}
              >
                <PaymentOptions
                  methods={summary.paymentMethods}
                  value={chosenPayment(values)}
                  onChange={(value) => form.setFieldValue('paymentMethod', value)}
                  error={errorOf('paymentMethod')}
                />
                <Textarea
                  label="Nota para el comercio"
                  description="Opcional: indicaciones para preparar o entregar tu pedido."
                  autosize
                  minRows={2}
                  maxRows={5}
                  maxLength={500}
                  {...inputProps('note')}
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
              {!summary.store.openNow ? (
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
