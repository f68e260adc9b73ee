import type { User } from '@barrio/contracts/users'
import { Badge, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'

import { accountQueryOptions } from '@/api/shared/account/get-account'
import { ResendVerificationButton } from '@/features/account/components/resend-verification-button'

export const EMAIL_VERIFIED_LABEL = 'Verificado'
export const EMAIL_NOT_VERIFIED_LABEL = 'Sin verificar'

/**
 * Whether the account's e-mail is verified (fresh from GET /account/{id}, the user cookie until
 * then), with a way to get a new link when it is not (docs/decisions/010).
 */
export function EmailVerificationStatus({ user }: { user: User }) {
  const accountQuery = useQuery(accountQueryOptions(user._id))
  const account = accountQuery.data ?? user
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {/* A long address wraps instead of widening a 320 px page. */}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {account.email}
        </Text>
        <Badge color={account.emailVerified ? 'green' : 'yellow'} variant="light">
          {account.emailVerified ? EMAIL_VERIFIED_LABEL : EMAIL_NOT_VERIFIED_LABEL}
        </Badge>
      </Group>
      {account.emailVerified ? null : (
        <>
          <Text size="sm" c="dimmed">
            Abrí el enlace que te enviamos a tu correo para confirmar que es tuyo. Hasta entonces
            podés comprar, pero no postularte para vender.
          </Text>
          <ResendVerificationButton />
        </>
      )}
    </Stack>
  )
}
