import { PERMISSION_DENIED_REASONS } from '@barrio/contracts/permissions'
import { Button, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { useAdminProduct } from '@/api/admin/products/get-product'
import { useNewProductId } from '@/api/admin/products/get-new-product-id'
import { ProductEditor } from '@/features/admin-products/components/product-editor'
import { ProductBadges } from '@/features/admin-products/components/product-status-badge'
import { ProductsList } from '@/features/admin-products/components/products-list'
import { useAppStore } from '@/lib/app-store'
import { PermissionGate, useCan } from '@/lib/store-role'

const backToProducts = { href: paths.admin.products.getHref(), label: 'Productos' }

export function AdminProductsPage() {
  // A new product sets prices: staff may not create one (decision 029).
  const canCreate = useCan('prices')
  return (
    <AdminPage
      title="Productos"
      description="Tu catálogo: buscá, filtrá y ordená; entrá a un producto para editarlo."
      actions={
        canCreate ? (
          <Button
            component={Link}
            to={paths.admin.productNew.getHref()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Nuevo producto
          </Button>
        ) : (
          <Stack gap={2} align="flex-end">
            <Button disabled leftSection={<IconPlus size={16} aria-hidden />}>
              Nuevo producto
            </Button>
            <Text size="xs" c="dimmed">
              {PERMISSION_DENIED_REASONS.prices}
            </Text>
          </Stack>
        )
      }
    >
      <ProductsList />
    </AdminPage>
  )
}

/** GET /products/id first, then the editor; the first save POSTs with that id. */
export function AdminProductNewPage() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const newId = useNewProductId()
  return (
    <PermissionGate permission="prices">
      <AdminPage title="Nuevo producto" back={backToProducts}>
        {!storeId || newId.isPending ? (
          <LoadingState label="Preparando el producto…" />
        ) : newId.isError ? (
          <ErrorState error={newId.error} onRetry={() => void newId.refetch()} />
        ) : (
          <ProductEditor key={newId.data} productId={newId.data} />
        )}
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminProductPage() {
  const { productId = '' } = useParams()
  const storeId = useAppStore((s) => s.selectedStoreId)
  const product = useAdminProduct(productId)
  return (
    <AdminPage
      title={product.data?.title ?? 'Producto'}
      description={product.data ? <ProductBadges product={product.data} /> : undefined}
      back={backToProducts}
    >
      {!storeId || product.isPending ? (
        <LoadingState label="Cargando el producto…" />
      ) : product.isError ? (
        <ErrorState error={product.error} onRetry={() => void product.refetch()} />
      ) : (
        <ProductEditor key={product.data._id} productId={product.data._id} product={product.data} />
      )}
    </AdminPage>
  )
}
