import { useSyncExternalStore } from 'react'

/** Whether the cart drawer is open; the header button, "Volver a pedir" and the cart use it. */
let open = false
const listeners = new Set<() => void>()

function set(value: boolean) {
  if (open === value) return
  open = value
  for (const listener of listeners) listener()
}

export const openCartDrawer = () => set(true)
export const closeCartDrawer = () => set(false)

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  )
}
