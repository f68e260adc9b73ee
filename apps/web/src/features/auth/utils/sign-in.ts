import type { User } from '@barrio/contracts/users'

import { getUserDisplayName, setUser } from '@/lib/app-store'
import { showToast } from '@/lib/toast'

export function welcomeMessage(user: Pick<User, 'firstName' | 'userName' | 'email'>): string {
  return `Bienvenido, ${getUserDisplayName(user)}!`
}

/**
 * Every sign-in ends here: the user is applied (and saved in the cookie) and welcomed, unless the
 * caller says its own welcome (a new account's "Cuenta creada").
 */
export function applySignedInUser(user: User, { welcome = true }: { welcome?: boolean } = {}): void {
  setUser(user, { persist: true })
  if (welcome) showToast({ message: welcomeMessage(user), type: 'success' })
}
