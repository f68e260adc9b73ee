import type { User } from '@barrio/contracts/users'
import { Alert, Center, Divider, Loader, Stack } from '@mantine/core'

import { ErrorState } from '@/components/errors/error-state'
import { ProfileCard } from '@/features/account/components/profile-card'
import { ProfileForm } from '@/features/account/components/profile-form'
import { useSyncedAccount } from '@/features/account/hooks/use-synced-account'

/** The profile card and form of /account, from GET /account/{id} (which also refreshes the session). */
export function ProfileSection({ user }: { user: User }) {
  const accountQuery = useSyncedAccount(user)

  if (accountQuery.isPending) {
    return (
      <Stack gap="md">
        <ProfileCard user={user} />
        <Center py="md">
          <Loader role="progressbar" aria-label="Cargando tus datos" />
        </Center>
      </Stack>
    )
  }

  if (accountQuery.isError) {
    return (
      <Stack gap="md">
        <ProfileCard user={user} />
        <ErrorState
          title="No pudimos cargar tus datos"
          error={accountQuery.error}
          onRetry={() => void accountQuery.refetch()}
          retrying={accountQuery.isFetching}
        />
      </Stack>
    )
  }

  const account = accountQuery.data
  const needsProfile = user.needsProfile || account.needsProfile
  return (
    <Stack gap="md">
      <ProfileCard user={account} />
      {needsProfile ? (
        <Alert color="yellow" variant="light" title="Completá tu perfil">
          Contanos tu nombre, elegí un usuario y sumá tu teléfono para terminar de crear tu cuenta.
        </Alert>
      ) : null}
      <Divider />
      <ProfileForm key={account._id} account={account} autoFocus={needsProfile} />
    </Stack>
  )
}
