import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { ErrorState } from '@/components/errors/error-state'
import { accountQueryKey } from '@/api/shared/account/get-account'
import { verifyEmailQueryOptions } from '@/api/shared/account/verify-email'
import { ResendVerificationButton } from '@/features/account/components/resend-verification-button'
import { setUser, useAppStore } from '@/lib/app-store'
import { isApiError } from '@/lib/http/api-error'

export const EMAIL_VERIFIED_TITLE = '¡Listo! Tu correo está verificado'
export const INVALID_VERIFY_LINK_MESSAGE =
  'El enlace de verificación no es válido, venció o ya se usó.'

export type VerifyEmailViewProps = {
  token: string
  onDone: () => void
  /** Opens the login modal (off this page, where it is disabled). */
  onSignIn: () => void
}

function DeadLink({ onSignIn }: Pick<VerifyEmailViewProps, 'onSignIn'>) {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title="No pudimos verificar tu correo">
        {INVALID_VERIFY_LINK_MESSAGE}{' '}
        {isLoggedIn
          ? 'Pedí uno nuevo y usalo dentro de los próximos 3 días.'
          : 'Iniciá sesión y pedí uno nuevo desde Mi cuenta.'}
      </Alert>
      {isLoggedIn ? (
        <ResendVerificationButton />
      ) : (
        <Button onClick={onSignIn} style={{ alignSelf: 'flex-start' }}>
          Iniciar sesión
        </Button>
      )}
    </Stack>
  )
}

/**
 * /account/verify-email?token=...: the link of the verification e-mail. Uses the token once on
 * load (POST /auth/verify-email); the signed-in user, if it is the same account, is updated.
 */
export function VerifyEmailView({ token, onDone, onSignIn }: VerifyEmailViewProps) {
  const trimmed = token.trim()
  const query = useQuery({ ...verifyEmailQueryOptions(trimmed), enabled: trimmed !== '' })
  const user = useAppStore((s) => s.user)
  const queryClient = useQueryClient()
  const verifiedEmail = query.data?.email

  useEffect(() => {
    if (!verifiedEmail || !user) return
    if (user.email.toLowerCase() !== verifiedEmail.toLowerCase() || user.emailVerified) return
    setUser({ ...user, emailVerified: true }, { persist: true })
    void queryClient.invalidateQueries({ queryKey: accountQueryKey(user._id) })
  }, [verifiedEmail, user, queryClient])

  if (trimmed === '') return <DeadLink onSignIn={onSignIn} />

  if (query.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader role="progressbar" aria-label="Verificando tu correo" />
          <Text c="dimmed" size="sm">
            Verificando tu correo…
          </Text>
        </Stack>
      </Center>
    )
  }

  if (query.isError) {
    const error = query.error
    if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 400))
      return <DeadLink onSignIn={onSignIn} />
    return (
      <ErrorState
        title="No pudimos verificar tu correo"
        error={error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }

  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status" title={EMAIL_VERIFIED_TITLE}>
        {query.data.message} Ya podés usar todas las funciones de Barrio, incluso vender.
      </Alert>
      <Button onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        Ir a Barrio
      </Button>
    </Stack>
  )
}
