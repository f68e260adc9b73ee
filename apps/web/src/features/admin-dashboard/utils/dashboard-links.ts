import { paths } from '@/config/paths'

/**
 * Where each dashboard figure leads, in the URL params of the lists (orders: status and
 * deliveryType, as the API counts them; products: lowStock + below, where below is exclusive).
 */
export const dashboardLinks = {
  toPrepare: () => `${paths.admin.orders.getHref()}?status=open`,
  readyForPickup: () => `${paths.admin.orders.getHref()}?status=fulfilled&deliveryType=pickup`,
  outForDelivery: () => `${paths.admin.orders.getHref()}?status=fulfilled&deliveryType=delivery`,
  paymentsToConfirm: () => `${paths.admin.orders.getHref()}?unpaid=1&paymentStatus=pending`,
  lowStock: (threshold: number) =>
    `${paths.admin.products.getHref()}?lowStock=1&below=${Math.max(1, threshold + 1)}`,
  order: (id: string) => paths.admin.order.getHref(id),
  /** "Programados para" a Buenos Aires day, by slot (issue 26). */
  scheduledOn: (day: string) => `${paths.admin.orders.getHref()}?day=${day}&sort=scheduledFor`,
}
