import { Text, TextInput } from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
import type { Validated } from '@/components/form/form-errors'
import { useAppForm, type SaveMutation } from '@/components/form/use-app-form'
import {
  canSubmitRecovery,
  RECOVERY_ERROR_MESSAGE,
  RECOVERY_INFO_MESSAGE,
  useResetPassword,
} from '@/api/shared/auth/reset-password'
import { LOGIN_USER_REQUIRED } from '@/api/shared/auth/sign-in-messages'
import { getFieldErrors, getServerMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export type RecoveryFormProps = { onDone?: () => void }

type RecoveryValues = { email: string }

function validateRecovery({ email }: RecoveryValues): Validated<RecoveryValues> {
  return email.trim() === ''
    ? { success: false, errors: { email: LOGIN_USER_REQUIRED } }
    : { success: true, data: { email } }
}

/**
 * The request with spec section 8's toasts: the neutral message always (so accounts cannot be
 * probed). A failure that names the field goes back to the form, which shows it under the field
 * with the server's message; any other failure is toasted (the server's message or the generic
 * one). Resolves whether the request succeeded.
 */
function useRecoveryRequest(): SaveMutation<RecoveryValues, boolean> {
  const reset = useResetPassword()
  return {
    isPending: reset.isPending,
    mutateAsync: async (input) => {
      try {
        await reset.mutateAsync(input)
      } catch (error) {
        showToast({ message: RECOVERY_INFO_MESSAGE, type: 'info' })
        if (Object.keys(getFieldErrors(error)).length > 0) throw error
        showErrorToast(getServerMessage(error) ?? RECOVERY_ERROR_MESSAGE)
        return false
      }
      showToast({ message: RECOVERY_INFO_MESSAGE, type: 'info' })
      return true
    },
  }
}

/** Password recovery by username or e-mail (spec sections 5 and 8). */
export function RecoveryForm({ onDone }: RecoveryFormProps) {
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: { email: '' },
    validate: validateRecovery,
    mutation: useRecoveryRequest(),
    errorFallback: RECOVERY_ERROR_MESSAGE,
    onSaved: (sent) => {
      if (sent) onDone?.()
    },
  })

  return (
    <AppForm
      form={appForm}
      label="Recuperar contraseña"
      submitLabel="Recuperar contraseña"
      canSubmit={canSubmitRecovery(appForm.form.values.email)}
      fullWidth
    >
      <Text size="sm" c="dimmed">
        Ingresá tu usuario o correo electrónico y te enviaremos un enlace para crear una contraseña
        nueva.
      </Text>
      <TextInput
        label="Usuario o correo electrónico"
        name="email"
        autoComplete="username"
        required
        data-autofocus
        {...appForm.inputProps('email')}
      />
    </AppForm>
  )
}
