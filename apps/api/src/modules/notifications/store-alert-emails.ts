import type { Email } from '../../integrations/mailer.ts'
import { formatArs } from '../../lib/money.ts'
import { emailLayout } from './email-layout.ts'

type OrderRef = { id: string; number: number; total: number }

/** The e-mails a store gets about its own business, each switched by its notification settings. */
export const storeAlertEmails = {
  paymentReceived(to: string, order: OrderRef, publicUrl: string): Email {
    const lines = [`Mercado Pago acreditó ${formatArs(order.total)} del pedido #${order.number}.`]
    return {
      to,
      subject: `Pago recibido: pedido #${order.number}`,
      text: [...lines, `${publicUrl}/admin/orders/${order.id}`].join('\n\n'),
      html: emailLayout(
        `Pago recibido: pedido #${order.number}`,
        lines,
        {
          label: 'Ver el pedido',
          url: `${publicUrl}/admin/orders/${order.id}`,
        },
        null,
      ),
    }
  },

  /** The customer cancelled before the store started preparing it (decision 037). */
  orderCancelledByCustomer(
    to: string,
    order: OrderRef,
    reason: string | null,
    publicUrl: string,
  ): Email {
    const lines = [
      `El cliente canceló el pedido #${order.number} antes de que empezaras a prepararlo.`,
      ...(reason ? [`Motivo: ${reason}`] : []),
      'Su stock volvió a estar a la venta.',
    ]
    return {
      to,
      subject: `Pedido #${order.number} cancelado por el cliente`,
      text: [...lines, `${publicUrl}/admin/orders/${order.id}`].join('\n\n'),
      html: emailLayout(
        `Pedido #${order.number} cancelado por el cliente`,
        lines,
        { label: 'Ver el pedido', url: `${publicUrl}/admin/orders/${order.id}` },
        null,
      ),
    }
  },
  orderExpired(to: string, order: OrderRef, publicUrl: string): Email {
    const lines = [
      `El pedido #${order.number} se canceló porque no se pagó con Mercado Pago a tiempo.`,
      'Su stock volvió a estar a la venta.',
    ]
    return {
      to,
      subject: `Pedido #${order.number} cancelado`,
      text: [...lines, `${publicUrl}/admin/orders/${order.id}`].join('\n\n'),
      html: emailLayout(
        `Pedido #${order.number} cancelado`,
        lines,
        {
          label: 'Ver el pedido',
          url: `${publicUrl}/admin/orders/${order.id}`,
        },
        null,
      ),
    }
  },

  lowStock(
    to: string,
    items: Array<{ title: string; left: number }>,
    threshold: number,
    publicUrl: string,
  ): Email {
    const lines = [
      `Estos productos quedaron en ${threshold} unidades o menos:`,
      ...items.map((i) => (i.left > 0 ? `${i.title}: quedan ${i.left}` : `${i.title}: sin stock`)),
    ]
    return {
      to,
      subject: items.length === 1 ? `Stock bajo: ${items[0]!.title}` : 'Stock bajo en tu tienda',
      text: [...lines, `${publicUrl}/admin/inventory/products`].join('\n\n'),
      html: emailLayout(
        'Stock bajo',
        lines,
        {
          label: 'Ver el inventario',
          url: `${publicUrl}/admin/inventory/products`,
        },
        null,
      ),
    }
  },
}
