import { Button } from '@mantine/core'
import { IconBuildingStore } from '@tabler/icons-react'
import { Link } from 'react-router'

import { EmptyBlock } from '@/components/admin/page-states'
import { paths } from '@/config/paths'

export const CREATE_FIRST_STORE_LABEL = 'Crear mi primera tienda'

/** Shown on every seller page while the seller has no store yet. */
export function NoStoresState() {
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
