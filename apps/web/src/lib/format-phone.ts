import { parsePhoneNumberFromString } from 'libphonenumber-js'

// Apart from lib/format.ts: libphonenumber's metadata is large, and the home page formats no phone.
/**
 * The one display format of a phone number, never the raw E.164 string (issue 30): an Argentine
 * number in libphonenumber's national format, as Argentines write it ("011 15-5555-0202" for
 * +5491155550202, "011 4800-1234" for a landline); a foreign one in its international format
 * ("+1 415 555 2671"). A value libphonenumber cannot read is shown as it came.
 */
export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value)
  if (!parsed) return value
  return parsed.country === 'AR' ? parsed.formatNational() : parsed.formatInternational()
}
