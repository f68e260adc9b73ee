import type { Email } from '../../integrations/mailer.ts'
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import { formatArs } from '../../lib/money.ts'
import { emailLayout } from '../notifications/email-layout.ts'
import { scheduledLabelOf, type ScheduledColumns } from '../notifications/scheduled-label.ts'

type OrderLike = ScheduledColumns & {
  id: string
  number: number
  total: number
  /** A coupon's discount and code (issue 28); absent on orders without one. */
  discount?: number
  couponCode?: string | null
  deliveryType: DeliveryType
  paymentMethod: PaymentMethod
  contact: { email: string; firstName: string }
  paymentDetails: Record<string, unknown>
}
type StoreLike = { name: string; email: string | null }
type Line = { title: string; variantTitle: string; quantity: number; lineTotal: number }

/**
 * The store-only timeline note (INTERNAL_NOTE_ADDED) of a customer e-mail that had nobody to go
 * to: a customer the store has no e-mail of (issue 22). Nothing is queued; the seller's order page
 * offers WhatsApp instead.
 */
export const NOT_NOTIFIED_NOTE = 'No avisamos al cliente: no tiene e-mail'
export const notNotifiedNote = (what: string) => `${NOT_NOTIFIED_NOTE} (${what}).`

/** A line's name for the store and the customer: "Café (1 kg)"; the default variant adds nothing. */
export function lineTitle(line: { title: string; variantTitle: string | null }): string {
  return line.variantTitle && line.variantTitle !== 'Predeterminado'
    ? `${line.title} (${line.variantTitle})`
    : line.title
}

/** The two emails a new order sends: to the customer and to the store (Spanish, text and HTML). */
/**
 * "Programado para mañana 9:00–9:30 (30/11)": an e-mail is read later than it is sent, so a
 * relative day carries its date (Buenos Aires, UTC-3 all year: decision 040).
 */
function scheduledLine(order: ScheduledColumns, now: Date): string | null {
  const label = scheduledLabelOf(order, now)
  if (!label || !order.scheduledStart) return null
  const day = new Date(order.scheduledStart.getTime() - 3 * 60 * 60 * 1000)
  const date = `${day.getUTCDate()}/${day.getUTCMonth() + 1}`
  return label.includes(` ${date} `) ? `${label}.` : `${label} (${date}).`
}

export function orderEmails({
  order,
  store,
  items,
  publicUrl,
  now = new Date(),
}: {
  order: OrderLike
  store: StoreLike
  items: Line[]
  publicUrl: string
  /** What "hoy" and "mañana" of a scheduled order's slot are relative to. */
  now?: Date
}) {
  const scheduled = scheduledLine(order, now)
  const lines = items.map((i) => `${i.quantity} × ${lineTitle(i)}: ${formatArs(i.lineTotal)}`)
  const delivery = DELIVERY_TYPE_LABELS[order.deliveryType]
  const payment = PAYMENT_METHOD_LABELS[order.paymentMethod]
  const transfer = order.paymentDetails.transfer as
    { cbu?: string; alias?: string; holder?: string } | undefined
  const transferLines = transfer
    ? [
        `Transferí ${formatArs(order.total)} a ${transfer.holder ?? store.name}: CBU/CVU ${transfer.cbu ?? ''}${transfer.alias ? `, alias ${transfer.alias}` : ''}.`,
      ]
    : []
  const url = `${publicUrl}/orders/${order.id}`
  const discountLines = order.discount
    ? [
        `Descuento${order.couponCode ? ` (cupón ${order.couponCode})` : ''}: −${formatArs(order.discount)}`,
      ]
    : []
  const customerText = [
    `¡Hola, ${order.contact.firstName}! Recibimos tu pedido #${order.number} en ${store.name}.`,
    ...lines,
    ...discountLines,
    `Total: ${formatArs(order.total)}`,
    `Entrega: ${delivery}. Pago: ${payment}.`,
    ...(scheduled ? [scheduled] : []),
    ...transferLines,
    `Seguilo en ${url}`,
  ]
  const storeText = [
    `Nuevo pedido #${order.number} de ${order.contact.firstName}.`,
    ...lines,
    ...discountLines,
    `Total: ${formatArs(order.total)}`,
    `Entrega: ${delivery}. Pago: ${payment}.`,
    ...(scheduled ? [scheduled] : []),
  ]
  // The seller opens the order straight in the back office; the link switches to its store.
  const adminUrl = `${publicUrl}/admin/orders/${order.id}`
  const html = (title: string, body: string[], action: { label: string; url: string } | null) =>
    emailLayout(title, body, action, null)
  const customer: Email = {
    to: order.contact.email,
    subject: `Recibimos tu pedido #${order.number}`,
    text: customerText.join('\n'),
    html: html(`Pedido #${order.number}`, customerText, { label: 'Seguir el pedido', url }),
  }
  const storeEmail: Email = {
    to: store.email ?? 'sin-correo@barrio.invalid',
    subject: `Nuevo pedido #${order.number}`,
    text: [...storeText, `Abrilo en ${adminUrl}`].join('\n'),
    html: html(`Nuevo pedido #${order.number}`, storeText, {
      label: 'Ver el pedido',
      url: adminUrl,
    }),
  }
  return { customer, store: storeEmail }
}
