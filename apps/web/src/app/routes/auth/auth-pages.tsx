import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core'
import { IconMail } from '@tabler/icons-react'
import { useDocumentTitle } from '@mantine/hooks'
import { Link, useNavigate } from 'react-router'

import { paths } from '@/config/paths'
import { ExternalSignInButtons } from '@/features/auth/components/external-sign-in-buttons'
import { browseAsGuest, openLoginModal } from '@/lib/app-store'

export function LegalLinks() {
  return (
    <Group justify="center" gap="md">
      <Anchor component={Link} to={paths.privacy.getHref()} size="sm">
        Privacidad
      </Anchor>
      <Anchor component={Link} to={paths.terms.getHref()} size="sm">
        Términos
      </Anchor>
    </Group>
  )
}

/** /auth/welcome: where the native app sends logged-out users. */
export function WelcomePage() {
  useDocumentTitle('Bienvenido · Barrio')
  const navigate = useNavigate()
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2" ta="center">
          Te damos la bienvenida
        </Title>
        <Text ta="center" size="lg" fw={500}>
          Comprá en los comercios de tu barrio
        </Text>
        <Text ta="center" c="dimmed" size="sm">
          Pedí para retirar o que te lo lleven, como prefieras.
        </Text>
      </Stack>
      <ExternalSignInButtons verb="Ingresar" />
      <Button
        size="md"
        leftSection={<IconMail size={18} aria-hidden />}
        onClick={() => openLoginModal('passwordless')}
      >
        Ingresar con mi correo
      </Button>
      <Divider />
      <Button
        size="md"
        variant="subtle"
        onClick={() => {
          browseAsGuest()
          void navigate(paths.home.getHref())
        }}
      >
        Explorar sin cuenta
      </Button>
      <Text ta="center" size="sm">
        ¿Tenés usuario y contraseña?{' '}
        <Anchor component="button" type="button" onClick={() => openLoginModal('login')}>
          Ingresá acá
        </Anchor>
      </Text>
      <LegalLinks />
    </Stack>
  )
}

/** Any other /auth subpath (e.g. the external sign-in callback). */
export function AuthFallbackPage() {
  useDocumentTitle('Acceso · Barrio')
  return (
    <Stack gap="md">
      <Title order={1} size="h2" ta="center">
        Acceso
      </Title>
      <Text ta="center" c="dimmed">
        Estamos preparando tu acceso a Barrio.
      </Text>
      <Button component={Link} to={paths.auth.welcome.getHref()} variant="default">
        Volver al inicio de sesión
      </Button>
    </Stack>
  )
}
