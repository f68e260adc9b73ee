import type { AdminProduct } from '@barrio/contracts/admin-products'
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { IconPhotoUp, IconStar, IconTrash } from '@tabler/icons-react'
import { useEffect, useState, type DragEvent } from 'react'

import { FilePicker } from '@/components/admin/file-picker'
import { confirm } from '@/components/confirm/confirm'
import {
  checkMediaFile,
  useDeleteProductMedia,
  useUploadProductMedia,
} from '@/api/admin/products/product-media'
import { getErrorMessage } from '@/lib/http/api-error'
import { plural } from '@/lib/format'

export const MEDIA_INPUT_LABEL = 'Imágenes del producto'
export const MEDIA_PICK_LABEL = 'Elegir imágenes'

type Media = AdminProduct['media'][number]
type Batch = { id: number; count: number; progress: number }

let batchSeq = 0

export type MediaManagerProps = {
  productId: string
  productTitle: string
  media: Media[]
  /** Media ids in display order (the first is the main image); saved with the product. */
  order: string[]
  onOrderChange: (update: (order: string[]) => string[]) => void
  /** The product as the server answered after an upload or a delete. */
  onProductChange: (product: AdminProduct) => void
  /** Before the first save there is no product to attach images to. */
  disabledReason?: string
  /**
   * The new-product page (issue 30): picked images wait here, shown, and the editor uploads them
   * right after the product's first save (POST with the id from GET /products/id).
   */
  pending?: { files: File[]; onChange: (files: File[]) => void }
}

/** A picked image not uploaded yet: its preview (where the browser can make one) and its name. */
function PendingImage({
  file,
  index,
  onRemove,
}: {
  file: File
  index: number
  onRemove: () => void
}) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return
    const url = URL.createObjectURL(file)
    setSrc(url)
    return () => URL.revokeObjectURL(url)
  }, [file])
  return (
    <Card withBorder padding="xs" radius="md">
      {src ? (
        <Card.Section>
          <Image src={src} alt={`Imagen ${index + 1}: ${file.name}`} h={110} fit="cover" />
        </Card.Section>
      ) : null}
      <Group justify="space-between" mt="xs" gap={4} wrap="nowrap">
        <Text size="xs" truncate>
          {index === 0 ? 'Principal · ' : ''}
          {file.name}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Quitar la imagen ${index + 1}`}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Card>
  )
}

/** Drag & drop or pick several images; progress per batch; thumbnails, main image, delete. */
export function MediaManager({
  productId,
  productTitle,
  media,
  order,
  onOrderChange,
  onProductChange,
  disabledReason,
  pending,
}: MediaManagerProps) {
  const [batches, setBatches] = useState<Batch[]>([])
  const [errors, setErrors] = useState<string[]>([])
  const [dragging, setDragging] = useState(false)
  const uploadMedia = useUploadProductMedia()
  const deleteMedia = useDeleteProductMedia()
  const deleting = deleteMedia.isPending ? (deleteMedia.variables?.mediaId ?? null) : null
  const disabled = Boolean(disabledReason)

  const byId = new Map(media.map((m) => [m.mediaId, m]))
  const ordered = [
    ...order.map((id) => byId.get(id)).filter((m): m is Media => Boolean(m)),
    ...media.filter((m) => !order.includes(m.mediaId)),
  ]

  async function upload(files: File[]) {
    if (disabled) return
    const problems = files.map(checkMediaFile).filter((p): p is string => p !== null)
    const valid = files.filter((f) => checkMediaFile(f) === null)
    setErrors(problems)
    if (valid.length === 0) return
    if (pending) {
      pending.onChange([...pending.files, ...valid])
      return
    }
    batchSeq += 1
    const batch: Batch = { id: batchSeq, count: valid.length, progress: 0 }
    setBatches((current) => [...current, batch])
    try {
      const product = await uploadMedia.mutateAsync({
        productId,
        files: valid,
        onProgress: (progress) =>
          setBatches((current) => current.map((b) => (b.id === batch.id ? { ...b, progress } : b))),
      })
      onProductChange(product)
      onOrderChange((current) => {
        const kept = current.filter((id) => product.media.some((m) => m.mediaId === id))
        const added = product.media
          .filter((m) => !kept.includes(m.mediaId))
          .sort((a, b) => a.position - b.position)
          .map((m) => m.mediaId)
        return [...kept, ...added]
      })
    } catch (error) {
      setErrors((current) => [...current, getErrorMessage(error)])
    } finally {
      setBatches((current) => current.filter((b) => b.id !== batch.id))
    }
  }

  async function remove(item: Media, index: number) {
    const ok = await confirm({
      message: `¿Querés eliminar la imagen ${index + 1}?`,
      smallText: 'Se borra enseguida, sin esperar a que guardes el producto.',
    })
    if (!ok) return
    try {
      const product = await deleteMedia.mutateAsync({ productId, mediaId: item.mediaId })
      onProductChange(product)
      onOrderChange((current) => current.filter((id) => id !== item.mediaId))
    } catch (error) {
      setErrors([getErrorMessage(error)])
    }
  }

  function makeMain(item: Media) {
    const ids = ordered.map((m) => m.mediaId)
    onOrderChange(() => [item.mediaId, ...ids.filter((id) => id !== item.mediaId)])
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (disabled) return
    const files = Array.from(event.dataTransfer.files)
    if (files.length > 0) void upload(files)
  }

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled) setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-green-6)' : undefined,
          background: dragging ? 'var(--mantine-color-green-light)' : undefined,
        }}
        data-testid="media-dropzone"
      >
        <Stack align="center" gap="xs">
          <IconPhotoUp size={32} aria-hidden />
          <Text ta="center" size="sm">
            {disabledReason ?? 'Arrastrá las imágenes acá o elegilas desde tu dispositivo.'}
          </Text>
          <Text ta="center" size="xs" c="dimmed">
            JPG, PNG o WebP, hasta 10 MB cada una.
          </Text>
          <FilePicker
            inputLabel={MEDIA_INPUT_LABEL}
            multiple
            onFiles={(files) => void upload(files)}
            disabled={disabled}
            variant="light"
          >
            {MEDIA_PICK_LABEL}
          </FilePicker>
        </Stack>
      </Paper>

      {batches.map((batch) => (
        <Stack key={batch.id} gap={4}>
          <Text size="sm">
            Subiendo {plural(batch.count, 'imagen', 'imágenes')}… {batch.progress} %
          </Text>
          <Progress
            value={batch.progress}
            animated
            aria-label={`Subiendo ${plural(batch.count, 'imagen', 'imágenes')}`}
          />
        </Stack>
      ))}

      {errors.length > 0 ? (
        <Stack gap={2} role="alert">
          {errors.map((error, i) => (
            <Text key={i} size="sm" c="red">
              {error}
            </Text>
          ))}
        </Stack>
      ) : null}

      {pending && pending.files.length > 0 ? (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
            {pending.files.map((file, index) => (
              <PendingImage
                key={`${file.name}-${index}`}
                file={file}
                index={index}
                onRemove={() => pending.onChange(pending.files.filter((_, i) => i !== index))}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {plural(pending.files.length, 'imagen elegida', 'imágenes elegidas')}: se suben al
            guardar el producto. La primera es la principal.
          </Text>
        </>
      ) : null}

      {ordered.length > 0 ? (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
            {ordered.map((item, index) => (
              <Card key={item.mediaId} withBorder padding="xs" radius="md">
                <Card.Section>
                  <Image
                    src={item.thumbUrl ?? item.url}
                    alt={`Imagen ${index + 1} de ${productTitle || 'el producto'}`}
                    h={110}
                    fit="cover"
                  />
                </Card.Section>
                <Group justify="space-between" mt="xs" gap={4} wrap="nowrap">
                  {index === 0 ? (
                    <Badge size="sm" variant="light">
                      Principal
                    </Badge>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconStar size={12} aria-hidden />}
                      onClick={() => makeMain(item)}
                      aria-label={`Usar la imagen ${index + 1} como principal`}
                    >
                      Principal
                    </Button>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Eliminar la imagen ${index + 1}`}
                    loading={deleting === item.mediaId}
                    onClick={() => void remove(item, index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            La primera imagen es la principal. El orden se guarda junto con el producto.
          </Text>
        </>
      ) : null}
    </Stack>
  )
}
