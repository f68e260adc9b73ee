import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { paths } from '@/config/paths'
import { NotMerchantNotice } from '@/features/admin-stores/components/not-merchant-notice'
import { StoreCreator, StoreEditor } from '@/features/admin-stores/components/store-editor'
import { StoresList } from '@/features/admin-stores/components/stores-list'
import { useCanOpenStores } from '@/features/admin-stores/hooks/use-can-open-stores'

/** The seller's stores; "Nueva tienda" only for an approved merchant (decision 029). */
export function AdminStoresPage() {
  const canOpenStores = useCanOpenStores()
  return (
    <AdminPage
      title="Tiendas"
      description={
        canOpenStores
          ? 'Tus tiendas: abrilas o cerralas y editá sus datos.'
          : 'Las tiendas en cuyo equipo trabajás.'
      }
      actions={
        canOpenStores ? (
          <Button
            component={Link}
            to={paths.admin.storeNew.getHref()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Nueva tienda
          </Button>
        ) : undefined
      }
    >
      <StoresList />
    </AdminPage>
  )
}

/** The new-store form, or why a member of another's team cannot open one. */
export function AdminStoreNewPage() {
  const canOpenStores = useCanOpenStores()
  return (
    <AdminPage
      title="Nueva tienda"
      description={
        canOpenStores
          ? 'Los datos que ven tus clientes: dirección, horarios y formas de entrega.'
          : undefined
      }
      back={{ href: paths.admin.stores.getHref(), label: 'Tiendas' }}
    >
      {canOpenStores ? <StoreCreator /> : <NotMerchantNotice />}
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
