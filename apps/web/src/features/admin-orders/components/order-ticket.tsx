import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { discountLabel } from '@barrio/contracts/labels-es'
import { scheduledForLabel } from '@barrio/contracts/store-time-labels'

import { QrCode } from '@/components/qr-code/qr-code'
import type { TicketFormat } from '@/config/paths'
import { formatDateTime, formatMoney } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'

import classes from './order-ticket.module.css'

export const TICKET_FORMATS: readonly TicketFormat[] = ['80mm', '58mm', 'a4']

/** "Comanda" goes to the kitchen or the packer (thermal roll); "Remito" goes with the order (A4). */
export function ticketKind(format: TicketFormat): 'Comanda' | 'Remito' {
  return format === 'a4' ? 'Remito' : 'Comanda'
}

/**
 * The `@page` rule of the paper, rendered with the ticket so it leaves with it: a roll of 58 or
 * 80 mm as long as the ticket, or an A4 sheet.
 */
export function pageRule(format: TicketFormat): string {
  return format === 'a4'
    ? '@page { size: A4; margin: 12mm; }'
    : `@page { size: ${format} auto; margin: 2mm 3mm; }`
}

const isDefaultVariant = (title: string) => !title || title === 'Predeterminado'

/**
 * One order on paper (decision 052): store, number, slot or "Lo antes posible", customer, where it
 * goes and the notes, the items with their options and quantities, totals, how it is paid and
 * whether it is, and a QR to the order in the back office.
 */
export function OrderTicket({
  order,
  format,
  backOfficeUrl,
}: {
  order: AdminOrder
  format: TicketFormat
  backOfficeUrl: string
}) {
  const { contact } = order
  const a4 = format === 'a4'
  return (
    <article
      className={classes.ticket}
      data-format={format}
      data-testid="order-ticket"
      aria-label={`${ticketKind(format)} del pedido #${order.number}`}
    >
      <p className={classes.storeName}>{order.store.name}</p>
      <p className={classes.kind}>{ticketKind(format)}</p>
      <h1 className={classes.number}>Pedido #{order.number}</h1>
      <p>{formatDateTime(order.createdAt)}</p>
      <hr className={classes.rule} />
      <p className={classes.label}>{order.deliveryTypeLabel}</p>
      <p className={classes.slot}>
        {order.scheduledFor ? scheduledForLabel(order.scheduledFor) : 'Lo antes posible'}
      </p>
      <p>
        <span className={classes.label}>Cliente: </span>
        {`${contact.firstName} ${contact.lastName}`.trim()}
        {contact.phone ? ` · ${formatPhone(contact.phone)}` : ''}
      </p>
      {order.shippingAddress ? (
        <>
          <p>
            <span className={classes.label}>Dirección: </span>
            {order.shippingAddress.formattedAddress}
          </p>
          {order.shippingAddress.notes ? (
            <p>
              <span className={classes.label}>Indicaciones: </span>
              {order.shippingAddress.notes}
            </p>
          ) : null}
        </>
      ) : order.pickupAddress ? (
        <p>
          <span className={classes.label}>Retira en: </span>
          {order.pickupAddress}
        </p>
      ) : null}
      {order.customerNote ? (
        <p>
          <span className={classes.label}>Nota del cliente: </span>
          {order.customerNote}
        </p>
      ) : null}
      <hr className={classes.rule} />
      <table className={classes.items} aria-label="Productos">
        {a4 ? (
          <thead>
            <tr>
              <th className={classes.qty}>Cant.</th>
              <th>Producto</th>
              <th className={classes.money}>Precio</th>
              <th className={classes.money}>Importe</th>
            </tr>
          </thead>
        ) : null}
        <tbody>
          {order.items.map((item) => (
            <tr key={item._id}>
              <td className={classes.qty}>{item.quantity} ×</td>
              <td>
                {item.title}
                {isDefaultVariant(item.variantTitle) ? null : (
                  <div className={classes.option}>{item.variantTitle}</div>
                )}
                {item.sku && a4 ? <div className={classes.option}>SKU {item.sku}</div> : null}
              </td>
              {a4 ? <td className={classes.money}>{formatMoney(item.unitPrice)}</td> : null}
              <td className={classes.money}>{formatMoney(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr className={classes.rule} />
      <table className={classes.totals} aria-label="Totales">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td>{formatMoney(order.subtotal)}</td>
          </tr>
          {order.deliveryFee > 0 ? (
            <tr>
              <td>Envío</td>
              <td>{formatMoney(order.deliveryFee)}</td>
            </tr>
          ) : null}
          {order.discount > 0 ? (
            <tr>
              <td>{discountLabel(order)}</td>
              <td>{formatMoney(-order.discount)}</td>
            </tr>
          ) : null}
          {order.taxLines
            .filter((t) => !t.included)
            .map((t) => (
              <tr key={t.name}>
                <td>{t.name}</td>
                <td>{formatMoney(t.amount)}</td>
              </tr>
            ))}
          <tr className={classes.total}>
            <td>Total</td>
            <td>{formatMoney(order.total)}</td>
          </tr>
          {order.refundedAmount > 0 ? (
            <tr>
              <td>Reembolsado</td>
              <td>{formatMoney(-order.refundedAmount)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p>
        <span className={classes.label}>Pago: </span>
        {order.paymentMethodLabel} · {order.paymentStatusLabel}
      </p>
      <div className={classes.qr}>
        <QrCode
          value={backOfficeUrl}
          size={a4 ? '28mm' : '24mm'}
          label={`Código QR del pedido #${order.number}`}
        />
        <span>Escaneá para abrir el pedido</span>
      </div>
    </article>
  )
}
