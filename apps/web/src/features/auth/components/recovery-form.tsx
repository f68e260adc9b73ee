import { Button, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import {
  canSubmitRecovery,
  RECOVERY_ERROR_MESSAGE,
  RECOVERY_INFO_MESSAGE,
  useResetPassword,
} from '@/features/auth/api/reset-password'
import { getServerMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export type RecoveryFormProps = { onDone?: () => void }

/**
 * Password recovery. Spec section 8: always toasts the neutral message (so accounts cannot be
 * probed); on failure also the server message or a generic one.
 */
export function RecoveryForm({ onDone }: RecoveryFormProps) {
  const [value, setValue] = useState('')
  const resetMutation = useResetPassword()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canSubmitRecovery(value) || resetMutation.isPending) return
    resetMutation.mutate(
      { email: value },
      {
        onSuccess: () => {
          showToast({ message: RECOVERY_INFO_MESSAGE, type: 'info' })
          onDone?.()
        },
        onError: (error) => {
          showToast({ message: RECOVERY_INFO_MESSAGE, type: 'info' })
          showErrorToast(getServerMessage(error) ?? RECOVERY_ERROR_MESSAGE)
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Recuperar contraseña">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Ingresá tu usuario o correo electrónico y te enviaremos un enlace para crear una
          contraseña nueva.
        </Text>
        <TextInput
          label="Usuario o correo electrónico"
          name="email"
          autoComplete="username"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          required
          data-autofocus
        />
        <Button
          type="submit"
          fullWidth
          disabled={!canSubmitRecovery(value)}
          loading={resetMutation.isPending}
        >
          Recuperar contraseña
        </Button>
      </Stack>
    </form>
  )
}
