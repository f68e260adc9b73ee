import { Button } from '@mantine/core'
import { IconBuildingStore } from '@tabler/icons-react'
import { Link } from 'react-router'

import { EmptyBlock } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { NotMerchantNotice } from '@/features/admin-stores/components/not-merchant-notice'
import { useCanOpenStores } from '@/features/admin-stores/hooks/use-can-open-stores'

export const CREATE_FIRST_STORE_LABEL = 'Crear mi primera tienda'

/**
 * Shown on every seller page while the seller has no store yet. Only an approved merchant is
 * offered to create one; a member of another's team is told how to become one.
 */
export function NoStoresState() {
  const canOpenStores = useCanOpenStores()
  if (!canOpenStores) return <NotMerchantNotice />
  return (
    <EmptyBlock
      icon={<IconBuildingStore size={32} aria-hidden />}
      title="Todavía no tenés tiendas"
      description="Creá tu tienda para cargar productos, recibir pedidos y configurar entregas y pagos."
      action={
        <Button component={Link} to={paths.admin.storeNew.getHref()}>
          {CREATE_FIRST_STORE_LABEL}
        </Button>
      }
    />
  )
}
