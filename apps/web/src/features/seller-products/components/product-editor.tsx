import {
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type AdminProduct,
} from '@barrio/contracts/admin-products'
import { slugify } from '@barrio/contracts/slug'
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconArchive } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

import type { FieldErrors } from '@/components/admin/form-errors'
import { useUnsavedChanges } from '@/components/admin/use-unsaved-changes'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { collectionOptionsQueryOptions } from '@/features/seller-products/api/get-collection-options'
import { productKeys } from '@/features/seller-products/api/get-admin-products'
import {
  archiveAdminProduct,
  createAdminProduct,
  updateAdminProduct,
} from '@/features/seller-products/api/save-admin-product'
import { MediaManager } from '@/features/seller-products/components/media-manager'
import { OptionsEditor } from '@/features/seller-products/components/options-editor'
import { VariantsEditor } from '@/features/seller-products/components/variants-editor'
import {
  emptyProductValues,
  productToValues,
  validateProductValues,
  type ProductFormValues,
  type ProductStatus,
} from '@/features/seller-products/utils/product-form'
import {
  buildVariants,
  usableOptions,
  type OptionDraft,
} from '@/features/seller-products/utils/variants'
import { storeScopedKey } from '@/lib/admin-query-keys'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const PRODUCT_EDITOR_LABELS = {
  title: 'Título',
  handle: 'Identificador (URL)',
  description: 'Descripción',
  status: 'Estado',
  collections: 'Colecciones',
  tags: 'Etiquetas',
  save: 'Guardar producto',
  publish: 'Guardar y publicar',
  archive: 'Archivar producto',
} as const

const STATUS_OPTIONS = PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] }))

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}

export type ProductEditorProps = {
  /** The product's id: the fresh one from GET /products/id when creating. */
  productId: string
  /** The saved product; absent on the "new product" page (the first save POSTs). */
  product?: AdminProduct
}

/** Create or edit a product: data, images, options and the variants grid, organisation. */
export function ProductEditor({ productId, product }: ProductEditorProps) {
  const isNew = !product
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)

  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToValues(product) : emptyProductValues(),
  )
  const [snapshot, setSnapshot] = useState(values)
  const [media, setMedia] = useState<AdminProduct['media']>(product?.media ?? [])
  const [handleTouched, setHandleTouched] = useState(!isNew)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const collections = useQuery(collectionOptionsQueryOptions(storeId))

  const isDirty = JSON.stringify(values) !== JSON.stringify(snapshot)
  const allowNavigation = useUnsavedChanges(isDirty && !saving)
  const hasOptions = usableOptions(values.options).length > 0

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))

  const setOptions = (options: OptionDraft[]) =>
    setValues((current) => ({
      ...current,
      options,
      variants: buildVariants(options, current.variants),
    }))

  function focusFirstError() {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    })
  }

  function refreshLists() {
    void queryClient.invalidateQueries({ queryKey: productKeys.all(storeId) })
    void queryClient.invalidateQueries({ queryKey: storeScopedKey(storeId, 'inventory') })
    void queryClient.invalidateQueries({ queryKey: storeScopedKey(storeId, 'collections') })
  }

  async function save(status?: ProductStatus) {
    setFormError(null)
    const next = status ? { ...values, status } : values
    const result = validateProductValues(next, isNew ? productId : undefined)
    if (!result.success) {
      setErrors(result.errors)
      setFormError('Revisá los campos marcados.')
      focusFirstError()
      return
    }
    setErrors({})
    setSaving(true)
    try {
      const saved = isNew
        ? await createAdminProduct(result.data)
        : await updateAdminProduct(productId, result.data)
      queryClient.setQueryData(productKeys.detail(storeId, saved._id), saved)
      refreshLists()
      const fresh = productToValues(saved)
      setValues(fresh)
      setSnapshot(fresh)
      setMedia(saved.media)
      allowNavigation()
      showToast({
        message:
          saved.status === 'active' && status === 'active'
            ? `Publicaste ${saved.title}.`
            : `Guardamos ${saved.title}.`,
        type: 'success',
      })
      if (isNew) void navigate(paths.admin.product.getHref(saved._id), { replace: true })
    } catch (error) {
      setErrors(getFieldErrors(error))
      setFormError(getErrorMessage(error))
      focusFirstError()
    } finally {
      setSaving(false)
    }
  }

  async function archive() {
    const ok = await confirm({
      message: `¿Querés archivar ${values.title || 'este producto'}?`,
      smallText: 'Deja de verse en la tienda. Podés volver a activarlo cambiando su estado.',
    })
    if (!ok) return
    try {
      await archiveAdminProduct(productId)
      refreshLists()
      allowNavigation()
      showToast({ message: 'El producto quedó archivado.', type: 'success' })
      void navigate(paths.admin.products.getHref())
    } catch (error) {
      showErrorToast(getErrorMessage(error))
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void save()
  }

  const collectionData = collections.data ?? []
  // Collections the product belongs to but that did not load (yet) still show as chips.
  const collectionOptions = [
    ...collectionData,
    ...values.collectionIds
      .filter((id) => !collectionData.some((c) => c.value === id))
      .map((id) => ({ value: id, label: collections.isPending ? 'Cargando…' : 'Colección' })),
  ]

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Editor de producto">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Section title="Información">
              <TextInput
                label={PRODUCT_EDITOR_LABELS.title}
                required
                maxLength={200}
                value={values.title}
                error={errors.title}
                onChange={(event) => {
                  const title = event.currentTarget.value
                  setValues((current) => ({
                    ...current,
                    title,
                    handle: handleTouched ? current.handle : slugify(title),
                  }))
                }}
              />
              <TextInput
                label={PRODUCT_EDITOR_LABELS.handle}
                description="Se arma con el título; podés cambiarlo."
                maxLength={60}
                value={values.handle}
                error={errors.handle}
                onChange={(event) => {
                  setHandleTouched(true)
                  set('handle', event.currentTarget.value)
                }}
                onBlur={() => set('handle', slugify(values.handle))}
              />
              <Textarea
                label={PRODUCT_EDITOR_LABELS.description}
                autosize
                minRows={4}
                maxLength={10_000}
                value={values.description}
                error={errors.description}
                onChange={(event) => set('description', event.currentTarget.value)}
              />
            </Section>

            <Section title="Imágenes">
              <MediaManager
                productId={productId}
                productTitle={values.title}
                media={media}
                order={values.mediaOrder}
                onOrderChange={(update) => {
                  setValues((current) => ({ ...current, mediaOrder: update(current.mediaOrder) }))
                }}
                onProductChange={(updated) => {
                  setMedia(updated.media)
                  // Uploads and deletes are already saved: they do not count as pending changes.
                  setSnapshot((current) => ({
                    ...current,
                    mediaOrder: current.mediaOrder
                      .filter((id) => updated.media.some((m) => m.mediaId === id))
                      .concat(
                        updated.media
                          .filter((m) => !current.mediaOrder.includes(m.mediaId))
                          .sort((a, b) => a.position - b.position)
                          .map((m) => m.mediaId),
                      ),
                  }))
                  queryClient.setQueryData<AdminProduct>(
                    productKeys.detail(storeId, productId),
                    (cached) => (cached ? { ...cached, media: updated.media } : cached),
                  )
                }}
                disabledReason={
                  isNew ? 'Guardá el producto una vez para poder subir imágenes.' : undefined
                }
              />
            </Section>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Section title="Estado">
              <Select
                label={PRODUCT_EDITOR_LABELS.status}
                data={STATUS_OPTIONS}
                value={values.status}
                allowDeselect={false}
                onChange={(status) => set('status', (status ?? 'draft') as ProductStatus)}
                error={errors.status}
                description={
                  values.status === 'draft'
                    ? 'Los borradores no se muestran a los clientes.'
                    : values.status === 'archived'
                      ? 'Los productos archivados no se muestran ni se venden.'
                      : 'Visible en tu tienda.'
                }
              />
            </Section>
            <Section title="Organización">
              <MultiSelect
                label={PRODUCT_EDITOR_LABELS.collections}
                placeholder={collectionData.length === 0 ? 'Sin colecciones todavía' : 'Elegí'}
                data={collectionOptions}
                value={values.collectionIds}
                onChange={(collectionIds) => set('collectionIds', collectionIds)}
                searchable
                clearable
                nothingFoundMessage="No hay colecciones con ese nombre"
                error={errors.collectionIds}
              />
              <TagsInput
                label={PRODUCT_EDITOR_LABELS.tags}
                description="Ayudan a encontrar el producto"
                value={values.tags}
                onChange={(tags) => set('tags', tags)}
                splitChars={[',']}
                acceptValueOnBlur
                maxTags={30}
                error={errors.tags}
              />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="md" mt="md">
        <Section title="Opciones">
          <OptionsEditor value={values.options} onChange={setOptions} errors={errors} />
        </Section>

        <Section title={hasOptions ? 'Variantes' : 'Precio e inventario'}>
          <VariantsEditor
            variants={values.variants}
            hasOptions={hasOptions}
            onChange={(variants) => set('variants', variants)}
            errors={errors}
          />
          {errors.variants ? (
            <Text size="sm" c="red" role="alert">
              {errors.variants}
            </Text>
          ) : null}
        </Section>
      </Stack>

      <Paper
        withBorder
        p="sm"
        mt="md"
        radius="md"
        pos="sticky"
        bottom={8}
        style={{ zIndex: 5 }}
        shadow="sm"
      >
        <Stack gap="xs">
          {formError ? (
            <Alert color="red" role="alert" p="xs" title="No se pudo guardar">
              {formError}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="xs">
            <Group gap="xs" wrap="nowrap">
              {!isNew && values.status !== 'archived' ? (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconArchive size={16} aria-hidden />}
                  onClick={() => void archive()}
                >
                  {PRODUCT_EDITOR_LABELS.archive}
                </Button>
              ) : null}
              <Text size="sm" c="dimmed" aria-live="polite">
                {isDirty ? 'Cambios sin guardar' : isNew ? '' : 'Todo guardado'}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap" ml="auto">
              {values.status === 'draft' ? (
                <Button variant="light" onClick={() => void save('active')} disabled={saving}>
                  {PRODUCT_EDITOR_LABELS.publish}
                </Button>
              ) : null}
              <Button type="submit" loading={saving}>
                {PRODUCT_EDITOR_LABELS.save}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </form>
  )
}
