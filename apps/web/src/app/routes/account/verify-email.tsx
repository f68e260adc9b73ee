import { Container, Stack, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useNavigate, useSearchParams } from 'react-router'

import { paths } from '@/config/paths'
import { VerifyEmailView } from '@/features/account/components/verify-email-view'
import { openLoginModal } from '@/lib/app-store'

/** /account/verify-email?token=...: the link of the verification e-mail (docs/decisions/010). */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  useDocumentTitle('Verificar correo · Barrio')

  return (
    <Container size="xs" py="xl" px="md">
      <Stack gap="lg">
        <Title order={1}>Verificar correo</Title>
        <VerifyEmailView
          token={searchParams.get('token') ?? ''}
          onDone={() => void navigate(paths.home.getHref())}
          onSignIn={() => {
            void navigate(paths.account.getHref())
            openLoginModal('login')
          }}
        />
      </Stack>
    </Container>
  )
}
