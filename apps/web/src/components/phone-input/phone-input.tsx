import { Input } from '@mantine/core'
import { useId } from 'react'
import PhoneNumberInput, {
  getCountries,
  isValidPhoneNumber,
  type Country,
  type Labels,
} from 'react-phone-number-input'
import flags from 'react-phone-number-input/flags'
import labelsEs from 'react-phone-number-input/locale/es'
import 'react-phone-number-input/style.css'

import classes from './phone-input.module.css'

/** Spec section 5: Argentina first, then US, Spain, Uruguay, Brazil, Chile, then the rest. */
export const PHONE_COUNTRY_ORDER: Country[] = ['AR', 'US', 'ES', 'UY', 'BR', 'CL']
export const PHONE_DEFAULT_COUNTRY: Country = 'AR'
export const INVALID_PHONE_MESSAGE = 'Ingresá un número de teléfono válido'

/**
 * The picker's labels: the library's Spanish file leaves some countries in English ("Jordan",
 * "Kenya", "Malaysia"), so every country takes the browser's Spanish name (Intl.DisplayNames).
 */
export function phoneLabels(): Labels {
  const names = new Intl.DisplayNames(['es'], { type: 'region' })
  const countries = getCountries().map((country) => [
    country,
    names.of(country) ?? labelsEs[country],
  ])
  return { ...labelsEs, ...Object.fromEntries(countries) }
}
const PHONE_LABELS = phoneLabels()

/** True when the value (E.164, e.g. +5491123456789) is a valid phone number. */
export function isValidPhone(value: string | undefined | null): boolean {
  if (!value) return false
  try {
    return isValidPhoneNumber(value)
  } catch {
    return false
  }
}

export const PHONE_REQUIRED_MESSAGE = 'Ingresá un teléfono'

/**
 * The message under a phone field, if any: empty (when required) or not a real number. Forms add
 * it to the contract's errors, whose phone rule only checks the international format.
 */
export function phoneFieldError(value: string, { required = true } = {}): string | undefined {
  if (value.trim() === '') return required ? PHONE_REQUIRED_MESSAGE : undefined
  return isValidPhone(value) ? undefined : INVALID_PHONE_MESSAGE
}

export type PhoneInputProps = {
  label: string
  /** E.164 / international format, e.g. +5491123456789; '' when empty. */
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  required?: boolean
  disabled?: boolean
  name?: string
  description?: string
}

/**
 * Phone input with a country picker (bundled flags, never remote) and a fixed dial code.
 * Validity is not forced while typing; check it with `isValidPhone` on submit or blur.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
  name = 'phone',
  description,
}: PhoneInputProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id }}
      error={error}
      required={required}
      description={description}
      errorProps={{ id: errorId }}
    >
      <PhoneNumberInput
        id={id}
        name={name}
        className={classes.root}
        data-invalid={error ? true : undefined}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        defaultCountry={PHONE_DEFAULT_COUNTRY}
        countryOptionsOrder={[...PHONE_COUNTRY_ORDER, '|', '...']}
        international
        countryCallingCodeEditable={false}
        flags={flags}
        labels={PHONE_LABELS}
        disabled={disabled}
        autoComplete="tel"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required}
        countrySelectProps={{ 'aria-label': 'País del teléfono' }}
      />
    </Input.Wrapper>
  )
}
