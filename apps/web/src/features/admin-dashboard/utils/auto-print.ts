import { paths } from '@/config/paths'

/** How long the hidden frame of a fallback print stays (the dialog is open meanwhile). */
const FRAME_LIFETIME_MS = 120_000

/**
 * Opens the comanda of a new order (decision 052): a tab of its own, which prints itself once the
 * order loads. A browser that blocks the tab (no click started it) gets a hidden frame on this
 * page instead, which prints just the same.
 */
export function printNewOrder(orderId: string): void {
  const href = paths.admin.orderPrint.getHref(orderId, '80mm')
  let opened: Window | null = null
  try {
    opened = window.open(href, '_blank')
  } catch {
    opened = null
  }
  if (opened) return
  const frame = document.createElement('iframe')
  frame.src = href
  frame.title = 'Comanda para imprimir'
  frame.setAttribute('aria-hidden', 'true')
  frame.tabIndex = -1
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0;'
  frame.dataset.autoPrint = orderId
  document.body.appendChild(frame)
  window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS)
}
