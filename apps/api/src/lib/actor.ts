import { AsyncLocalStorage } from 'node:async_hooks'

/** The signed-in person a seller request acts as: named on the order timeline it writes. */
export type Actor = { userId: string; name: string }

const storage = new AsyncLocalStorage<{ actor: Actor | null }>()

/**
 * Runs `fn` (the rest of a seller request) with a slot for its actor, filled by `setActor` once
 * the session is known. Everything the request awaits sees it, whatever module writes.
 */
export function runWithActorSlot<T>(fn: () => T): T {
  return storage.run({ actor: null }, fn)
}

export function setActor(actor: Actor): void {
  const slot = storage.getStore()
  if (slot) slot.actor = actor
}

/** Who is acting, inside a seller request; null for customers, webhooks and background jobs. */
export function currentActor(): Actor | null {
  return storage.getStore()?.actor ?? null
}
