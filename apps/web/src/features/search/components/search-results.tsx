import type { GeoPoint } from '@barrio/contracts/geo'
import type { Product } from '@barrio/contracts/products'
import type { Store } from '@barrio/contracts/stores'
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconMapPin, IconSearch } from '@tabler/icons-react'
import { useRef, type ComponentType, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'

import { useSearch } from '@/api/customer/search/get-search'
import { useAnswerInBackground } from '@/api/customer/catalog/use-answer-in-background'
import { ErrorState } from '@/components/errors/error-state'
import { paths } from '@/config/paths'
import { SearchFilterBar } from '@/features/search/components/search-filters'
import {
  searchParamsFrom,
  searchStateFrom,
  type SearchFilters,
  type SearchState,
} from '@/features/search/utils/search-url'
import { plural } from '@/lib/format'

/**
 * The catalogue's grids, pager and skeletons: another feature's components, so app/ passes them
 * in (features do not import each other) and the results look like the home's lists.
 */
export type SearchCatalog = {
  ProductGrid: ComponentType<{ products: Product[]; label: string; dimmed?: boolean }>
  StoreGrid: ComponentType<{ stores: Store[]; label: string; headingLevel?: 2 | 3 }>
  Pager: ComponentType<{
    page: number
    totalPages: number
    onChange: (page: number) => void
    label?: string
  }>
  ProductGridSkeleton: ComponentType<{ count?: number }>
  StoreGridSkeleton: ComponentType<{ count?: number }>
}

export type SearchResultsProps = {
  /** The selected address's point (or the remembered one while it loads). */
  point: GeoPoint | null
  /** The selected address is still loading: no prompt for one yet. */
  addressLoading: boolean
  /** Opens the address picker. */
  onChooseAddress: () => void
  catalog: SearchCatalog
}

function Notice({
  icon,
  title,
  children,
}: {
  icon: ReactNode
  title: string
  children?: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size="xl" radius="xl" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={600} component="h2" fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        {children}
      </Stack>
    </Card>
  )
}

const hasFilters = (state: SearchState) =>
  state.category !== null || state.deliveryType !== null || state.openNow

/**
 * /search?q=: products and shops that match, among the shops that serve the selected address
 * (issue 25). Filters, sort and both pages live in the URL.
 */
export function SearchResults({
  point,
  addressLoading,
  onChooseAddress,
  catalog,
}: SearchResultsProps) {
  const [params, setParams] = useSearchParams()
  const state = searchStateFrom(params)
  const { q } = state
  useDocumentTitle(q ? `Resultados para «${q}» · Barrio` : 'Buscar · Barrio')
  const productsRef = useRef<HTMLHeadingElement>(null)
  const storesRef = useRef<HTMLHeadingElement>(null)

  const search = useSearch(
    { ...state, lat: point?.lat ?? null, lng: point?.lng ?? null },
    { enabled: point !== null },
  )
  const data = useAnswerInBackground(search.data)
  const dimmed = search.isPlaceholderData

  const update = (change: Partial<SearchState>) =>
    setParams(searchParamsFrom({ ...state, ...change }), { preventScrollReset: true })
  const filter = (change: Partial<SearchFilters>) =>
    // Another filter starts both lists again at their first page.
    update({ ...change, page: 1, storePage: 1 })
  const goTo = (change: Partial<SearchState>, heading: HTMLHeadingElement | null) => {
    update(change)
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  if (!q) {
    return (
      <Container size="lg" px="md" py="xl">
        <Stack gap="lg">
          <Title order={1}>Buscar</Title>
          <Text c="dimmed">
            Escribí en el buscador de arriba qué querés comprar: un producto, un comercio o un
            rubro.
          </Text>
        </Stack>
      </Container>
    )
  }

  const { ProductGrid, StoreGrid, Pager, ProductGridSkeleton, StoreGridSkeleton } = catalog
  const suggestion = data?.suggestion ?? null
  const nothing = data && data.products.totalDocs === 0 && data.stores.totalDocs === 0

  let body: ReactNode
  if (!point) {
    body = addressLoading ? (
      <Stack gap="md" role="group" aria-busy="true" aria-label="Cargando tu dirección">
        <Skeleton height={28} width={240} />
        <ProductGridSkeleton count={3} />
      </Stack>
    ) : (
      <Notice icon={<IconMapPin size={24} />} title="Elegí tu dirección para buscar">
        <Text size="sm" c="dimmed" maw={480}>
          Buscamos entre los comercios que llegan a tu dirección: elegila y te mostramos lo que
          encontramos cerca tuyo.
        </Text>
        <Button leftSection={<IconMapPin size={18} aria-hidden />} onClick={onChooseAddress}>
          Elegir dirección
        </Button>
      </Notice>
    )
  } else if (search.isError) {
    body = (
      <ErrorState
        title="No pudimos buscar"
        error={search.error}
        onRetry={() => void search.refetch()}
      />
    )
  } else if (!data) {
    body = (
      <Stack gap="xl">
        <Stack gap="md">
          <Skeleton height={24} width={120} />
          <ProductGridSkeleton count={6} />
        </Stack>
        <Stack gap="md">
          <Skeleton height={24} width={120} />
          <StoreGridSkeleton count={3} />
        </Stack>
      </Stack>
    )
  } else if (nothing) {
    body = (
      <Notice icon={<IconSearch size={24} />} title={`No encontramos «${q}» cerca tuyo`}>
        {suggestion ? (
          <Anchor component={Link} to={paths.search.getHref(suggestion)} fw={500}>
            ¿Quisiste decir «{suggestion}»?
          </Anchor>
        ) : null}
        <Text size="sm" c="dimmed" maw={480}>
          {hasFilters(state)
            ? 'Probá sacando algún filtro o buscando con otras palabras.'
            : 'Probá con otras palabras o revisá cómo está escrito.'}
        </Text>
        {hasFilters(state) ? (
          <Button
            variant="light"
            onClick={() => filter({ category: null, deliveryType: null, openNow: false })}
          >
            Quitar filtros
          </Button>
        ) : null}
      </Notice>
    )
  } else {
    body = (
      <Stack gap={40} style={{ opacity: dimmed ? 0.6 : 1 }} aria-busy={dimmed || undefined}>
        <Stack gap="md" component="section" aria-labelledby="resultados-productos">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h3" id="resultados-productos" ref={productsRef}>
              Productos
            </Title>
            <Text size="sm" c="dimmed">
              {plural(data.products.totalDocs, 'producto', 'productos')}
            </Text>
          </Group>
          {data.products.docs.length === 0 ? (
            <Text c="dimmed">Ningún producto cerca tuyo coincide con «{q}».</Text>
          ) : (
            <>
              <ProductGrid products={data.products.docs} label="Productos encontrados" />
              <Pager
                page={state.page}
                totalPages={data.products.totalPages}
                onChange={(page) => goTo({ page }, productsRef.current)}
                label="Páginas de productos"
              />
            </>
          )}
        </Stack>
        <Stack gap="md" component="section" aria-labelledby="resultados-comercios">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h3" id="resultados-comercios" ref={storesRef}>
              Comercios
            </Title>
            <Text size="sm" c="dimmed">
              {plural(data.stores.totalDocs, 'comercio', 'comercios')}
            </Text>
          </Group>
          {data.stores.docs.length === 0 ? (
            <Text c="dimmed">Ningún comercio cerca tuyo coincide con «{q}».</Text>
          ) : (
            <>
              <StoreGrid stores={data.stores.docs} label="Comercios encontrados" headingLevel={3} />
              <Pager
                page={state.storePage}
                totalPages={data.stores.totalPages}
                onChange={(storePage) => goTo({ storePage }, storesRef.current)}
                label="Páginas de comercios"
              />
            </>
          )}
        </Stack>
      </Stack>
    )
  }

  return (
    <Container size="lg" px="md" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, md: 34 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            Resultados para «{q}»
          </Title>
          {suggestion && !nothing ? (
            <Text c="dimmed">Mostrando resultados de «{suggestion}»</Text>
          ) : null}
        </Stack>
        {point ? <SearchFilterBar filters={state} onChange={filter} /> : null}
        {body}
      </Stack>
    </Container>
  )
}
