import type { FulfillmentEvent } from '@barrio/contracts/admin-orders'
import type { Email } from '../../integrations/mailer.ts'
import { formatArs } from '../../lib/money.ts'
import { emailLayout } from '../notifications/email-layout.ts'

type OrderLike = {
  id: string
  number: number
  total: number
  paymentMethod: string
  paymentStatus: string
  pickupAddress: string | null
  contact: { email: string; firstName: string }
}

/** The fulfillment events the customer hears about by email. */
export const EMAILED_EVENTS: readonly FulfillmentEvent[] = [
  'ready_for_pickup',
  'out_for_delivery',
  'in_transit',
  'delivered',
]

/**
 * The Spanish email a customer gets when the seller moves the order on: ready for pickup, on its
 * way, or delivered. Null for events that send nothing.
 */
export function fulfillmentEmail({
  event,
  order,
  storeName,
  publicUrl,
}: {
  event: FulfillmentEvent
  order: OrderLike
  storeName: string
  publicUrl: string
}): Email | null {
  if (!EMAILED_EVENTS.includes(event)) return null
  const n = `#${order.number}`
  const hello = `¡Hola, ${order.contact.firstName}!`
  const cashDue =
    order.paymentMethod === 'cash' && order.paymentStatus !== 'paid'
      ? [`Tené a mano ${formatArs(order.total)} en efectivo.`]
      : []
  const content: Record<string, { subject: string; lines: string[] }> = {
    ready_for_pickup: {
      subject: `Tu pedido ${n} está listo para retirar`,
      lines: [
        `${hello} Tu pedido ${n} en ${storeName} ya está listo.`,
        order.pickupAddress ? `Retiralo en ${order.pickupAddress}.` : 'Ya podés pasar a retirarlo.',
        ...cashDue,
      ],
    },
    out_for_delivery: {
      subject: `Tu pedido ${n} está en camino`,
      lines: [`${hello} Tu pedido ${n} de ${storeName} salió para tu domicilio.`, ...cashDue],
    },
    in_transit: {
      subject: `Tu pedido ${n} está en camino`,
      lines: [`${hello} Despachamos tu pedido ${n} de ${storeName}; ya está en viaje.`],
    },
    delivered: {
      subject: `Entregamos tu pedido ${n}`,
      lines: [`${hello} Tu pedido ${n} de ${storeName} fue entregado. ¡Gracias por tu compra!`],
    },
  }
  const { subject, lines } = content[event]!
  const text = [...lines, `Seguilo en ${publicUrl}/orders/${order.id}`]
  return {
    to: order.contact.email,
    subject,
    text: text.join('\n'),
    html: emailLayout(subject, text, null, null),
  }
}

/** The customer's e-mail when a Mercado Pago order is cancelled because its payment never came. */
export function paymentExpiredEmail({
  order,
  storeName,
  publicUrl,
}: {
  order: OrderLike
  storeName: string
  publicUrl: string
}): Email {
  const n = `#${order.number}`
  const subject = `Cancelamos tu pedido ${n}: el pago no llegó a tiempo`
  const text = [
    `¡Hola, ${order.contact.firstName}!`,
    `No recibimos el pago con Mercado Pago de tu pedido ${n} en ${storeName} a tiempo, así que lo cancelamos y no se te va a cobrar.`,
    'Si todavía lo querés, podés hacer el pedido de nuevo.',
    `Detalle: ${publicUrl}/orders/${order.id}`,
  ]
  return {
    to: order.contact.email,
    subject,
    text: text.join('\n'),
    html: emailLayout(subject, text, null, null),
  }
}

/** The customer's e-mail when the store refunds all or part of a paid order. */
export function refundEmail({
  order,
  amount,
  refundedAmount,
  storeName,
  publicUrl,
}: {
  order: OrderLike
  /** This refund, in centavos. */
  amount: number
  /** Everything refunded so far, this one included. */
  refundedAmount: number
  storeName: string
  publicUrl: string
}): Email {
  const n = `#${order.number}`
  const whole = refundedAmount >= order.total
  const subject = whole
    ? `Te reembolsamos el pedido ${n}`
    : `Te reembolsamos ${formatArs(amount)} del pedido ${n}`
  const text = [
    `¡Hola, ${order.contact.firstName}!`,
    `${storeName} te reembolsó ${formatArs(amount)} del pedido ${n}.`,
    whole
      ? `Ya te devolvimos el total de ${formatArs(order.total)}.`
      : `En total te reembolsamos ${formatArs(refundedAmount)} de ${formatArs(order.total)}.`,
    order.paymentMethod === 'mercado_pago'
      ? 'El dinero vuelve al medio con el que pagaste en Mercado Pago; puede tardar unos días en verse.'
      : 'El comercio te va a devolver el dinero por el mismo medio con el que pagaste.',
    `Detalle: ${publicUrl}/orders/${order.id}`,
  ]
  return {
    to: order.contact.email,
    subject,
    text: text.join('\n'),
    html: emailLayout(subject, text, null, null),
  }
}
