import { useSyncExternalStore } from 'react'

export const CONFIRM_TITLE = 'Esta seguro?'
export const CONFIRM_LABELS = { confirm: 'Confirmar', cancel: 'Descartar' } as const

export type ConfirmOptions = {
  message: string
  /** Optional secondary line under the message. */
  smallText?: string
}

export type ConfirmRequest = ConfirmOptions & { id: number; settle: (answer: boolean) => void }

// One question at a time, in order: a second confirm() waits behind the one on screen.
let queue: ConfirmRequest[] = []
let nextId = 1
const listeners = new Set<() => void>()

function setQueue(next: ConfirmRequest[]) {
  queue = next
  listeners.forEach((listener) => listener())
}

/**
 * Spec section 2: a confirmation popup that resolves true on Confirmar and false on Descartar
 * or when closed any other way. Shown by the <ConfirmHost> of app/provider.tsx, whose dialog code
 * loads on the first question (not part of the first page's bundle).
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const id = nextId++
    const settle = (answer: boolean) => {
      if (!queue.some((request) => request.id === id)) return
      setQueue(queue.filter((request) => request.id !== id))
      resolve(answer)
    }
    setQueue([...queue, { ...options, id, settle }])
  })
}

/** The question on screen, if any. */
export function useConfirmRequest(): ConfirmRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => queue[0] ?? null,
  )
}

/** Answers every open question with "no" (tests: a question left open must not reach the next). */
export function clearConfirms(): void {
  for (const request of [...queue]) request.settle(false)
}
