import { isValidCuit } from '@barrio/contracts/auth'

export const CUIT_LENGTH_MESSAGE = 'El CUIT tiene 11 números'
export const CUIT_CHECK_DIGIT_MESSAGE = 'El CUIT no es válido (revisá el dígito verificador)'

export function cuitDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 11)
}

/** Mask-friendly: keeps only digits (typed or pasted, with or without dashes) as 20-12345678-6. */
export function formatCuitInput(value: string): string {
  const digits = cuitDigits(value)
  if (digits.length <= 2) return digits
  if (digits.length <= 10) return `${digits.slice(0, 2)}-${digits.slice(2)}`
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`
}

/** The message for an invalid CUIT, or null. Empty is reported by the required-field check. */
export function cuitError(value: string): string | null {
  const digits = value.replace(/\D/g, '')
  if (digits === '') return 'Ingresá el CUIT'
  if (digits.length !== 11) return CUIT_LENGTH_MESSAGE
  return isValidCuit(digits) ? null : CUIT_CHECK_DIGIT_MESSAGE
}
