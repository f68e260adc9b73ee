import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * The store's phone as wa.me takes it: the international number's digits, without "+"; an
 * Argentine number gets the 9 after 54 (WhatsApp knows Argentine mobiles only that way). Null
 * when it is not a phone number.
 */
export function storeWhatsAppHref(phone: string, orderNumber: number): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'AR')
  if (!parsed?.isPossible()) return null
  const national = String(parsed.nationalNumber)
  const digits =
    parsed.countryCallingCode === '54' && !national.startsWith('9')
      ? `549${national}`
      : `${parsed.countryCallingCode}${national}`
  const text = `Hola, te escribo por mi pedido #${orderNumber}.`
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
}

/** tel: link of the store's phone (E.164 when it parses, else as written). */
export function storeTelHref(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, 'AR')
  return `tel:${parsed?.isPossible() ? parsed.number : phone.replace(/[^\d+]/g, '')}`
}
