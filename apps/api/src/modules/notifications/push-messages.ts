import type { PaymentMethod } from '@barrio/contracts/enums'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { STORE_NOTIFICATION_LABELS } from '@barrio/contracts/admin-settings'
import type { PushData } from '@barrio/contracts/push'
import { formatArs } from '../../lib/money.ts'
import { scheduledLabelOf, type ScheduledColumns } from './scheduled-label.ts'

/** What one push says; the outbox row adds the device's token and platform. */
export type PushContent = { title: string; body: string; data: PushData | { url: string } }

type OrderRef = { id: string; number: number }
/** An order that may be scheduled (issue 26): its pushes name the slot. */
type MaybeScheduled = OrderRef & ScheduledColumns

/** " · Programado para mañana 9:00–9:30" for a scheduled order, else nothing. */
function slotSuffix(order: ScheduledColumns): string {
  const label = scheduledLabelOf(order)
  return label ? ` · ${label}` : ''
}

const customerData = (order: OrderRef): PushData => ({
  orderId: order.id,
  url: `/orders/${order.id}`,
})
const storeData = (order: OrderRef): PushData => ({
  orderId: order.id,
  url: `/admin/orders/${order.id}`,
})

/**
 * The pushes Barrio sends. Customers hear of each status change of their order with the Spanish
 * label of spec section 4 (contracts/labels-es); stores hear of new orders, payments and
 * cancellations as their notification settings say. Tapping one opens `data.url`.
 */
export const pushMessages = {
  /** The order (or its fulfilment) moved: `label` is the new status's label. */
  orderStatus(order: MaybeScheduled, label: string): PushContent {
    return {
      title: `Tu pedido #${order.number}`,
      body: `${label}${slotSuffix(order)}`,
      data: customerData(order),
    }
  },
  /** The payment moved: `label` is the payment status's label ("Pagado", "Reembolsado"…). */
  paymentStatus(order: MaybeScheduled, label: string): PushContent {
    return {
      title: `Tu pedido #${order.number}`,
      body: `Pago: ${label}${slotSuffix(order)}`,
      data: customerData(order),
    }
  },
  newOrder(
    order: MaybeScheduled & { total: number; paymentMethod: PaymentMethod },
    customerName: string,
  ): PushContent {
    return {
      title: `${STORE_NOTIFICATION_LABELS.order_placed}: #${order.number}`,
      body: `${customerName} · ${formatArs(order.total)} · ${PAYMENT_METHOD_LABELS[order.paymentMethod]}${slotSuffix(order)}`,
      data: storeData(order),
    }
  },
  paymentReceived(order: OrderRef & { total: number }): PushContent {
    return {
      title: `${STORE_NOTIFICATION_LABELS.payment_received}: #${order.number}`,
      body: `Mercado Pago acreditó ${formatArs(order.total)}.`,
      data: storeData(order),
    }
  },
  orderExpired(order: OrderRef): PushContent {
    return {
      title: `${STORE_NOTIFICATION_LABELS.order_cancelled}: #${order.number}`,
      body: 'No se pagó con Mercado Pago a tiempo; el stock volvió a estar a la venta.',
      data: storeData(order),
    }
  },
  /** The customer cancelled before the store started preparing it (decision 037). */
  orderCancelledByCustomer(order: OrderRef): PushContent {
    return {
      title: `${STORE_NOTIFICATION_LABELS.order_cancelled}: #${order.number}`,
      body: 'El cliente lo canceló antes de que empezaras a prepararlo; el stock volvió a estar a la venta.',
      data: storeData(order),
    }
  },
  /** The customer uploaded the bank transfer receipt: the seller checks it and marks it as paid. */
  transferReceiptUploaded(order: OrderRef): PushContent {
    return {
      title: `Comprobante de transferencia: #${order.number}`,
      body: 'El cliente subió el comprobante. Revisalo y marcá el pedido como pagado.',
      data: storeData(order),
    }
  },
  /** Variants this order took to the store's threshold or below; a tap opens the inventory. */
  lowStock(items: Array<{ title: string; left: number }>): PushContent {
    return {
      title: STORE_NOTIFICATION_LABELS.low_stock,
      body: items
        .map((i) => (i.left > 0 ? `${i.title}: quedan ${i.left}` : `${i.title}: sin stock`))
        .join(' · '),
      data: { url: '/admin/inventory/products' },
    }
  },
  test(): PushContent {
    return {
      title: 'Barrio',
      body: 'Las notificaciones funcionan en este dispositivo.',
      data: { url: '/' },
    }
  },
}
