import { Button, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useNavigate } from 'react-router'

import { LegalLinks } from '@/app/routes/auth/auth-pages'
import { paths } from '@/config/paths'
import { ProfileForm } from '@/features/account/components/profile-form'
import { LogoutButton } from '@/features/auth/components/logout-button'
import { openLoginModal, useAppStore } from '@/lib/app-store'

/** /auth/onboarding: a signed-in user who still needs a profile completes it, then goes home. */
export function OnboardingPage() {
  useDocumentTitle('Completá tu perfil · Barrio')
  const user = useAppStore((s) => s.user)
  const navigate = useNavigate()

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2" ta="center">
          Completá tu perfil
        </Title>
        <Text ta="center" c="dimmed">
          {user
            ? `Ya casi está. Contanos quién sos para terminar de crear tu cuenta (${user.email}).`
            : 'Iniciá sesión para completar tu perfil.'}
        </Text>
      </Stack>
      {user ? (
        <>
          <ProfileForm
            key={user._id}
            account={user}
            submitLabel="Continuar"
            autoFocus
            onSaved={() => void navigate(paths.home.getHref(), { replace: true })}
          />
          <LogoutButton variant="subtle" color="gray" />
        </>
      ) : (
        <Button onClick={() => openLoginModal('login')}>Ingresar</Button>
      )}
      <LegalLinks />
    </Stack>
  )
}
