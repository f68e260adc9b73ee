import type { FiscalSettings } from '@barrio/contracts/invoicing'
import { Anchor, Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconFileCertificate, IconUpload } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'

import {
  useCreateCsr,
  useDownloadCsr,
  useUploadCertificate,
} from '@/api/admin/settings/fiscal-certificate'
import { certificateBadge } from '@/features/admin-settings/utils/fiscal-form'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

/** ARCA's sign-in, where "Administración de certificados digitales" lives. */
export const ARCA_CERTIFICATES_URL = 'https://auth.afip.gob.ar/contribuyente_/login.xhtml'
export const CERTIFICATE_ACCEPT = '.crt,.pem,.cer'
const CHOOSE_FILE_MESSAGE = 'Elegí el archivo del certificado que te dio ARCA'

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = `fiscal-certificate-step-${number}`
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={4} fz="md" id={id}>
          {number}. {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function UploadStep() {
  const upload = useUploadCertificate()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function send() {
    if (!file) {
      setError(CHOOSE_FILE_MESSAGE)
      return
    }
    setError(null)
    let certificatePem: string
    try {
      certificatePem = await file.text()
    } catch {
      setError('No pudimos leer el archivo. Probá elegirlo de nuevo.')
      return
    }
    upload.mutate(certificatePem, {
      onSuccess: () => {
        setFile(null)
        showToast({ message: 'Listo: ya podés facturar con ARCA.', type: 'success' })
      },
      onError: (failure) =>
        setError(
          getFieldErrors(failure).certificatePem ??
            getErrorMessage(failure, 'No pudimos subir el certificado. Probá de nuevo.'),
        ),
    })
  }

  return (
    <Stack gap="xs">
      <FileInput
        label="Certificado de ARCA"
        description="El archivo .crt o .pem que descargaste de ARCA."
        placeholder="Elegí el archivo"
        accept={CERTIFICATE_ACCEPT}
        clearable
        value={file}
        onChange={(picked) => {
          setFile(picked)
          setError(null)
        }}
        error={error}
        leftSection={<IconFileCertificate size={16} aria-hidden />}
      />
      <Group>
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={upload.isPending}
          onClick={() => void send()}
        >
          Subir certificado
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The ARCA certificate in three steps: the store's CSR (its key never leaves the server), what to
 * do with it in ARCA, and the certificate ARCA gives back. Needs the fiscal data saved first: the
 * CSR carries the CUIT.
 */
export function FiscalCertificate({ settings }: { settings: FiscalSettings | null }) {
  const createCsr = useCreateCsr()
  const downloadCsr = useDownloadCsr()
  const badge = settings ? certificateBadge(settings.certificate) : null

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md">
          Certificado de ARCA
        </Title>
        {badge ? (
          <Badge color={badge.color} variant="light" tt="none" data-testid="certificate-status">
            {badge.label}
          </Badge>
        ) : null}
      </Group>
      {!settings ? (
        <Text size="sm" c="dimmed">
          Guardá primero los datos fiscales: la solicitud del certificado lleva tu CUIT.
        </Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          <Step number={1} title="Generá la solicitud">
            <Text size="sm">
              Creamos una clave privada que queda guardada en Barrio y, con ella, la solicitud (CSR)
              que vas a presentar en ARCA.
            </Text>
            <Group gap="xs">
              <Button
                variant={settings.certificate.hasCsr ? 'default' : 'filled'}
                loading={createCsr.isPending}
                onClick={() =>
                  createCsr.mutate(undefined, {
                    onSuccess: () =>
                      showToast({
                        message: 'Generamos la solicitud. Descargala para subirla a ARCA.',
                        type: 'success',
                      }),
                  })
                }
              >
                Generar solicitud (CSR)
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={!settings.certificate.hasCsr}
                loading={downloadCsr.isPending}
                onClick={() => downloadCsr.mutate()}
              >
                Descargar CSR
              </Button>
            </Group>
          </Step>
          <Step number={2} title="Creá el certificado en ARCA">
            <Text size="sm">
              Entrá con tu clave fiscal a{' '}
              <Anchor href={ARCA_CERTIFICATES_URL} target="_blank" rel="noopener noreferrer">
                Administración de certificados digitales
              </Anchor>
              , agregá un alias, subí el archivo CSR y descargá el certificado. Después, en
              «Administrador de relaciones de clave fiscal», asociá ese certificado al servicio
              «Facturación electrónica» (wsfe).
            </Text>
          </Step>
          <Step number={3} title="Subí el certificado">
            <UploadStep />
          </Step>
        </Stack>
      )}
    </Stack>
  )
}
