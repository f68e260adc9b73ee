/**
 * How the dashboard calls the seller's attention to a new order: a short beep (WebAudio, no
 * asset) and, when the seller allowed it, a browser notification. Both fail silently: a blocked
 * audio context or a missing Notification API must never break the page.
 */
export function playBeep(): void {
  try {
    const AudioContextClass =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
    if (!AudioContextClass) return
    const context = new AudioContextClass()
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.value = 880
    gain.gain.setValueAtTime(0.2, context.currentTime)
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.35)
    oscillator.connect(gain).connect(context.destination)
    oscillator.start()
    oscillator.stop(context.currentTime + 0.35)
    oscillator.onended = () => void context.close()
  } catch {
    // No sound is better than a broken page.
  }
}

export type AlertPermission = NotificationPermission | 'unsupported'

export function notificationPermission(): AlertPermission {
  return typeof window !== 'undefined' && 'Notification' in window
    ? window.Notification.permission
    : 'unsupported'
}

/** Asks for permission; only ever called from the seller's click on "Activar avisos". */
export async function requestNotificationPermission(): Promise<AlertPermission> {
  if (notificationPermission() === 'unsupported') return 'unsupported'
  return window.Notification.requestPermission()
}

export function notifyNewOrder(storeName: string): void {
  if (notificationPermission() !== 'granted') return
  try {
    new window.Notification('Nuevo pedido', { body: `Entró un pedido en ${storeName}.` })
  } catch {
    // Some browsers only allow notifications from a service worker.
  }
}

/** "(3) Panel · Barrio Vendedores": the orders waiting, first, so a background tab shows them. */
export function dashboardTitle(waiting: number | null): string {
  return waiting ? `(${waiting}) Panel · Barrio Vendedores` : 'Panel · Barrio Vendedores'
}
