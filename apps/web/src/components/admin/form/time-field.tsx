import { TextInput, type TextInputProps } from '@mantine/core'

/**
 * What the seller typed as a 24 h time: "9" -> "09", "930" -> "09:30", "0930" -> "09:30",
 * "9:5" -> "09:05". Anything else is left as typed (validation flags it).
 */
export function normaliseTime(text: string): string {
  const trimmed = text.trim()
  const match = /^(\d{1,2})(?::?(\d{1,2}))?$/.exec(trimmed)
  if (match?.[1] === undefined) return trimmed
  const digits = trimmed.replace(':', '')
  // "930" means 9:30, not 93:0.
  const [hours, minutes] =
    !trimmed.includes(':') && digits.length >= 3
      ? [digits.slice(0, digits.length - 2), digits.slice(-2)]
      : [match[1], match[2] ?? '00']
  if (Number(hours) > 23 || Number(minutes) > 59) return trimmed
  return `${hours.padStart(2, '0')}:${minutes.padStart(2, '0')}`
}

export type TimeFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** "HH:MM", 24 h. */
  value: string
  onChange: (value: string) => void
}

/**
 * A 24 h time ("HH:MM") typed on a numeric keyboard. The browser's own time input follows the
 * device's locale and shows AM/PM on many phones; stores in Argentina use 24 h times.
 */
export function TimeField({ value, onChange, onBlur, ...props }: TimeFieldProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="HH:MM"
      maxLength={5}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/[^\d:]/g, ''))}
      onBlur={(event) => {
        onChange(normaliseTime(value))
        onBlur?.(event)
      }}
    />
  )
}
