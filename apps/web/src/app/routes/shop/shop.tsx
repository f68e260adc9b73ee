import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import {
  Button,
  Chip,
  Container,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'

import { pageFrom } from '@/app/routes/shop/shops'
import { paths } from '@/config/paths'
import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import { useProducts } from '@/api/customer/catalog/get-products'
import { useAnswerInBackground } from '@/api/customer/catalog/use-answer-in-background'
import { useStore } from '@/api/customer/catalog/get-store'
import { useStoreCollections } from '@/api/customer/catalog/get-store-collections'
import { Pager, ProductGrid } from '@/features/catalog/components/catalog-grids'
import { ErrorState } from '@/components/errors/error-state'
import {
  EmptyState,
  NotFoundState,
  ProductGridSkeleton,
} from '@/features/catalog/components/query-states'
import { StoreHeader, StoreHeaderSkeleton } from '@/features/catalog/components/store-header'
import { haversineKm } from '@/features/catalog/utils/format'
import { isApiError } from '@/lib/http/api-error'

const ALL = ''

function ShopProducts({ shopId, shopName }: { shopId: string; shopName: string }) {
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params)
  const collection = params.get('collection') ?? ALL
  const q = params.get('q') ?? ''
  const [search, setSearch] = useState(q)
  const collections = useStoreCollections(shopId)
  const productsQuery = useProducts({
    shopId,
    page,
    ...(collection ? { collection } : {}),
    ...(q ? { q } : {}),
  })

  const products = useAnswerInBackground(productsQuery.data)

  const update = (patch: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }
  const applySearch = useDebouncedCallback((value: string) => {
    update({ q: value.trim() || null, page: null })
  }, PAYLOAD_DEBOUNCE_MS)

  const visibleCollections = collections.data ?? []

  return (
    <Stack gap="md" component="section" aria-labelledby="productos-del-comercio">
      <Title order={2} id="productos-del-comercio" size="h3">
        Productos
      </Title>
      <TextInput
        type="search"
        label={`Buscar en ${shopName}`}
        placeholder="Buscá un producto"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          applySearch(event.currentTarget.value)
        }}
        maw={480}
      />
      {visibleCollections.length > 0 ? (
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
          <Chip.Group
            multiple={false}
            value={collection}
            onChange={(value) => update({ collection: value || null, page: null })}
          >
            <Group gap="xs" wrap="nowrap" role="group" aria-label="Colecciones" pb={4}>
              <Chip value={ALL} type="radio" variant="outline">
                Todo
              </Chip>
              {visibleCollections.map((c) => (
                <Chip key={c._id} value={c.handle} type="radio" variant="outline">
                  {c.title}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
      ) : null}

      {productsQuery.isError ? (
        <ErrorState
          title="No pudimos cargar los productos"
          error={productsQuery.error}
          onRetry={() => void productsQuery.refetch()}
        />
      ) : !products ? (
        <ProductGridSkeleton />
      ) : products.docs.length === 0 ? (
        <EmptyState
          title={q ? `No encontramos productos para “${q}”` : 'Todavía no hay productos acá'}
          description={
            q || collection ? 'Probá con otra búsqueda o mirá todos los productos.' : undefined
          }
          action={
            q || collection ? (
              <Button
                variant="light"
                onClick={() => {
                  setSearch('')
                  update({ q: null, collection: null, page: null })
                }}
              >
                Ver todos los productos
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ProductGrid
            products={products.docs}
            label={`Productos de ${shopName}`}
            showStore={false}
            dimmed={productsQuery.isPlaceholderData}
          />
          <Pager
            page={page}
            totalPages={products.totalPages}
            onChange={(next) => update({ page: next > 1 ? String(next) : null })}
            label="Páginas de productos"
          />
        </>
      )}
    </Stack>
  )
}

/** /shops/{shopId} (id or handle): the shop, its hours and delivery, and its products. */
export function ShopPage() {
  const { shopId = '' } = useParams()
  const store = useStore(shopId)
  const { address } = useSelectedAddress()
  useDocumentTitle(store.data ? `${store.data.name} · Barrio` : 'Comercio · Barrio')

  if (store.isPending) {
    return (
      // The same container and boxes as the loaded page (StoreHeader), so nothing moves (CLS).
      <Container size="lg" px="md" py="lg">
        <Stack gap="xl" role="group" aria-busy="true" aria-label="Cargando el comercio">
          <StoreHeaderSkeleton />
          <ProductGridSkeleton />
        </Stack>
      </Container>
    )
  }
  if (store.isError) {
    return (
      <Container size="lg" px="md" py="xl">
        {isApiError(store.error) && store.error.statusCode === 404 ? (
          <NotFoundState
            title="No encontramos este comercio"
            description="Puede que haya cambiado de nombre o que ya no esté en Barrio."
            action={
              <Button component={Link} to={paths.shops.getHref()}>
                Ver comercios
              </Button>
            }
          />
        ) : (
          <ErrorState
            title="No pudimos cargar el comercio"
            error={store.error}
            onRetry={() => void store.refetch()}
          />
        )}
      </Container>
    )
  }

  const shop = store.data
  const distanceKm = address ? haversineKm(address, shop) : null
  return (
    <Container size="lg" px="md" py="lg">
      <Stack gap="xl">
        <StoreHeader store={shop} distanceKm={distanceKm} />
        <ShopProducts shopId={shop._id} shopName={shop.name} />
        <Text size="sm">
          <Link to={paths.shops.getHref()}>Ver todos los comercios</Link>
        </Text>
      </Stack>
    </Container>
  )
}
