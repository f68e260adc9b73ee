import { Container, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'

import { AccountLinks } from '@/components/layouts/account-links'
import { AccountSection } from '@/features/account/components/account-section'
import { ChangePasswordForm } from '@/features/account/components/change-password-form'
import { EmailVerificationStatus } from '@/features/account/components/email-verification'
import { MerchantApplicationSection } from '@/features/account/components/merchant-application'
import { ProfileSection } from '@/features/account/components/profile-section'
import { SignInPrompt } from '@/features/account/components/sign-in-prompt'
import { LogoutButton } from '@/features/auth/components/logout-button'
import { useAppStore } from '@/lib/app-store'

export const ACCOUNT_HEADINGS = {
  page: 'Mi cuenta',
  profile: 'Mis datos',
  email: 'Correo electrónico',
  password: 'Cambiar contraseña',
  merchant: 'Quiero vender en Barrio',
  session: 'Sesión',
} as const

/** /account: profile, password, merchant application and sign-out. */
export function AccountPage() {
  const user = useAppStore((s) => s.user)
  useDocumentTitle(`${ACCOUNT_HEADINGS.page} · Barrio`)

  if (!user) {
    return (
      <>
        <SignInPrompt
          title={ACCOUNT_HEADINGS.page}
          description="Iniciá sesión para ver tus datos, tus pedidos y tus direcciones."
        />
        <Container size="md" pb="xl" px="md">
          <AccountLinks />
        </Container>
      </>
    )
  }

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>{ACCOUNT_HEADINGS.page}</Title>
        <AccountLinks />
        <AccountSection title={ACCOUNT_HEADINGS.profile}>
          <ProfileSection user={user} />
        </AccountSection>
        <AccountSection title={ACCOUNT_HEADINGS.email}>
          <EmailVerificationStatus user={user} />
        </AccountSection>
        <AccountSection title={ACCOUNT_HEADINGS.password}>
          <ChangePasswordForm />
        </AccountSection>
        <AccountSection title={ACCOUNT_HEADINGS.merchant}>
          <MerchantApplicationSection user={user} />
        </AccountSection>
        <AccountSection title={ACCOUNT_HEADINGS.session}>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Ingresaste como {user.email}.
          </Text>
          <LogoutButton style={{ alignSelf: 'flex-start' }} />
        </AccountSection>
      </Stack>
    </Container>
  )
}
