import { useSyncExternalStore } from 'react'

import { openLoginModal, type LoginModalView } from '@/lib/app-store'

/**
 * An e-mail the login modal starts with (an invitation names the address it is for): the login
 * view fills the username with it and the registration view the e-mail. Forgotten when the modal
 * closes.
 */
let prefilledEmail = ''
const listeners = new Set<() => void>()

function setPrefilledEmail(email: string) {
  if (email === prefilledEmail) return
  prefilledEmail = email
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Opens the login modal on `view` with the e-mail filled in. */
export function openLoginModalWithEmail(view: LoginModalView, email: string): void {
  setPrefilledEmail(email.trim())
  openLoginModal(view)
}

export function forgetLoginPrefill(): void {
  setPrefilledEmail('')
}

export function useLoginPrefill(): string {
  return useSyncExternalStore(
    subscribe,
    () => prefilledEmail,
    () => prefilledEmail,
  )
}
