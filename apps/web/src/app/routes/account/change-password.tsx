import { Anchor, Container, Stack, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { Link, useNavigate } from 'react-router'

import { paths } from '@/config/paths'
import { AccountSection } from '@/features/account/components/account-section'
import { ChangePasswordForm } from '@/features/account/components/change-password-form'
import { SignInPrompt } from '@/features/account/components/sign-in-prompt'
import { openLoginModal, useAppStore } from '@/lib/app-store'

/** /account/change-password: the signed-in password change as a page (login modal disabled here). */
export function ChangePasswordPage() {
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const navigate = useNavigate()
  useDocumentTitle('Cambiar contraseña · Barrio')

  if (!isLoggedIn) {
    return (
      <SignInPrompt
        title="Cambiar contraseña"
        description="Iniciá sesión para cambiar tu contraseña."
        // The modal is disabled on this page: sign in from the account page instead.
        onSignIn={() => {
          void navigate(paths.account.getHref())
          openLoginModal('login')
        }}
      />
    )
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Cambiar contraseña</Title>
        <AccountSection title="Elegí una contraseña nueva">
          <ChangePasswordForm />
        </AccountSection>
        <Anchor component={Link} to={paths.account.getHref()}>
          Volver a Mi cuenta
        </Anchor>
      </Stack>
    </Container>
  )
}
