import { parsePhoneNumberFromString } from 'libphonenumber-js'

/** An Argentine geographic number (area code + subscriber, 10 digits) written without the 9. */
const ARGENTINE_WITHOUT_9 = /^[1-3]\d{9}$/

/**
 * The one spelling of a phone number the API stores and compares (decision 022): E.164, read as
 * Argentine when it has no country code; null when it is no valid number.
 *
 * Argentina dials a mobile from abroad with a 9 after +54 ("+54 9 11 5555-1234") and people write
 * it without ("11 5555-1234", which libphonenumber reads as +54 11 5555-1234, a fixed line: the
 * number alone cannot tell a mobile from a landline). Both spellings name the same line, so every
 * Argentine geographic number is kept with the 9 (+549 + area code + number): "11 5555-1234",
 * "011 15 5555-1234" and "+5491155551234" are one customer. Non-geographic numbers (0800, 0810,
 * 0600) and other countries stay as libphonenumber writes them. Migration
 * 0020_store_customer_phones applies the same rule in SQL to the phones stored before.
 */
export function canonicalPhone(raw: string | null | undefined): string | null {
  if (!raw) return null
  const parsed = parsePhoneNumberFromString(raw, 'AR')
  if (!parsed?.isValid()) return null
  if (parsed.countryCallingCode === '54' && ARGENTINE_WITHOUT_9.test(parsed.nationalNumber))
    return `+549${parsed.nationalNumber}`
  return parsed.number
}
