import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'

import { recoveryCodesText } from '@/features/operator/utils/operator-format'
import { saveFile } from '@/lib/save-file'

export const RECOVERY_FILE_NAME = 'barrio-codigos-de-recuperacion.txt'

/** Saves the codes as a text file (the browser's own download). */
function download(codes: readonly string[], email: string | null) {
  const blob = new Blob([recoveryCodesText(codes, email)], { type: 'text/plain;charset=utf-8' })
  saveFile(blob, RECOVERY_FILE_NAME)
}

export type RecoveryCodesProps = {
  codes: readonly string[]
  email: string | null
  onDone: () => void
}

/** The ten one-use recovery codes, shown once right after the second factor is activated. */
export function RecoveryCodes({ codes, email, onDone }: RecoveryCodesProps) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title="Listo, tu segundo factor está activo">
        Guardá estos códigos de recuperación en un lugar seguro: cada uno sirve una sola vez para
        entrar si no tenés tu app de autenticación a mano. No los vamos a volver a mostrar.
      </Alert>
      <Paper withBorder p="md" radius="md">
        <List
          aria-label="Códigos de recuperación"
          listStyleType="none"
          spacing={4}
          ff="monospace"
          fz="lg"
          style={{ columns: '2 8rem' }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Text size="sm" c="dimmed">
        Descargalos o anotalos antes de seguir.
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download(codes, email)}
        >
          Descargar
        </Button>
        <Button onClick={onDone}>Ya los guardé</Button>
      </Group>
    </Stack>
  )
}
