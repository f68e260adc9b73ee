import {
  reviewInputSchema,
  type CheckoutSummary,
  type ReviewInput,
} from '@barrio/contracts/checkout'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import type { Billing } from '@barrio/contracts/invoicing'

import { validateWith, withFieldErrors, type Validated } from '@/components/form/form-errors'
import { phoneFieldError } from '@/components/phone-input/phone-input'
import { cuitDigits, cuitLengthError, formatCuitInput } from '@/lib/cuit'

export const CHOOSE_DELIVERY_MESSAGE = 'Elegí cómo recibir tu pedido.'
export const CHOOSE_PAYMENT_MESSAGE = 'Elegí un medio de pago.'
export const CHOOSE_SLOT_MESSAGE = 'Elegí una franja horaria.'

/** Who a Factura A names (issue 27): sent as `contact.billing` only when asked for. */
export type BillingValues = {
  cuit: string
  legalName: string
  vatCondition: Billing['vatCondition'] | null
}

export type ContactValues = {
  firstName: string
  lastName: string
  phone: string
  email: string
  billing: BillingValues
}

/**
 * What the checkout's steps edit, named like the review body (so the server's `contact.email`
 * lands under its field). A null choice is "not chosen yet".
 */
export type CheckoutValues = {
  contact: ContactValues
  /** "Necesito factura A": the billing fields show and are sent. */
  wantsBilling: boolean
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
    billing: {
      cuit: formatCuitInput(contact.billing?.cuit ?? ''),
      legalName: contact.billing?.legalName ?? '',
      vatCondition: contact.billing?.vatCondition ?? null,
    },
  }
}

/** Contact prefilled from the checkout (and the profile); delivery and payment not chosen yet. */
export function initialCheckoutValues(
  summary: Pick<CheckoutSummary, 'contact' | 'note' | 'scheduledFor'>,
): CheckoutValues {
  return {
    contact: initialContact(summary),
    wantsBilling: Boolean(summary.contact?.billing),
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
    contact: {
      ...values.contact,
      billing: values.wantsBilling
        ? {
            ...values.contact.billing,
            cuit: cuitDigits(values.contact.billing.cuit),
            vatCondition: values.contact.billing.vatCondition ?? undefined,
          }
        : undefined,
    },
    deliveryType: values.deliveryType ?? undefined,
    paymentMethod: values.paymentMethod ?? undefined,
    note: values.note,
    scheduledSlotStart: isScheduled ? values.scheduledSlotStart : null,
  })
  return withFieldErrors(result, {
    'contact.phone': phoneFieldError(values.contact.phone),
    'contact.billing.cuit': values.wantsBilling
      ? cuitLengthError(values.contact.billing.cuit)
      : undefined,
    deliveryType:
      !values.deliveryType || !isDeliveryAvailable ? CHOOSE_DELIVERY_MESSAGE : undefined,
    paymentMethod: values.paymentMethod ? undefined : CHOOSE_PAYMENT_MESSAGE,
    scheduledSlotStart: isScheduled && !values.scheduledSlotStart ? CHOOSE_SLOT_MESSAGE : undefined,
  })
}
