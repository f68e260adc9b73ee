import { useSyncExternalStore } from 'react'

/** Whether the address picker (header modal) is open; any page may open it. */
let open = false
const listeners = new Set<() => void>()

function set(value: boolean) {
  if (open === value) return
  open = value
  for (const listener of listeners) listener()
}

export const openAddressPicker = () => set(true)
export const closeAddressPicker = () => set(false)

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useAddressPickerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  )
}
