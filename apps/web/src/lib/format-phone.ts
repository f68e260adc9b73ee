import { parsePhoneNumberFromString } from 'libphonenumber-js'

// Apart from lib/format.ts: libphonenumber's metadata is large, and the home page formats no phone.
/**
 * A phone number as people write it ("+54 9 11 5555-0202"), never the raw E.164 string; a value
 * libphonenumber cannot read is shown as it came.
 */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value)
  if (!parsed) return value
  const international = parsed.formatInternational()
  // Argentines hyphenate the last two groups: "5555-0202".
  return parsed.country === 'AR' ? international.replace(/ (\d+)$/, '-$1') : international
}
