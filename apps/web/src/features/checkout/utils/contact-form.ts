import { contactSchema, type CheckoutSummary, type Contact } from '@barrio/contracts/checkout'

import { INVALID_PHONE_MESSAGE, isValidPhone } from '@/components/phone-input/phone-input'

export type ContactValues = { firstName: string; lastName: string; phone: string; email: string }

export function initialContact(summary: Pick<CheckoutSummary, 'contact'>): ContactValues {
  const contact = summary.contact ?? {}
  return {
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
  }
}

/** The contract's Spanish messages, one per field, plus a real phone-number check. */
export function validateContact(
  values: ContactValues,
): { ok: true; contact: Contact } | { ok: false; errors: Record<string, string> } {
  const parsed = contactSchema.safeParse(values)
  const errors: Record<string, string> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '')
      if (field && !(field in errors)) errors[field] = issue.message
    }
  }
  if (values.phone.trim() === '') errors.phone = 'Ingresá un teléfono'
  else if (!isValidPhone(values.phone)) errors.phone = INVALID_PHONE_MESSAGE
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, contact: parsed.data }
  return { ok: false, errors }
}
