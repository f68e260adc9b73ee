import type { TotpVerifyResult } from '@barrio/contracts/operator'
import {
  ActionIcon,
  Box,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useState } from 'react'

import { useTotpEnrolment } from '@/api/operator/totp/enrol-totp'
import { ErrorState } from '@/components/errors/error-state'
import { RecoveryCodes } from '@/features/operator/components/recovery-codes'
import { TotpCodeForm } from '@/features/operator/components/totp-code-form'
import { groupKey, svgDataUrl } from '@/features/operator/utils/operator-format'

export const ACTIVATE_LABEL = 'Activar'
export const QR_ALT = 'Código QR para tu app de autenticación'

export type TotpEnrolmentProps = {
  email: string | null
  /** After the recovery codes were saved ("Ya los guardé"), or at once when none came back. */
  onDone: () => void
}

/**
 * First sign-in of an operator: a new secret as a QR code and a key to type, then a code from
 * the app activates it and the recovery codes are shown once.
 */
export function TotpEnrolment({ email, onDone }: TotpEnrolmentProps) {
  const enrolment = useTotpEnrolment()
  const [codes, setCodes] = useState<string[] | null>(null)

  if (codes) return <RecoveryCodes codes={codes} email={email} onDone={onDone} />

  const onVerified = (result: TotpVerifyResult) => {
    if (result.recoveryCodes && result.recoveryCodes.length > 0) setCodes(result.recoveryCodes)
    else onDone()
  }

  return (
    <Stack gap="md">
      <Text>
        Como parte del equipo de Barrio podés aprobar comercios y ver datos de toda la ciudad, así
        que tu cuenta necesita un segundo factor: además de tu contraseña, un código que cambia cada
        30 segundos en una app de autenticación de tu teléfono (Google Authenticator, Microsoft
        Authenticator, 1Password u otra).
      </Text>
      <List type="ordered" spacing={4}>
        <List.Item>Abrí la app y elegí agregar una cuenta.</List.Item>
        <List.Item>Escaneá el código QR o escribí la clave a mano.</List.Item>
        <List.Item>Ingresá el código de 6 números que te muestra la app.</List.Item>
      </List>
      {enrolment.isPending ? (
        <Stack gap="xs" role="status" aria-live="polite">
          <Text size="sm" c="dimmed">
            Preparando tu código QR…
          </Text>
          <Skeleton height={200} width={200} radius="md" aria-hidden />
        </Stack>
      ) : enrolment.isError ? (
        <ErrorState
          title="No pudimos preparar tu código QR"
          error={enrolment.error}
          onRetry={() => void enrolment.refetch()}
          retrying={enrolment.isFetching}
        />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group gap="lg" align="center" wrap="wrap">
            <Box bg="white" p={8} style={{ borderRadius: 8, lineHeight: 0 }}>
              <Image src={svgDataUrl(enrolment.data.qrSvg)} alt={QR_ALT} w={184} h={184} />
            </Box>
            <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Text size="sm" fw={600} id="totp-manual-key">
                Clave para escribir a mano
              </Text>
              <Group gap="xs" wrap="nowrap" align="center">
                <Code
                  fz="md"
                  data-testid="totp-secret"
                  aria-labelledby="totp-manual-key"
                  style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}
                >
                  {groupKey(enrolment.data.secret)}
                </Code>
                <CopyButton value={enrolment.data.secret} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copiada' : 'Copiar clave'} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'green' : 'gray'}
                        onClick={copy}
                        aria-label={copied ? 'Clave copiada' : 'Copiar clave'}
                      >
                        {copied ? (
                          <IconCheck size={16} aria-hidden />
                        ) : (
                          <IconCopy size={16} aria-hidden />
                        )}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                Tipo: basada en el tiempo, 6 dígitos.
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
      {enrolment.isSuccess ? (
        <TotpCodeForm accepts="app" submitLabel={ACTIVATE_LABEL} onVerified={onVerified} />
      ) : null}
    </Stack>
  )
}
