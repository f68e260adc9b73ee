// No zod here: the shop and product pages build their WhatsApp links with it (decision 052).
import type {
  DeliveryType,
  FulfillmentStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
} from './enum-values.ts'
import { formatPesos } from './legal-prices.ts'

/**
 * A phone as wa.me takes it: the international number's digits, no "+". The API stores phones in
 * one spelling (E.164, Argentine mobiles with the 9: apps/api/src/lib/phone.ts); an Argentine
 * number written without the 9 (+54 11 …, 12 digits) gets it, because WhatsApp knows Argentine
 * mobiles only that way. Null when there are too few or too many digits to be a number.
 */
export function waMeDigits(phone: string | null | undefined): string | null {
  if (!phone) return null
  let digits = phone.replace(/\D/g, '')
  if (!phone.trim().startsWith('+')) {
    // A national spelling ("011 4444-5555", "11 4444 5555"): Argentine.
    digits = digits.replace(/^0/, '')
    if (digits.length === 10) digits = `54${digits}`
  }
  if (digits.startsWith('54') && digits.length === 12) digits = `549${digits.slice(2)}`
  if (digits.length < 8 || digits.length > 15) return null
  return digits
}

/** https://wa.me/{digits}?text=…; null when the phone is no number. */
export function waMeLink(phone: string | null | undefined, text: string): string | null {
  const digits = waMeDigits(phone)
  if (!digits) return null
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`
}

/** What a customer writes to a shop from its page or one of its products. */
export function storeWhatsAppText(storeName: string, productTitle?: string | null): string {
  return productTitle
    ? `¡Hola, ${storeName}! Te escribo desde Barrio para consultar por ${productTitle}.`
    : `¡Hola, ${storeName}! Te escribo desde Barrio para hacerte una consulta.`
}

/** "Consultá por WhatsApp": the shop's number with the text naming the shop or the product. */
export function storeWhatsAppLink(store: {
  whatsapp: string | null | undefined
  name: string
  productTitle?: string | null
}): string | null {
  return waMeLink(store.whatsapp, storeWhatsAppText(store.name, store.productTitle))
}

/** The moments of an order a seller tells the customer about, one message each. */
export const ORDER_NOTICE_STAGES = [
  'received',
  'paid',
  'preparing',
  'ready_for_pickup',
  'out_for_delivery',
  'in_transit',
  'picked_up',
  'delivered',
  'cancelled',
  'refunded',
  'partially_refunded',
] as const
export type OrderNoticeStage = (typeof ORDER_NOTICE_STAGES)[number]

/** What of an order the notice reads (an AdminOrder has all of it). */
export type OrderNoticeInput = {
  number: number
  status: OrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: PaymentMethod
  deliveryType: DeliveryType
  pickupAddress: string | null
  total: number
  refundedAmount: number
  contact: { firstName: string; phone: string }
  store: { name: string }
  /** Oldest first, as the API answers them. */
  fulfillments: ReadonlyArray<{ status: FulfillmentStatus }>
}

const FULFILLMENT_STAGE: Partial<Record<FulfillmentStatus, OrderNoticeStage>> = {
  preparing: 'preparing',
  unfulfilled: 'preparing',
  on_hold: 'preparing',
  partially_fulfilled: 'preparing',
  ready_for_pickup: 'ready_for_pickup',
  out_for_delivery: 'out_for_delivery',
  in_transit: 'in_transit',
  picked_up: 'picked_up',
  delivered: 'delivered',
}

/** The order's current moment: cancelled and refunds first, then its latest delivery step. */
export function orderNoticeStage(order: OrderNoticeInput): OrderNoticeStage {
  if (order.status === 'cancelled') return 'cancelled'
  if (order.paymentStatus === 'refunded') return 'refunded'
  if (order.paymentStatus === 'partially_refunded') return 'partially_refunded'
  const latest = [...order.fulfillments].reverse().find((f) => f.status !== 'cancelled')
  const delivered: OrderNoticeStage = order.deliveryType === 'pickup' ? 'picked_up' : 'delivered'
  if (latest) {
    if (latest.status === 'fulfilled') return delivered
    const stage = FULFILLMENT_STAGE[latest.status]
    if (stage) return stage
  }
  if (order.status === 'completed' || order.status === 'fulfilled') return delivered
  return order.paymentStatus === 'paid' ? 'paid' : 'received'
}

const NEXT_STEP: Record<DeliveryType, string> = {
  pickup: 'te avisamos cuando esté listo para retirar',
  delivery: 'te avisamos cuando salga para tu domicilio',
  shipping: 'te avisamos cuando lo despachemos',
}

/**
 * The seller's message for the order's current moment, in Spanish ("¡Hola Ana! Tu pedido #1234
 * de Panadería Lola está listo para retirar."): the one channel for customers without e-mail.
 */
export function orderWhatsAppText(
  order: OrderNoticeInput,
  stage: OrderNoticeStage = orderNoticeStage(order),
): string {
  const pedido = `pedido #${order.number} de ${order.store.name}`
  const cashDue =
    order.paymentMethod === 'cash' && order.paymentStatus !== 'paid'
      ? ` Tené a mano ${formatPesos(order.total)} en efectivo.`
      : ''
  const news: Record<OrderNoticeStage, () => string> = {
    received: () => `Recibimos tu ${pedido}; ${NEXT_STEP[order.deliveryType]}.`,
    paid: () => `Recibimos el pago de tu ${pedido}. ¡Gracias!`,
    preparing: () => `Estamos preparando tu ${pedido}; ${NEXT_STEP[order.deliveryType]}.`,
    ready_for_pickup: () =>
      `Tu ${pedido} está listo para retirar${order.pickupAddress ? ` en ${order.pickupAddress}` : ''}.${cashDue}`,
    out_for_delivery: () => `Tu ${pedido} salió para tu domicilio.${cashDue}`,
    in_transit: () => `Despachamos tu ${pedido}: ya está en viaje.`,
    picked_up: () => `Gracias por retirar tu ${pedido}.`,
    delivered: () => `Entregamos tu ${pedido}. ¡Gracias por tu compra!`,
    cancelled: () => `Cancelamos tu ${pedido}.`,
    refunded: () => `Te reembolsamos el ${pedido}: ${formatPesos(order.refundedAmount)}.`,
    partially_refunded: () =>
      `Te reembolsamos parte del ${pedido}: en total ${formatPesos(order.refundedAmount)} de ${formatPesos(order.total)}.`,
  }
  const name = order.contact.firstName.trim()
  return `¡Hola${name ? ` ${name}` : ''}! ${news[stage]()}`
}

/** "Avisar por WhatsApp": wa.me to the customer's phone with the current moment's message. */
export function orderWhatsAppLink(order: OrderNoticeInput): string | null {
  return waMeLink(order.contact.phone, orderWhatsAppText(order))
}
