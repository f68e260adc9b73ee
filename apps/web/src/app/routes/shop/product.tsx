import { Button, Container, Grid, Skeleton, Stack } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { Link, useParams } from 'react-router'

import { paths } from '@/config/paths'
import { useAddToCart } from '@/features/cart/api/use-add-to-cart'
import { useProduct } from '@/api/customer/catalog/get-product'
import { ProductDetails } from '@/features/catalog/components/product-details'
import { ErrorState } from '@/components/errors/error-state'
import { NotFoundState } from '@/features/catalog/components/query-states'
import { isApiError } from '@/lib/http/api-error'

/** /shops/{shopId}/products/{pId}: pId is the product's id or handle, shopId the shop's. */
export function ProductPage() {
  const { shopId = '', productId = '' } = useParams()
  const query = useProduct(productId, shopId)
  const addToCart = useAddToCart()
  const product = query.data
  // A product of another shop under this shop's URL is not this shop's product.
  const belongs = !product || product.store._id === shopId || product.store.handle === shopId
  useDocumentTitle(
    product && belongs ? `${product.title} · ${product.store.name} · Barrio` : 'Producto · Barrio',
  )

  if (query.isPending) {
    return (
      // The loaded page's container and a square photo box, so nothing moves when it arrives. On a
      // phone the loaded page is taller than the screen: so is this, keeping the footer out of
      // view instead of pushing it down later (CLS).
      <Container size="lg" px="md" py="lg" mih={{ base: '100dvh', sm: 0 }}>
        <Grid
          gap={{ base: 'lg', md: 48 }}
          role="group"
          aria-busy="true"
          aria-label="Cargando el producto"
        >
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Skeleton radius="md" h="auto" style={{ aspectRatio: '1 / 1' }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Stack gap="sm">
              <Skeleton height={32} width="80%" />
              <Skeleton height={24} width="30%" />
              <Skeleton height={40} width="60%" />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    )
  }

  const notFound =
    (query.isError && isApiError(query.error) && query.error.statusCode === 404) || !belongs
  if (notFound) {
    return (
      <Container size="lg" px="md" py="xl">
        <NotFoundState
          title="No encontramos este producto"
          description="Puede que el comercio lo haya dado de baja o que el enlace esté incompleto."
          action={
            <Button component={Link} to={paths.shop.getHref(shopId)}>
              Volver al comercio
            </Button>
          }
        />
      </Container>
    )
  }
  if (query.isError) {
    return (
      <Container size="lg" px="md" py="xl">
        <ErrorState
          title="No pudimos cargar el producto"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Container>
    )
  }

  return (
    <Container size="lg" px="md" py="lg">
      <ProductDetails
        key={query.data._id}
        product={query.data}
        onAddToCart={(selection) => addToCart({ product: query.data, ...selection })}
      />
    </Container>
  )
}
