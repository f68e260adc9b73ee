import {
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type AdminProduct,
} from '@barrio/contracts/admin-products'
import {
  Box,
  Button,
  Card,
  Grid,
  MultiSelect,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconArchive } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { useArchiveProduct } from '@/api/admin/products/archive-product'
import { collectionOptionsQueryOptions } from '@/api/admin/collections/get-collection-options'
import { useUploadProductMedia } from '@/api/admin/products/product-media'
import { useSaveAdminProduct } from '@/api/admin/products/save-product'
import { MediaManager } from '@/features/admin-products/components/media-manager'
import { OptionsEditor } from '@/features/admin-products/components/options-editor'
import { VariantsEditor } from '@/features/admin-products/components/variants-editor'
import {
  emptyProductValues,
  productToValues,
  validateProductValues,
  type ProductStatus,
} from '@/features/admin-products/utils/product-form'
import {
  buildVariants,
  usableOptions,
  type OptionDraft,
} from '@/features/admin-products/utils/variants'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { useHandleFromName } from '@/components/form/use-handle-from-name'
import { showErrorToast } from '@/lib/toast'

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
  const navigate = useNavigate()
  const [media, setMedia] = useState<AdminProduct['media']>(product?.media ?? [])
  // Images picked on the new-product page, uploaded right after the first save (issue 30).
  const [pendingFiles, setPendingFiles] = useState<File[]>([])
  const uploadMedia = useUploadProductMedia()
  const publishing = useRef(false)
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const archive = useArchiveProduct(storeId)

  const appForm = useAppForm({
    initialValues: product ? productToValues(product) : emptyProductValues(),
    validate: (values) => validateProductValues(values, isNew ? productId : undefined),
    mutation: useSaveAdminProduct(),
    toVariables: (input) => ({ productId, input, isNew }),
    toValues: productToValues,
    successMessage: (saved) =>
      publishing.current && saved.status === 'active'
        ? `Publicaste ${saved.title}.`
        : `Guardamos ${saved.title}.`,
    onSaved: (saved) => {
      setMedia(saved.media)
      if (isNew) {
        // Taken out of the pending state at once: they are on their way, and the guard (already
        // let through by the save) must not count them again while they go up.
        const files = pendingFiles
        setPendingFiles([])
        void uploadPendingThenOpen(saved, files)
      }
    },
    // Photos picked before the first save are not in the values, yet leaving would lose them.
    outsideChanges: { isDirty: pendingFiles.length > 0, discard: () => setPendingFiles([]) },
  })
  const { form } = appForm
  const handleFromName = useHandleFromName(form, 'title', !isNew)
  const values = form.values
  const errors = appForm.fieldErrors
  const hasOptions = usableOptions(values.options).length > 0

  const setOptions = (options: OptionDraft[]) =>
    form.setValues((current) => ({
      options,
      variants: buildVariants(options, current.variants ?? []),
    }))

  /** The new product exists: its picked images go up under its id, then its page opens. */
  async function uploadPendingThenOpen(saved: AdminProduct, files: File[]) {
    if (files.length > 0) {
      try {
        await uploadMedia.mutateAsync({ productId: saved._id, files })
      } catch (error) {
        showErrorToast(
          `Creamos el producto, pero no pudimos subir las imágenes: ${getErrorMessage(error)} Probá de nuevo desde su página.`,
        )
      }
    }
    void navigate(paths.admin.product.getHref(saved._id), { replace: true })
  }

  const save = async (status?: ProductStatus) => {
    publishing.current = status === 'active'
    await appForm.save(status ? { status } : undefined)
    publishing.current = false
  }

  async function archiveProduct() {
    const ok = await confirm({
      message: `¿Querés archivar ${values.title || 'este producto'}?`,
      smallText: 'Deja de verse en la tienda. Podés volver a activarlo cambiando su estado.',
    })
    if (!ok) return
    await archive.mutateAsync({ id: productId, title: values.title || 'el producto' }).then(
      () => {
        appForm.allowNavigation()
        void navigate(paths.admin.products.getHref())
      },
      () => undefined,
    )
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
    <AppForm
      form={appForm}
      label="Editor de producto"
      saveLabel={PRODUCT_EDITOR_LABELS.save}
      cleanText={isNew ? '' : undefined}
      actions={
        values.status === 'draft' ? (
          <Button
            variant="light"
            onClick={() => void save('active')}
            disabled={appForm.isSaving}
            aria-label={PRODUCT_EDITOR_LABELS.publish}
          >
            {/* Shorter on phones, so both save buttons share the save bar's row. */}
            <Box component="span" hiddenFrom="sm">
              Publicar
            </Box>
            <Box component="span" visibleFrom="sm">
              {PRODUCT_EDITOR_LABELS.publish}
            </Box>
          </Button>
        ) : null
      }
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Section title="Información">
              <TextInput
                label={PRODUCT_EDITOR_LABELS.title}
                required
                maxLength={200}
                {...handleFromName.nameInputProps}
              />
              <TextInput
                label={PRODUCT_EDITOR_LABELS.handle}
                description="Se arma con el título; podés cambiarlo."
                maxLength={60}
                {...handleFromName.handleInputProps}
              />
              <Textarea
                label={PRODUCT_EDITOR_LABELS.description}
                autosize
                minRows={4}
                maxLength={10_000}
                {...form.getInputProps('description')}
              />
            </Section>

            <Section title="Imágenes">
              <MediaManager
                productId={productId}
                productTitle={values.title}
                media={media}
                order={values.mediaOrder}
                onOrderChange={(update) => form.setFieldValue('mediaOrder', update)}
                onProductChange={(updated) => {
                  setMedia(updated.media)
                  // Uploads and deletes are already saved: they do not count as pending changes.
                  appForm.rebase((baseline) => ({
                    ...baseline,
                    mediaOrder: baseline.mediaOrder
                      .filter((id) => updated.media.some((m) => m.mediaId === id))
                      .concat(
                        updated.media
                          .filter((m) => !baseline.mediaOrder.includes(m.mediaId))
                          .sort((a, b) => a.position - b.position)
                          .map((m) => m.mediaId),
                      ),
                  }))
                }}
                {...(isNew ? { pending: { files: pendingFiles, onChange: setPendingFiles } } : {})}
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
                allowDeselect={false}
                {...form.getInputProps('status')}
                onChange={(status) =>
                  form.setFieldValue('status', (status ?? 'draft') as ProductStatus)
                }
                description={
                  values.status === 'draft'
                    ? 'Los borradores no se muestran a los clientes.'
                    : values.status === 'archived'
                      ? 'Los productos archivados no se muestran ni se venden.'
                      : 'Visible en tu tienda.'
                }
              />
              {!isNew && product.status !== 'archived' ? (
                <Button
                  variant="subtle"
                  color="red"
                  w="fit-content"
                  leftSection={<IconArchive size={16} aria-hidden />}
                  loading={archive.isPending}
                  onClick={() => void archiveProduct()}
                >
                  {PRODUCT_EDITOR_LABELS.archive}
                </Button>
              ) : null}
            </Section>
            <Section title="Organización">
              <MultiSelect
                label={PRODUCT_EDITOR_LABELS.collections}
                placeholder={collectionData.length === 0 ? 'Sin colecciones todavía' : 'Elegí'}
                data={collectionOptions}
                searchable
                clearable
                nothingFoundMessage="No hay colecciones con ese nombre"
                {...form.getInputProps('collectionIds')}
              />
              <TagsInput
                label={PRODUCT_EDITOR_LABELS.tags}
                description="Ayudan a encontrar el producto"
                splitChars={[',']}
                acceptValueOnBlur
                maxTags={30}
                {...form.getInputProps('tags')}
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
            onChange={(variants) => form.setFieldValue('variants', variants)}
            errors={errors}
          />
          {errors.variants ? (
            <Text size="sm" c="red" role="alert">
              {errors.variants}
            </Text>
          ) : null}
        </Section>
      </Stack>
    </AppForm>
  )
}
