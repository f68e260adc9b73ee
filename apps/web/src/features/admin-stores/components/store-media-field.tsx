import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Group, Image, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { useState } from 'react'

import { FilePicker } from '@/components/admin/file-picker'
import { useUploadStoreMedia, type StoreMediaKind } from '@/api/admin/stores/upload-store-media'
import { getErrorMessage } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

const COPY: Record<StoreMediaKind, { title: string; noun: string; hint: string }> = {
  logo: { title: 'Logo', noun: 'logo', hint: 'Cuadrado, al menos 256 × 256 px.' },
  cover: { title: 'Portada', noun: 'portada', hint: 'Horizontal, al menos 1200 × 400 px.' },
}

/**
 * Logo or cover of an existing store: one image, uploaded with a progress bar. `readOnly` (a role
 * without `settings`) shows the image without the upload button.
 */
export function StoreMediaField({
  store,
  kind,
  readOnly = false,
}: {
  store: AdminStore
  kind: StoreMediaKind
  readOnly?: boolean
}) {
  const uploadMedia = useUploadStoreMedia()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const copy = COPY[kind]
  const url = kind === 'logo' ? store.logoUrl : store.coverUrl

  async function upload(files: File[]) {
    const file = files[0]
    if (!file) return
    setError(null)
    setProgress(0)
    try {
      await uploadMedia.mutateAsync({ storeId: store._id, kind, file, onProgress: setProgress })
      showToast({
        message: `Se actualizó ${kind === 'logo' ? 'el logo' : 'la portada'}.`,
        type: 'success',
      })
    } catch (err) {
      setError(getErrorMessage(err))
    } finally {
      setProgress(null)
    }
  }

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{copy.title}</Text>
        {url ? (
          <Image
            src={url}
            alt={`${copy.title} de ${store.name}`}
            h={kind === 'logo' ? 96 : 120}
            w={kind === 'logo' ? 96 : '100%'}
            fit="cover"
            radius="sm"
          />
        ) : (
          <Group gap="xs" c="dimmed">
            <IconPhoto size={20} aria-hidden />
            <Text size="sm">Sin {copy.noun} todavía.</Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {copy.hint} JPG, PNG o WebP.
        </Text>
        {progress !== null ? (
          <Progress value={progress} aria-label={`Subiendo ${copy.noun}`} animated size="md" />
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {readOnly ? null : (
          <FilePicker
            inputLabel={`Archivo de ${copy.noun}`}
            onFiles={(files) => void upload(files)}
            loading={progress !== null}
            variant="light"
            w="fit-content"
          >
            {url ? `Cambiar ${copy.noun}` : `Subir ${copy.noun}`}
          </FilePicker>
        )}
      </Stack>
    </Paper>
  )
}
