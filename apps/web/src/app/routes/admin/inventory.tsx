import { Button } from '@mantine/core'
import { Link } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { paths } from '@/config/paths'
import { InventoryTable } from '@/features/admin-inventory/components/inventory-table'

export function AdminInventoryPage() {
  return (
    <AdminPage
      title="Inventario"
      description="El stock de cada variante. Cambialo con + y − o escribí la cantidad y apretá Enter."
      actions={
        <>
          <Button component={Link} to={paths.admin.products.getHref()} variant="light">
            Productos
          </Button>
          <Button component={Link} to={paths.admin.collections.getHref()} variant="light">
            Colecciones
          </Button>
        </>
      }
    >
      <InventoryTable />
    </AdminPage>
  )
}
