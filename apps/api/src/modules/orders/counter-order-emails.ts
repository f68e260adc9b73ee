import type { DeliveryType, PaymentMethod } from '@barrio/contracts/enums'
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import type { Email } from '../../integrations/mailer.ts'
import { formatArs } from '../../lib/money.ts'
import { lineTitle } from './order-emails.ts'
import { emailLayout } from '../notifications/email-layout.ts'

type Line = { title: string; variantTitle: string; quantity: number; lineTotal: number }

/**
 * The customer's copy of an order the store took for them (phone, WhatsApp, counter). No link to
 * the order page: the person may have no Barrio account (decision 027); the store is the contact.
 */
export function counterOrderEmail(input: {
  to: string
  order: {
    number: number
    total: number
    deliveryType: DeliveryType
    paymentMethod: PaymentMethod
    paymentStatus: string
    contact: { firstName: string }
    paymentDetails: Record<string, unknown>
  }
  store: { name: string; phone: string | null }
  items: Line[]
}): Email {
  const { order, store } = input
  const transfer = order.paymentDetails.transfer as
    { cbu?: string; alias?: string; holder?: string } | undefined
  const paid = order.paymentStatus === 'paid'
  const payment = PAYMENT_METHOD_LABELS[order.paymentMethod]
  const text = [
    `¡Hola, ${order.contact.firstName}! ${store.name} cargó tu pedido #${order.number}.`,
    ...input.items.map((i) => `${i.quantity} × ${lineTitle(i)}: ${formatArs(i.lineTotal)}`),
    `Total: ${formatArs(order.total)}`,
    `Entrega: ${DELIVERY_TYPE_LABELS[order.deliveryType]}.`,
    paid ? `Pago: ${payment}, ya registrado. ¡Gracias!` : `Pago: ${payment}.`,
    ...(!paid && transfer
      ? [
          `Transferí ${formatArs(order.total)} a ${transfer.holder ?? store.name}: CBU/CVU ${transfer.cbu ?? ''}${transfer.alias ? `, alias ${transfer.alias}` : ''}.`,
        ]
      : []),
    store.phone
      ? `Ante cualquier duda, escribile a ${store.name} al ${store.phone}.`
      : `Ante cualquier duda, contactá a ${store.name}.`,
  ]
  return {
    to: input.to,
    subject: `Tu pedido #${order.number} en ${store.name}`,
    text: text.join('\n'),
    html: emailLayout(`Pedido #${order.number}`, text, null, null),
  }
}
