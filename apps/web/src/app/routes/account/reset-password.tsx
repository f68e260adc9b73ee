import { Container, Stack, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useNavigate, useSearchParams } from 'react-router'

import { paths } from '@/config/paths'
import { ResetPasswordView } from '@/features/auth/components/reset-password-view'
import { openLoginModal, type LoginModalView } from '@/lib/app-store'

/**
 * /account/reset-password?token=...: the link of the recovery e-mail. The login modal is
 * disabled here, so its buttons go home first and open it there.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  useDocumentTitle('Restablecer contraseña · Barrio')

  const openModalAtHome = (view: LoginModalView) => {
    void navigate(paths.home.getHref())
    openLoginModal(view)
  }

  return (
    <Container size="xs" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Restablecer contraseña</Title>
        <ResetPasswordView
          token={searchParams.get('token') ?? ''}
          onRequestNewLink={() => openModalAtHome('recovery')}
          onSignIn={() => openModalAtHome('login')}
        />
      </Stack>
    </Container>
  )
}
