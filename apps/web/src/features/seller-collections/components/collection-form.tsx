import {
  adminCollectionInputSchema,
  type AdminCollection,
} from '@barrio/contracts/admin-collections'
import { slugify } from '@barrio/contracts/slug'
import { Alert, Button, Card, Grid, Group, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'

import { validateWith, type FieldErrors } from '@/components/admin/form-errors'
import { useUnsavedChanges } from '@/components/admin/use-unsaved-changes'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { collectionKeys } from '@/features/seller-collections/api/get-admin-collections'
import {
  createAdminCollection,
  deleteAdminCollection,
  updateAdminCollection,
} from '@/features/seller-collections/api/save-admin-collection'
import {
  collectionMembersQueryOptions,
  type ProductPick,
} from '@/features/seller-collections/api/search-products'
import { ProductMembershipPicker } from '@/features/seller-collections/components/product-membership-picker'
import { storeScopedKey } from '@/lib/admin-query-keys'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const COLLECTION_FORM_LABELS = {
  title: 'Título',
  handle: 'Identificador (URL)',
  description: 'Descripción',
  imageUrl: 'URL de la imagen (opcional)',
  create: 'Crear colección',
  save: 'Guardar cambios',
  delete: 'Eliminar colección',
} as const

type Values = {
  title: string
  handle: string
  description: string
  imageUrl: string
  productIds: string[]
}

function toValues(collection?: AdminCollection): Values {
  return {
    title: collection?.title ?? '',
    handle: collection?.handle ?? '',
    description: collection?.description ?? '',
    imageUrl: collection?.imageUrl ?? '',
    productIds: [...(collection?.productIds ?? [])],
  }
}

/** Ask before deleting; true when the collection is gone. */
export async function confirmAndDeleteCollection(
  collection: Pick<AdminCollection, '_id' | 'title'>,
) {
  const ok = await confirm({
    message: `¿Querés eliminar la colección ${collection.title}?`,
    smallText: 'Los productos no se borran: solo dejan de estar agrupados en ella.',
  })
  if (!ok) return false
  try {
    await deleteAdminCollection(collection._id)
    showToast({ message: `Eliminaste la colección ${collection.title}.`, type: 'success' })
    return true
  } catch (error) {
    showErrorToast(getErrorMessage(error))
    return false
  }
}

/** Create or edit a collection: title, handle, description, image URL and its products in order. */
export function CollectionForm({ collection }: { collection?: AdminCollection }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState<Values>(() => toValues(collection))
  const [snapshot, setSnapshot] = useState(values)
  const [handleTouched, setHandleTouched] = useState(Boolean(collection))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [picked, setPicked] = useState<ProductPick[]>([])
  const members = useQuery({
    ...collectionMembersQueryOptions(storeId, collection?._id ?? ''),
    enabled: Boolean(storeId && collection),
  })

  const known = useMemo(() => {
    const map = new Map<string, ProductPick>()
    for (const p of members.data ?? []) map.set(p._id, p)
    for (const p of picked) map.set(p._id, p)
    return map
  }, [members.data, picked])

  const isDirty = JSON.stringify(values) !== JSON.stringify(snapshot)
  const allowNavigation = useUnsavedChanges(isDirty && !saving)
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }))

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: collectionKeys.all(storeId) })
    void queryClient.invalidateQueries({ queryKey: storeScopedKey(storeId, 'products') })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const input = {
      title: values.title,
      ...(values.handle.trim() ? { handle: values.handle } : {}),
      description: values.description,
      imageUrl: values.imageUrl.trim() === '' ? null : values.imageUrl.trim(),
      productIds: values.productIds,
      ...(collection ? { position: collection.position } : {}),
    }
    const result = validateWith(adminCollectionInputSchema, input)
    if (!result.success) {
      setErrors(result.errors)
      setFormError('Revisá los campos marcados.')
      return
    }
    setErrors({})
    setSaving(true)
    try {
      const saved = collection
        ? await updateAdminCollection(collection._id, result.data)
        : await createAdminCollection(result.data)
      queryClient.setQueryData(collectionKeys.detail(storeId, saved._id), saved)
      refresh()
      const fresh = toValues(saved)
      setValues(fresh)
      setSnapshot(fresh)
      allowNavigation()
      showToast({ message: `Guardamos la colección ${saved.title}.`, type: 'success' })
      if (!collection) void navigate(paths.admin.collection.getHref(saved._id), { replace: true })
    } catch (error) {
      setErrors(getFieldErrors(error))
      setFormError(getErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  async function remove() {
    if (!collection) return
    if (await confirmAndDeleteCollection(collection)) {
      refresh()
      allowNavigation()
      void navigate(paths.admin.collections.getHref())
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Formulario de colección">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="md" radius="md">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Datos
              </Title>
              <TextInput
                label={COLLECTION_FORM_LABELS.title}
                required
                maxLength={120}
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
                label={COLLECTION_FORM_LABELS.handle}
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
                label={COLLECTION_FORM_LABELS.description}
                autosize
                minRows={3}
                maxLength={2000}
                value={values.description}
                error={errors.description}
                onChange={(event) => set('description', event.currentTarget.value)}
              />
              <TextInput
                label={COLLECTION_FORM_LABELS.imageUrl}
                type="url"
                placeholder="https://…"
                maxLength={500}
                value={values.imageUrl}
                error={errors.imageUrl}
                onChange={(event) => set('imageUrl', event.currentTarget.value)}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder padding="md" radius="md">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Productos
              </Title>
              {members.isError ? (
                <Alert color="yellow">No pudimos cargar los nombres de los productos.</Alert>
              ) : null}
              <ProductMembershipPicker
                value={values.productIds}
                onChange={(productIds) => set('productIds', productIds)}
                known={known}
                onPick={(product) => setPicked((current) => [...current, product])}
              />
              {errors.productIds ? (
                <Alert color="red" p="xs">
                  {errors.productIds}
                </Alert>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {formError ? (
        <Alert color="red" role="alert" mt="md" title="No se pudo guardar">
          {formError}
        </Alert>
      ) : null}
      <Group justify="space-between" mt="md">
        <Group>
          {collection ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void remove()}
            >
              {COLLECTION_FORM_LABELS.delete}
            </Button>
          ) : null}
        </Group>
        <Button type="submit" loading={saving}>
          {collection ? COLLECTION_FORM_LABELS.save : COLLECTION_FORM_LABELS.create}
        </Button>
      </Group>
    </form>
  )
}
