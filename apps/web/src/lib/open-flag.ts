import { useSyncExternalStore } from 'react'

/**
 * A module-level "is it open" flag any page may flip (the header's address picker, the cart
 * drawer): components read it with `useOpen`, everything else calls `open`/`close`.
 */
export function createOpenFlag() {
  let isOpen = false
  const listeners = new Set<() => void>()

  function set(value: boolean) {
    if (isOpen === value) return
    isOpen = value
    for (const listener of listeners) listener()
  }
  function subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const read = () => isOpen

  return {
    open: () => set(true),
    close: () => set(false),
    useOpen: (): boolean => useSyncExternalStore(subscribe, read, read),
  }
}
