import {
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'

import { AccountSection } from '@/features/account/components/account-section'
import { NotificationPreferences } from '@/features/account/components/notification-preferences'
import { setNightMode, useAppStore } from '@/lib/app-store'

/** /settings: appearance, language, notification choices (local) and the device id for support. */
export function SettingsPage() {
  const nightMode = useAppStore((s) => s.nightMode)
  const deviceId = useAppStore((s) => s.deviceId)
  useDocumentTitle('Configuración · Barrio')

  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Configuración</Title>
          <Text c="dimmed">Preferencias de la aplicación en este dispositivo.</Text>
        </Stack>

        <AccountSection title="Apariencia">
          <Switch
            label="Modo noche"
            description="Colores oscuros, más cómodos de noche."
            checked={nightMode}
            onChange={(event) => setNightMode(event.currentTarget.checked)}
          />
        </AccountSection>

        <AccountSection title="Idioma">
          <TextInput
            label="Idioma de la aplicación"
            value="Español (Argentina)"
            readOnly
            description="Por ahora Barrio está disponible solo en español."
          />
        </AccountSection>

        <AccountSection title="Notificaciones">
          <NotificationPreferences />
        </AccountSection>

        <AccountSection title="Soporte">
          <Text size="sm">
            Si nos escribís por un problema, compartí este identificador de dispositivo:
          </Text>
          {deviceId ? (
            <Group gap="sm" wrap="wrap">
              <Text size="sm">
                Id. de dispositivo: <Code style={{ overflowWrap: 'anywhere' }}>{deviceId}</Code>
              </Text>
              <CopyButton value={deviceId}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="default" onClick={copy}>
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Todavía no tenemos un identificador para este dispositivo.
            </Text>
          )}
        </AccountSection>
      </Stack>
    </Container>
  )
}
