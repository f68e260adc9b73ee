import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { parsePhoneNumberFromString } from 'libphonenumber-js'

import { formatMoney } from '@/lib/format'

/**
 * The number as wa.me takes it: the international number's digits, without "+". A number without
 * country code is Argentine, and an Argentine number gets the 9 after 54 when it lacks it
 * (WhatsApp knows Argentine mobiles only that way). Null when it is not a phone number.
 */
export function whatsAppNumber(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'AR')
  if (!parsed?.isPossible()) return null
  const national = String(parsed.nationalNumber)
  if (parsed.countryCallingCode === '54' && !national.startsWith('9')) return `549${national}`
  return `${parsed.countryCallingCode}${national}`
}

/** The customer-facing timeline events a WhatsApp message can be about. */
const ABOUT = [
  'ORDER_PLACED',
  'PAYMENT_RECEIVED',
  'PREPARING',
  'READY_FOR_PICKUP',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'PAYMENT_REFUNDED',
  'CANCELLED',
] as const

/**
 * What the store would tell the customer about the order's latest change (the e-mail they could
 * not get, issue 22), in Spanish: ready for pickup, on its way, delivered, refunded, cancelled…
 */
export function whatsAppText(order: AdminOrder): string {
  const n = `#${order.number}`
  const latest = [...order.timeline]
    .reverse()
    .find((e) => (ABOUT as readonly string[]).includes(e.type))
  const cashDue =
    order.paymentMethod === 'cash' && order.paymentStatus !== 'paid'
      ? ` Tené a mano ${formatMoney(order.total)} en efectivo.`
      : ''
  let news: string
  switch (latest?.type) {
    case 'READY_FOR_PICKUP':
      news = `Tu pedido ${n} ya está listo para retirar${order.pickupAddress ? ` en ${order.pickupAddress}` : ''}.${cashDue}`
      break
    case 'OUT_FOR_DELIVERY':
      news =
        latest.note === 'Envío despachado'
          ? `Despachamos tu pedido ${n}; ya está en viaje.`
          : `Tu pedido ${n} salió para tu domicilio.${cashDue}`
      break
    case 'DELIVERED':
      news =
        latest.note === 'Retirado en el local'
          ? `Gracias por retirar tu pedido ${n}.`
          : `Entregamos tu pedido ${n}. ¡Gracias por tu compra!`
      break
    case 'PAYMENT_REFUNDED':
      news =
        order.paymentStatus === 'refunded'
          ? `Te reembolsamos el pedido ${n}: ${formatMoney(order.total)}.`
          : `Te reembolsamos parte del pedido ${n}: en total ${formatMoney(order.refundedAmount)} de ${formatMoney(order.total)}.`
      break
    case 'CANCELLED':
      news = `Cancelamos tu pedido ${n}.`
      break
    case 'PREPARING':
      news = `Estamos preparando tu pedido ${n}.`
      break
    case 'PAYMENT_RECEIVED':
      news = `Recibimos el pago de tu pedido ${n}. ¡Gracias!`
      break
    default:
      news = `Tomamos tu pedido ${n} por ${formatMoney(order.total)}.`
  }
  return `¡Hola, ${order.contact.firstName}! Te escribimos de ${order.store.name}. ${news}`
}

/**
 * The "Avisale por WhatsApp" link of a customer the store has no e-mail of (our notices cannot
 * reach them), with the text about the order's latest change; null when there is no e-mail to
 * replace or no phone to write to.
 */
export function whatsAppHref(order: AdminOrder): string | null {
  if (order.contact.email.trim()) return null
  const number = whatsAppNumber(order.contact.phone)
  if (!number) return null
  return `https://wa.me/${number}?text=${encodeURIComponent(whatsAppText(order))}`
}
