import {
  FINAL_FULFILLMENT_EVENTS,
  FULFILLMENT_EVENTS_BY_DELIVERY,
  type FulfillmentEvent,
} from '@barrio/contracts/admin-orders'
import type {
  DeliveryType,
  OrderFulfillmentStatus,
  OrderStatus,
  PaymentStatus,
} from '@barrio/contracts/enums'
import { AppError } from '../../lib/errors.ts'
import { formatArs } from '../../lib/money.ts'

/**
 * All the status arithmetic of partial fulfilment and partial refunds, pure (no I/O): what is left
 * to fulfil, which statuses the order rolls up to, what a refund takes back. The service calls it
 * inside its locked transaction; `order-arithmetic.test.ts` tables it over combinations.
 * Decision 025 explains the model.
 */

/** An order line as this module reads it. */
export type LineState = {
  id: string
  variantId: string
  title: string
  unitPrice: number
  quantity: number
  /** Units in fulfillments that are not cancelled. */
  fulfilledQuantity: number
  refundedQuantity: number
  restockedQuantity: number
}

export type FulfillmentState = { id: string; status: string }

export type LineRequest = { itemId: string; quantity: number }

const CLOSED: readonly string[] = ['cancelled', 'archived', 'completed']
const isFinal = (status: string) => (FINAL_FULFILLMENT_EVENTS as readonly string[]).includes(status)
const isLive = (f: FulfillmentState) => f.status !== 'cancelled'

/** Units of the line still to fulfil: refunded units are not sent. */
export function toFulfil(line: LineState): number {
  return Math.max(0, line.quantity - line.refundedQuantity - line.fulfilledQuantity)
}

/** Units of the line that may still be refunded. */
export function refundableUnits(line: LineState): number {
  return Math.max(0, line.quantity - line.refundedQuantity)
}

const invalid = (message: string, name: string) =>
  new AppError('INVALID', message, { errors: [{ name, message }] })
const conflict = (message: string, name?: string) =>
  new AppError('CONFLICT', message, name ? { errors: [{ name, message }] } : {})

/** Each item once, known, with a positive whole quantity; otherwise a field error naming it. */
function checkRequest(lines: LineState[], request: LineRequest[]) {
  if (!request.length) throw invalid('Elegí al menos un producto.', 'items')
  const seen = new Set<string>()
  return request.map((r, i) => {
    const line = lines.find((l) => l.id === r.itemId)
    if (!line) throw invalid('Ese producto no es parte del pedido.', `items.${i}.itemId`)
    if (seen.has(r.itemId))
      throw invalid(`${line.title} está repetido: indicalo una sola vez.`, `items.${i}.itemId`)
    seen.add(r.itemId)
    if (!Number.isInteger(r.quantity) || r.quantity < 1)
      throw invalid('La cantidad tiene que ser al menos 1.', `items.${i}.quantity`)
    return { line, quantity: r.quantity, index: i }
  })
}

/**
 * The lines of a new fulfillment: the request checked against what is left to fulfil, or with no
 * request everything still to fulfil.
 */
export function planFulfilment(
  lines: LineState[],
  request: LineRequest[] | undefined,
): Array<{ itemId: string; quantity: number }> {
  if (!request) {
    const all = lines
      .filter((l) => toFulfil(l) > 0)
      .map((l) => ({ itemId: l.id, quantity: toFulfil(l) }))
    if (!all.length) throw conflict('No queda nada por preparar en este pedido.')
    return all
  }
  return checkRequest(lines, request).map(({ line, quantity, index }) => {
    const left = toFulfil(line)
    if (quantity > left)
      throw conflict(
        left === 0
          ? `${line.title} ya no tiene unidades por preparar.`
          : `De ${line.title} quedan ${left} por preparar; pediste ${quantity}.`,
        `items.${index}.quantity`,
      )
    return { itemId: line.id, quantity }
  })
}

/** The events that may follow a fulfillment's status for the order's delivery type. */
export function nextEventsOf(deliveryType: DeliveryType, status: string): FulfillmentEvent[] {
  if (status === 'cancelled' || isFinal(status)) return []
  const sequence = FULFILLMENT_EVENTS_BY_DELIVERY[deliveryType] ?? []
  const at = sequence.indexOf(status as FulfillmentEvent)
  return at < 0 ? [] : sequence.slice(at + 1)
}

/**
 * The order's fulfilment status and order status given its lines and fulfillments:
 * - no live fulfillment: `unfulfilled` (order `open`);
 * - something still to fulfil: `partially_fulfilled` (order `open`);
 * - everything in fulfillments: `delivered`/`completed` once all of them are delivered or picked
 *   up, `fulfilled`/`fulfilled` once all are past preparing, else `in_progress`/`open`.
 * A closed order (cancelled, archived, completed by hand) keeps its order status.
 */
export function rollUp(
  current: OrderStatus,
  lines: LineState[],
  fulfillments: FulfillmentState[],
): { fulfillmentStatus: OrderFulfillmentStatus; status: OrderStatus } {
  const keep = (s: OrderStatus) => (CLOSED.includes(current) ? current : s)
  const live = fulfillments.filter(isLive)
  if (!live.length) return { fulfillmentStatus: 'unfulfilled', status: keep('open') }
  if (lines.some((l) => toFulfil(l) > 0))
    return { fulfillmentStatus: 'partially_fulfilled', status: keep('open') }
  if (live.every((f) => isFinal(f.status)))
    return { fulfillmentStatus: 'delivered', status: keep('completed') }
  if (live.every((f) => f.status !== 'preparing'))
    return { fulfillmentStatus: 'fulfilled', status: keep('fulfilled') }
  return { fulfillmentStatus: 'in_progress', status: keep('open') }
}

/** `partially_refunded` until the refunds reach the total, then `refunded`. */
export function paymentStatusAfterRefund(total: number, refundedAmount: number): PaymentStatus {
  return refundedAmount >= total ? 'refunded' : 'partially_refunded'
}

/** Orders whose money can be (further) refunded. */
export function canRefund(o: {
  status: string
  paymentStatus: string
  total: number
  refundedAmount: number
}) {
  return (
    (o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded') &&
    o.status !== 'archived' &&
    o.refundedAmount < o.total
  )
}

export type RefundRequest =
  | { kind: 'rest' }
  | { kind: 'amount'; amount: number }
  | { kind: 'items'; items: LineRequest[]; restock: boolean }

export type RefundPlan = {
  amount: number
  refundedAmount: number
  paymentStatus: PaymentStatus
  /** Lines refunded (units), and how many of them go back to stock. */
  lines: Array<{ itemId: string; variantId: string; quantity: number; restock: number }>
}

/**
 * What a refund gives back. By lines: the lines' unit prices times the units (capped at what is
 * left to refund, so delivery fees and rounding never push it over); by amount: that amount; with
 * nothing: everything not yet refunded. Refunding more than paid minus refunded is refused.
 * Restock puts back the refunded units the order still holds (none when the order was cancelled:
 * its stock already went back).
 */
export function planRefund(
  order: { status: string; paymentStatus: string; total: number; refundedAmount: number },
  lines: LineState[],
  request: RefundRequest,
): RefundPlan {
  if (!canRefund(order))
    throw conflict(
      order.paymentStatus === 'refunded' || order.refundedAmount >= order.total
        ? 'El pedido ya está reembolsado.'
        : 'Solo se puede reembolsar un pedido pagado.',
    )
  const left = order.total - order.refundedAmount
  let amount: number
  let planned: RefundPlan['lines'] = []
  if (request.kind === 'rest') {
    amount = left
  } else if (request.kind === 'amount') {
    if (!Number.isInteger(request.amount) || request.amount < 1)
      throw invalid('El monto tiene que ser mayor que cero.', 'amount')
    if (request.amount > left)
      throw conflict(
        `Podés reembolsar hasta ${formatArs(left)}; pediste ${formatArs(request.amount)}.`,
        'amount',
      )
    amount = request.amount
  } else {
    planned = checkRequest(lines, request.items).map(({ line, quantity, index }) => {
      const units = refundableUnits(line)
      if (quantity > units)
        throw conflict(
          units === 0
            ? `${line.title} ya está reembolsado.`
            : `De ${line.title} quedan ${units} por reembolsar; pediste ${quantity}.`,
          `items.${index}.quantity`,
        )
      const restock = request.restock && order.status !== 'cancelled' ? quantity : 0
      return { itemId: line.id, variantId: line.variantId, quantity, restock }
    })
    const sum = planned.reduce(
      (s, p) => s + lines.find((l) => l.id === p.itemId)!.unitPrice * p.quantity,
      0,
    )
    amount = Math.min(sum, left)
  }
  const refundedAmount = order.refundedAmount + amount
  return {
    amount,
    refundedAmount,
    paymentStatus: paymentStatusAfterRefund(order.total, refundedAmount),
    lines: planned,
  }
}

/** Units a cancellation gives back to stock: what the order took minus what refunds restocked. */
export function unitsToRelease(lines: LineState[]) {
  return lines
    .map((l) => ({ variantId: l.variantId, quantity: l.quantity - l.restockedQuantity }))
    .filter((l) => l.quantity > 0)
}
