import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { paths } from '@/config/paths'
import { StoreCreator, StoreEditor } from '@/features/seller-stores/components/store-editor'
import { StoresList } from '@/features/seller-stores/components/stores-list'

export function AdminStoresPage() {
  return (
    <AdminPage
      title="Tiendas"
      description="Tus tiendas: abrilas o cerralas y editá sus datos."
      actions={
        <Button
          component={Link}
          to={paths.admin.storeNew.getHref()}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Nueva tienda
        </Button>
      }
    >
      <StoresList />
    </AdminPage>
  )
}

export function AdminStoreNewPage() {
  return (
    <AdminPage
      title="Nueva tienda"
      description="Los datos que ven tus clientes: dirección, horarios y formas de entrega."
      back={{ href: paths.admin.stores.getHref(), label: 'Tiendas' }}
    >
      <StoreCreator />
    </AdminPage>
  )
}

export function AdminStorePage() {
  const { storeId = '' } = useParams()
  return (
    <AdminPage
      title="Editar tienda"
      back={{ href: paths.admin.stores.getHref(), label: 'Tiendas' }}
    >
      <StoreEditor storeId={storeId} />
    </AdminPage>
  )
}
