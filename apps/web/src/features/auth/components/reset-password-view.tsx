import { passwordSchema } from '@barrio/contracts/auth'
import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { ErrorState } from '@/components/errors/error-state'
import { PASSWORD_MISMATCH_MESSAGE } from '@/features/auth/api/register'
import {
  recoverTokenQueryOptions,
  useChangePasswordWithToken,
} from '@/features/auth/api/recover-password'
import { getErrorMessage, getFieldErrors, getServerMessage, isApiError } from '@/lib/http/api-error'

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

function NewPasswordForm({ token, email, onDone, onDeadLink }: NewPasswordFormProps) {
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const changeMutation = useChangePasswordWithToken()

  const mismatch = repeat !== '' && password !== repeat
  const canSubmit = password !== '' && repeat !== '' && !mismatch

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canSubmit || changeMutation.isPending) return
    const checked = passwordSchema.safeParse(password)
    if (!checked.success) {
      setPasswordError(checked.error.issues[0]?.message ?? 'Elegí otra contraseña')
      return
    }
    setPasswordError(null)
    setServerError(null)
    changeMutation.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => onDone(message),
        onError: (error) => {
          if (isDeadLink(error) && !getFieldErrors(error).password) {
            onDeadLink()
            return
          }
          const fieldErrors = getFieldErrors(error)
          if (fieldErrors.password) setPasswordError(fieldErrors.password)
          else {
            setServerError(
              getServerMessage(error) ??
                getErrorMessage(error, 'No pudimos cambiar tu contraseña. Intentá nuevamente.'),
            )
          }
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Elegí una contraseña nueva">
      <Stack gap="sm">
        <Text>
          Elegí una contraseña nueva para <strong>{email}</strong>.
        </Text>
        {serverError ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label="Contraseña nueva"
          name="password"
          autoComplete="new-password"
          description="Al menos 8 caracteres."
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value)
            setPasswordError(null)
          }}
          error={passwordError}
          required
          autoFocus
        />
        <PasswordInput
          label="Repetir contraseña nueva"
          name="repeatPassword"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}
          required
        />
        <Button type="submit" disabled={!canSubmit} loading={changeMutation.isPending}>
          Guardar contraseña
        </Button>
      </Stack>
    </form>
  )
}
