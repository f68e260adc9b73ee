import { useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

export const RECOVERY_INFO_MESSAGE =
  'Si el usuario existe, se ha enviado un correo para recuperar la contraseña.'
export const RECOVERY_ERROR_MESSAGE =
  'Error al recuperar la contraseña. Por favor, intentá nuevamente.'

/** Spec section 5: the button is disabled while the field is empty. */
export function canSubmitRecovery(value: string): boolean {
  return value.trim() !== ''
}

/** POST /auth/reset-password {email}; the field accepts a username or an e-mail. */
export async function resetPassword({ email }: { email: string }): Promise<void> {
  await http.post('/auth/reset-password', { email: email.trim() }, { skipForbiddenHandler: true })
}

export function useResetPassword(config: MutationConfig<typeof resetPassword> = {}) {
  return useMutation({ ...config, mutationFn: resetPassword })
}
