import type { AdminCollection } from '@barrio/contracts/admin-collections'
import { Alert, Button, Card, Grid, Stack, Textarea, TextInput, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'

import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { useDeleteCollection } from '@/api/admin/collections/delete-collection'
import { useSaveAdminCollection } from '@/api/admin/collections/save-collection'
import {
  collectionMembersQueryOptions,
  type ProductPick,
} from '@/api/admin/products/search-products'
import { ProductMembershipPicker } from '@/features/admin-collections/components/product-membership-picker'
import {
  collectionToValues,
  validateCollection,
} from '@/features/admin-collections/utils/collection-form'
import { useHandleFromName } from '@/components/form/use-handle-from-name'
import { useAppStore } from '@/lib/app-store'

export const COLLECTION_FORM_LABELS = {
  title: 'Título',
  handle: 'Identificador (URL)',
  description: 'Descripción',
  imageUrl: 'URL de la imagen (opcional)',
  create: 'Crear colección',
  save: 'Guardar cambios',
  delete: 'Eliminar colección',
} as const

const DELETE_CONFIRM = (title: string) => ({
  message: `¿Querés eliminar la colección ${title}?`,
  smallText: 'Los productos no se borran: solo dejan de estar agrupados en ella.',
})

/** Create or edit a collection: title, handle, description, image URL and its products in order. */
export function CollectionForm({ collection }: { collection?: AdminCollection }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const navigate = useNavigate()
  const [picked, setPicked] = useState<ProductPick[]>([])
  const members = useQuery({
    ...collectionMembersQueryOptions(storeId, collection?._id ?? ''),
    enabled: Boolean(storeId && collection),
  })
  const deleteCollection = useDeleteCollection(storeId)
  const appForm = useAppForm({
    initialValues: collectionToValues(collection),
    validate: (values) => validateCollection(values, collection?.position),
    mutation: useSaveAdminCollection(),
    toVariables: (input) => ({ id: collection?._id, input }),
    toValues: collectionToValues,
    successMessage: (saved) => `Guardamos la colección ${saved.title}.`,
    onSaved: (saved) => {
      if (!collection) void navigate(paths.admin.collection.getHref(saved._id), { replace: true })
    },
  })
  const { form } = appForm
  const handleFromName = useHandleFromName(form, 'title', Boolean(collection))
  const values = form.values

  const known = useMemo(() => {
    const map = new Map<string, ProductPick>()
    for (const p of members.data ?? []) map.set(p._id, p)
    for (const p of picked) map.set(p._id, p)
    return map
  }, [members.data, picked])

  async function remove(current: AdminCollection) {
    if (!(await confirm(DELETE_CONFIRM(current.title)))) return
    await deleteCollection.mutateAsync({ id: current._id, title: current.title }).then(
      () => {
        appForm.allowNavigation()
        void navigate(paths.admin.collections.getHref())
      },
      () => undefined,
    )
  }

  return (
    <AppForm
      form={appForm}
      label="Formulario de colección"
      saveLabel={collection ? COLLECTION_FORM_LABELS.save : COLLECTION_FORM_LABELS.create}
      cleanText={collection ? undefined : ''}
    >
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
                {...handleFromName.nameInputProps}
              />
              <TextInput
                label={COLLECTION_FORM_LABELS.handle}
                maxLength={60}
                {...handleFromName.handleInputProps}
              />
              <Textarea
                label={COLLECTION_FORM_LABELS.description}
                autosize
                minRows={3}
                maxLength={2000}
                {...form.getInputProps('description')}
              />
              <TextInput
                label={COLLECTION_FORM_LABELS.imageUrl}
                type="url"
                placeholder="https://…"
                maxLength={500}
                {...form.getInputProps('imageUrl')}
              />
              {collection ? (
                <Button
                  variant="subtle"
                  color="red"
                  w="fit-content"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={deleteCollection.isPending}
                  onClick={() => void remove(collection)}
                >
                  {COLLECTION_FORM_LABELS.delete}
                </Button>
              ) : null}
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
                onChange={(productIds) => form.setFieldValue('productIds', productIds)}
                known={known}
                onPick={(product) => setPicked((current) => [...current, product])}
              />
              {appForm.errorOf('productIds') ? (
                <Alert color="red" p="xs">
                  {appForm.errorOf('productIds')}
                </Alert>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </AppForm>
  )
}
