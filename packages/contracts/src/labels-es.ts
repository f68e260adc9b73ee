import type {
  DeliveryType,
  FulfillmentStatus,
  OrderFulfillmentStatus,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  TimelineEvent,
  CheckoutStep,
} from './enums.ts'

/**
 * Spanish (es-AR) labels for every enumeration the screens show. The API and the web app both
 * read them from here so that a status never has two names.
 */
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  pickup: 'Retiro en tienda',
  delivery: 'Entrega a domicilio',
  shipping: 'Envío a domicilio',
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: 'Tarjeta de crédito',
  debit_card: 'Tarjeta de débito',
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  crypto: 'Criptomonedas',
  bank_transfer: 'Transferencia bancaria',
  cash: 'Efectivo',
  mercado_pago: 'Mercado Pago',
}

export const CHECKOUT_STEP_LABELS: Record<CheckoutStep, string> = {
  contact_information: 'Datos de contacto',
  shipping_method: 'Método de entrega',
  payment_method: 'Método de pago',
  review: 'Revisión',
  completed: 'Completado',
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  open: 'En proceso',
  unfulfilled: 'Sin preparar',
  fulfilled: 'Preparado',
  archived: 'Archivado',
  completed: 'Completado',
  cancelled: 'Cancelado',
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendiente',
  paid: 'Pagado',
  refunded: 'Reembolsado',
  partially_refunded: 'Reembolsado parcialmente',
  partially_paid: 'Pagado parcialmente',
  authorized: 'Autorizado',
  voided: 'Anulado',
}

export const FULFILLMENT_STATUS_LABELS: Record<FulfillmentStatus, string> = {
  fulfilled: 'Pedido preparado',
  unfulfilled: 'Sin preparar',
  on_hold: 'En espera',
  partially_fulfilled: 'Preparado parcialmente',
  out_for_delivery: 'Pedido en camino',
  in_transit: 'En tránsito',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
  ready_for_pickup: 'Listo para retirar',
  picked_up: 'Retirado',
  returned: 'Devuelto',
  preparing: 'En preparación',
}

export const ORDER_FULFILLMENT_STATUS_LABELS: Record<OrderFulfillmentStatus, string> = {
  fulfilled: 'Preparado',
  in_progress: 'En curso',
  pending: 'Pendiente',
  delivered: 'Entregado',
  unfulfilled: 'Sin preparar',
  partially_fulfilled: 'Preparado parcialmente',
}

export const TIMELINE_EVENT_LABELS: Record<TimelineEvent, string> = {
  ORDER_PLACED: 'Pedido recibido',
  ORDER_CONFIRMED: 'Pedido confirmado',
  PAYMENT_RECEIVED: 'Pago recibido',
  PAYMENT_REFUNDED: 'Pago reembolsado',
  PREPARING: 'En preparación',
  READY_FOR_PICKUP: 'Listo para retirar',
  OUT_FOR_DELIVERY: 'En camino',
  DELIVERED: 'Entregado',
  CANCELLED: 'Cancelado',
  NOTE_ADDED: 'Nota agregada',
  INTERNAL_NOTE_ADDED: 'Nota interna agregada',
  // Customers read these too: no back-office words ("Preparación creada").
  FULFILLMENT_CREATED: 'Comenzó la preparación',
  FULFILLMENT_UPDATED: 'Preparación actualizada',
  FULFILLMENT_CANCELLED: 'Preparación cancelada',
  WITHDRAWAL_REQUESTED: 'Pidió la revocación de la compra',
}

/** The name a product's only variant gets when it has no options (API and demo seed). */
export const DEFAULT_VARIANT_TITLE = 'Predeterminado'

/** A variant's name as customers see it: the default variant's internal name is left out. */
export function customerVariantTitle(title: string | null | undefined): string {
  return title && title !== DEFAULT_VARIANT_TITLE ? title : ''
}

/** The totals' discount line: "Descuento (MARTES10)", or "Descuento" without a code. */
export function discountLabel(order: { couponCode: string | null }): string {
  return order.couponCode ? `Descuento (${order.couponCode})` : 'Descuento'
}
