import { passwordSchema } from '@barrio/contracts/auth'
import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'

import { ErrorState } from '@/components/errors/error-state'
import { AppForm } from '@/components/form/app-form'
import {
  PASSWORD_MISMATCH_MESSAGE,
  validateWith,
  withFieldErrors,
} from '@/components/form/form-errors'
import { useAppForm, type SaveMutation } from '@/components/form/use-app-form'
import {
  recoverTokenQueryOptions,
  useChangePasswordWithToken,
} from '@/api/shared/auth/recover-password'
import { getFieldErrors, isApiError } from '@/lib/http/api-error'

export const INVALID_RESET_LINK_MESSAGE =
  'El enlace para restablecer tu contraseña no es válido o ya venció.'

/** 404 (or a rejected token) means the link is dead; anything else may be retried. */
function isDeadLink(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.statusCode === 404 || error.statusCode === 400 || error.code === 'NOT_FOUND')
  )
}

export type ResetPasswordViewProps = {
  token: string
  /** Opens the recovery view of the login modal (off this page, where the modal is disabled). */
  onRequestNewLink: () => void
  /** Opens the login view of the login modal. */
  onSignIn: () => void
}

function InvalidLink({ onRequestNewLink }: Pick<ResetPasswordViewProps, 'onRequestNewLink'>) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title="No pudimos usar este enlace">
        {INVALID_RESET_LINK_MESSAGE} Pedí uno nuevo para elegir otra contraseña.
      </Alert>
      <Button onClick={onRequestNewLink} style={{ alignSelf: 'flex-start' }}>
        Pedir un enlace nuevo
      </Button>
    </Stack>
  )
}

/**
 * /account/reset-password?token=...: checks the e-mailed token on load
 * (POST /auth/verify-recover-password-token), then asks for the new password
 * (POST /auth/change-password {token, password}).
 */
export function ResetPasswordView({ token, onRequestNewLink, onSignIn }: ResetPasswordViewProps) {
  const trimmed = token.trim()
  const tokenQuery = useQuery({ ...recoverTokenQueryOptions(trimmed), enabled: trimmed !== '' })
  const [doneMessage, setDoneMessage] = useState<string | null>(null)
  const [linkDied, setLinkDied] = useState(false)

  if (trimmed === '' || linkDied) return <InvalidLink onRequestNewLink={onRequestNewLink} />

  if (tokenQuery.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader role="progressbar" aria-label="Verificando el enlace" />
          <Text c="dimmed" size="sm">
            Verificando el enlace…
          </Text>
        </Stack>
      </Center>
    )
  }

  if (tokenQuery.isError) {
    if (isDeadLink(tokenQuery.error)) return <InvalidLink onRequestNewLink={onRequestNewLink} />
    return (
      <ErrorState
        title="No pudimos verificar el enlace"
        error={tokenQuery.error}
        onRetry={() => void tokenQuery.refetch()}
        retrying={tokenQuery.isFetching}
      />
    )
  }

  if (doneMessage) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status" title="¡Listo!">
          {doneMessage}
        </Alert>
        <Button onClick={onSignIn} style={{ alignSelf: 'flex-start' }}>
          Iniciar sesión
        </Button>
      </Stack>
    )
  }

  return (
    <NewPasswordForm
      token={trimmed}
      email={tokenQuery.data.email}
      onDone={setDoneMessage}
      onDeadLink={() => setLinkDied(true)}
    />
  )
}

type NewPasswordFormProps = {
  token: string
  email: string
  onDone: (message: string) => void
  onDeadLink: () => void
}

type NewPasswordValues = { password: string; repeatPassword: string }

const newPasswordSchema = z.object({ password: passwordSchema })

/** The contract's password rules (Spanish messages) and the repeated password. */
function validateNewPassword({ password, repeatPassword }: NewPasswordValues) {
  return withFieldErrors(validateWith(newPasswordSchema, { password }), {
    repeatPassword: password !== repeatPassword ? PASSWORD_MISMATCH_MESSAGE : undefined,
  })
}

function passwordsDiffer({ password, repeatPassword }: NewPasswordValues): boolean {
  return repeatPassword !== '' && password !== repeatPassword
}

/**
 * The change with the e-mailed token. A link that died meanwhile (404, or a 400 that names no
 * field of this form) shows the dead-link view instead of an error: resolves null then.
 */
function useNewPasswordRequest(
  onDeadLink: () => void,
): SaveMutation<{ token: string; password: string }, { message: string } | null> {
  const change = useChangePasswordWithToken()
  return {
    isPending: change.isPending,
    mutateAsync: async (input) => {
      try {
        return await change.mutateAsync(input)
      } catch (error) {
        if (isDeadLink(error) && !getFieldErrors(error).password) {
          onDeadLink()
          return null
        }
        throw error
      }
    },
  }
}

function NewPasswordForm({ token, email, onDone, onDeadLink }: NewPasswordFormProps) {
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: { password: '', repeatPassword: '' },
    validate: validateNewPassword,
    mutation: useNewPasswordRequest(onDeadLink),
    toVariables: ({ password }) => ({ token, password }),
    errorFallback: 'No pudimos cambiar tu contraseña. Intentá nuevamente.',
    onSaved: (answer) => {
      if (answer) onDone(answer.message)
    },
  })
  const values = appForm.form.values
  const canSubmit = values.password !== '' && values.repeatPassword !== '' && !passwordsDiffer(values)

  return (
    <AppForm
      form={appForm}
      label="Elegí una contraseña nueva"
      submitLabel="Guardar contraseña"
      canSubmit={canSubmit}
    >
      <Text>
        Elegí una contraseña nueva para <strong>{email}</strong>.
      </Text>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        label="Contraseña nueva"
        name="password"
        autoComplete="new-password"
        description="Al menos 8 caracteres."
        required
        autoFocus
        {...appForm.inputProps('password')}
      />
      <PasswordInput
        label="Repetir contraseña nueva"
        name="repeatPassword"
        autoComplete="new-password"
        required
        {...appForm.inputProps('repeatPassword')}
        error={passwordsDiffer(values) ? PASSWORD_MISMATCH_MESSAGE : appForm.errorOf('repeatPassword')}
      />
    </AppForm>
  )
}
