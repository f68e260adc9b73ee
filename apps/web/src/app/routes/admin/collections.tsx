import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { useAdminCollection } from '@/api/admin/collections/get-collection'
import { CollectionForm } from '@/features/admin-collections/components/collection-form'
import {
  CollectionsList,
  NEW_COLLECTION_LABEL,
} from '@/features/admin-collections/components/collections-list'
import { useAppStore } from '@/lib/app-store'

const backToCollections = { href: paths.admin.collections.getHref(), label: 'Colecciones' }

export function AdminCollectionsPage() {
  return (
    <AdminPage
      title="Colecciones"
      description="Agrupá tus productos y elegí en qué orden se muestran."
      actions={
        <Button
          component={Link}
          to={paths.admin.collectionNew.getHref()}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {NEW_COLLECTION_LABEL}
        </Button>
      }
    >
      <CollectionsList />
    </AdminPage>
  )
}

export function AdminCollectionNewPage() {
  return (
    <AdminPage title="Nueva colección" back={backToCollections}>
      <CollectionForm />
    </AdminPage>
  )
}

export function AdminCollectionPage() {
  const { collectionId = '' } = useParams()
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useAdminCollection(collectionId)
  return (
    <AdminPage title={query.data?.title ?? 'Colección'} back={backToCollections}>
      {!storeId || query.isPending ? (
        <LoadingState label="Cargando la colección…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CollectionForm key={query.data._id} collection={query.data} />
      )}
    </AdminPage>
  )
}
