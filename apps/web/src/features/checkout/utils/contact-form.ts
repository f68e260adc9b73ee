import {
  reviewInputSchema,
  type CheckoutSummary,
  type ReviewInput,
} from '@barrio/contracts/checkout'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'

import { validateWith, withFieldErrors, type Validated } from '@/components/form/form-errors'
import { phoneFieldError } from '@/components/phone-input/phone-input'

export const CHOOSE_DELIVERY_MESSAGE = 'Elegí cómo recibir tu pedido.'
export const CHOOSE_PAYMENT_MESSAGE = 'Elegí un medio de pago.'
export const CHOOSE_SLOT_MESSAGE = 'Elegí una franja horaria.'

export type ContactValues = { firstName: string; lastName: string; phone: string; email: string }

/**
 * What the checkout's steps edit, named like the review body (so the server's `contact.email`
 * lands under its field). A null choice is "not chosen yet".
 */
export type CheckoutValues = {
  contact: ContactValues
  deliveryType: DeliveryType | null
  paymentMethod: PaymentMethod | null
  note: string
  /** "Lo antes posible" or "Programar" (issue 26); null: what the option allows. */
  when: 'asap' | 'scheduled' | null
  /** The chosen slot's start (GET /checkout/{id}/slots); null: none chosen. */
  scheduledSlotStart: string | null
}

export function initialContact(summary: Pick<CheckoutSummary, 'contact'>): ContactValues {
  const contact = summary.contact ?? {}
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
  }
}

/** Contact prefilled from the checkout (and the profile); delivery and payment not chosen yet. */
export function initialCheckoutValues(
  summary: Pick<CheckoutSummary, 'contact' | 'note' | 'scheduledFor'>,
): CheckoutValues {
  return {
    contact: initialContact(summary),
    deliveryType: null,
    paymentMethod: null,
    note: summary.note,
    when: summary.scheduledFor ? 'scheduled' : null,
    scheduledSlotStart: summary.scheduledFor?.start ?? null,
  }
}

/**
 * The review body through the contract (Spanish messages under each field), plus a real phone
 * number and an available delivery type.
 */
export function validateReview(
  values: CheckoutValues,
  {
    isDeliveryAvailable,
    isScheduled = false,
  }: { isDeliveryAvailable: boolean; isScheduled?: boolean },
): Validated<ReviewInput> {
  const result = validateWith(reviewInputSchema, {
    contact: values.contact,
    deliveryType: values.deliveryType ?? undefined,
    paymentMethod: values.paymentMethod ?? undefined,
    note: values.note,
    scheduledSlotStart: isScheduled ? values.scheduledSlotStart : null,
  })
  return withFieldErrors(result, {
    'contact.phone': phoneFieldError(values.contact.phone),
    deliveryType:
      !values.deliveryType || !isDeliveryAvailable ? CHOOSE_DELIVERY_MESSAGE : undefined,
    paymentMethod: values.paymentMethod ? undefined : CHOOSE_PAYMENT_MESSAGE,
    scheduledSlotStart: isScheduled && !values.scheduledSlotStart ? CHOOSE_SLOT_MESSAGE : undefined,
  })
}
