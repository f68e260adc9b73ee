import { TOAST } from '@barrio/contracts/constants'
import { createNotificationsStore, notifications } from '@mantine/notifications'

export type ToastPosition = 'top' | 'bottom'
export type ToastType = 'base' | 'success' | 'error' | 'info' | 'warning'

/** One notifications store per position, so each position keeps its own queue (spec section 2). */
export const toastStores = {
  top: createNotificationsStore(),
  bottom: createNotificationsStore(),
} as const

export const TOAST_LIMIT_PER_POSITION = 3

const COLORS: Record<ToastType, string | undefined> = {
  base: undefined,
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'yellow',
}

export type ToastOptions = {
  message: string
  title?: string
  type?: ToastType
  position?: ToastPosition
  durationMs?: number
}

/** Shows a toast. Defaults (spec section 9): base type, bottom, 5000 ms. Returns its id. */
export function showToast({
  message,
  title,
  type = 'base',
  position = TOAST.defaultPosition,
  durationMs = TOAST.durationMs,
}: ToastOptions): string {
  const color = COLORS[type]
  return notifications.show(
    {
      message,
      title,
      ...(color ? { color } : {}),
      autoClose: durationMs,
      position: position === 'top' ? 'top-center' : 'bottom-center',
      role: type === 'error' ? 'alert' : 'status',
    },
    toastStores[position],
  )
}

export function showErrorToast(
  message: string,
  options: Omit<ToastOptions, 'message' | 'type'> = {},
): string {
  return showToast({ position: 'top', ...options, message, type: 'error' })
}

/** Every toast currently visible or queued at a position (for tests and de-duplication). */
export function getToasts(position: ToastPosition) {
  const state = toastStores[position].getState()
  return [...state.notifications, ...state.queue]
}

export function clearToasts(): void {
  notifications.clean(toastStores.top)
  notifications.clean(toastStores.bottom)
}
