import { isValidCuit } from '@barrio/contracts/auth'

/**
 * A CUIT as people type it (20-12345678-6) and as the API takes it (11 digits): the merchant
 * application, the store's fiscal data and the checkout's "Necesito factura A" (issue 27).
 */
export const CUIT_LENGTH_MESSAGE = 'El CUIT tiene 11 números'
export const CUIT_CHECK_DIGIT_MESSAGE = 'El CUIT no es válido (revisá el dígito verificador)'

export function cuitDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11)
}

/** Keeps only digits (typed or pasted, with or without dashes) shown as 20-12345678-6. */
export function formatCuitInput(value: string): string {
  const digits = cuitDigits(value)
  if (digits.length <= 2) return digits
  if (digits.length <= 10) return `${digits.slice(0, 2)}-${digits.slice(2)}`
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`
}

/** The message for a CUIT's length before the contract checks its digit; undefined when it has 11. */
export function cuitLengthError(value: string): string | undefined {
  const digits = value.replace(/\D/g, '')
  if (digits === '') return 'Ingresá el CUIT'
  return digits.length === 11 ? undefined : CUIT_LENGTH_MESSAGE
}

/** The message for an invalid CUIT (length, then check digit), or null. */
export function cuitError(value: string): string | null {
  const length = cuitLengthError(value)
  if (length) return length
  return isValidCuit(value.replace(/\D/g, '')) ? null : CUIT_CHECK_DIGIT_MESSAGE
}
