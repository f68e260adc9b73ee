import type { GeoPoint } from '@barrio/contracts/geo'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { LOCATION_REQUIRED } from '@barrio/contracts/constants'
import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import {
  IconBuildingStore,
  IconMapPin,
  IconMapPinPlus,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'

import { paths } from '@/config/paths'
import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import { openAddressPicker } from '@/features/addresses/utils/address-picker-store'
import { homeQueries } from '@/api/customer/catalog/home-queries'
import { useAnswerInBackground } from '@/api/customer/catalog/use-answer-in-background'
import { Pager, ProductGrid, StoreGrid } from '@/features/catalog/components/catalog-grids'
import { ErrorState } from '@/components/errors/error-state'
import {
  EmptyState,
  ProductGridSkeleton,
  StoreGridSkeleton,
} from '@/features/catalog/components/query-states'

type ValueProp = { title: string; description: string; icon: Icon }

const VALUE_PROPS: ValueProp[] = [
  {
    title: DELIVERY_TYPE_LABELS.pickup,
    description: 'Pedí online y pasá a buscar tu compra por el local cuando te quede cómodo.',
    icon: IconBuildingStore,
  },
  {
    title: DELIVERY_TYPE_LABELS.delivery,
    description: 'Los comercios cercanos te llevan el pedido hasta tu puerta, en el día.',
    icon: IconMapPin,
  },
  {
    title: DELIVERY_TYPE_LABELS.shipping,
    description: 'Recibí productos de comercios de todo el país con envío a domicilio.',
    icon: IconTruckDelivery,
  },
]

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 0 ? page : 1
}

function NearbyStores({ point }: { point: GeoPoint }) {
  const stores = useQuery(homeQueries(point).stores)
  const data = useAnswerInBackground(stores.data)
  return (
    <Stack gap="md" component="section" aria-labelledby="comercios-cerca">
      <Group justify="space-between" align="baseline">
        <Title order={2} id="comercios-cerca" size="h3">
          Comercios cerca tuyo
        </Title>
        {data && data.totalDocs > 0 ? (
          <Anchor component={Link} to={paths.shops.getHref()} fw={500}>
            Ver todos los comercios
          </Anchor>
        ) : null}
      </Group>
      {stores.isError ? (
        <ErrorState
          title="No pudimos cargar los comercios"
          error={stores.error}
          onRetry={() => void stores.refetch()}
        />
      ) : !data ? (
        <StoreGridSkeleton />
      ) : data.docs.length === 0 ? (
        <EmptyState
          title="No hay comercios cerca de esta dirección todavía"
          description="Probá con otra dirección o mirá todos los comercios de Barrio: algunos hacen envíos a todo el país."
          action={
            <Button component={Link} to={paths.shops.getHref()} variant="light">
              Ver todos los comercios
            </Button>
          }
        />
      ) : (
        <StoreGrid stores={data.docs} label="Comercios cerca tuyo" />
      )}
    </Stack>
  )
}

function NearbyProducts({ point }: { point: GeoPoint }) {
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const products = useQuery(homeQueries(point, page).products)
  const data = useAnswerInBackground(products.data)

  const goTo = (next: number) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next > 1) updated.set('page', String(next))
        else updated.delete('page')
        return updated
      },
      { preventScrollReset: true },
    )
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="productos-cerca">
      <Title order={2} id="productos-cerca" size="h3" ref={headingRef}>
        Productos cerca tuyo
      </Title>
      {products.isError ? (
        <ErrorState
          title="No pudimos cargar los productos"
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      ) : !data ? (
        <ProductGridSkeleton />
      ) : data.docs.length === 0 ? (
        <EmptyState
          title="Todavía no hay productos cerca de esta dirección"
          description="Cuando los comercios de tu zona publiquen productos los vas a ver acá."
        />
      ) : (
        <>
          <ProductGrid
            products={data.docs}
            label="Productos cerca tuyo"
            dimmed={products.isPlaceholderData}
          />
          <Pager
            page={page}
            totalPages={data.totalPages}
            onChange={goTo}
            label="Páginas de productos"
          />
        </>
      )}
    </Stack>
  )
}

function ChooseAddressPrompt() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size="xl" radius="xl" variant="light" aria-hidden>
          <IconMapPinPlus size={24} />
        </ThemeIcon>
        <Title order={2} size="h3">
          ¿Dónde querés recibir tu pedido?
        </Title>
        <Text c="dimmed" maw={560}>
          Elegí tu dirección y te mostramos los comercios y productos que llegan a tu casa, del más
          cercano al más lejano.
        </Text>
        <Group gap="sm">
          <Button leftSection={<IconMapPin size={18} aria-hidden />} onClick={openAddressPicker}>
            Elegir dirección
          </Button>
          <Button component={Link} to={paths.shops.getHref()} variant="default">
            Ver comercios
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

export const HOME_HEADING = 'Comprá en los comercios de tu barrio'
export const HOME_LEAD =
  'Almacenes, verdulerías, librerías y todo lo que tenés cerca, en un solo lugar.'

/** The customer home: the selected address, shops near it and products near it (spec section 2). */
export function HomePage() {
  useDocumentTitle(`Barrio · ${HOME_HEADING}`)
  const { point, line, isLoading } = useSelectedAddress()

  useEffect(() => {
    // Spec section 5: products by location need both coordinates. Users get a prompt instead.
    if (!point && !isLoading) console.info(LOCATION_REQUIRED.products)
  }, [point === null, isLoading]) // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Container size="lg" px="md" py={{ base: 'lg', md: 40 }}>
      <Stack gap={40}>
        <Stack gap="md">
          {/* index.html's shell writes both first, in the same place (home-shell.test.ts). */}
          <Title order={1} fz={{ base: 28, md: 40 }} lh={1.15}>
            {HOME_HEADING}
          </Title>
          <Text size="lg" c="dimmed" maw={720}>
            {HOME_LEAD}
          </Text>
          {/* Res. 424/2020 SCI (issue 27): reachable from the first screen, by this exact name. */}
          <Text size="sm">
            ¿Te arrepentiste de una compra?{' '}
            <Anchor component={Link} to={paths.withdrawal.getHref()} fw={600} underline="always">
              Botón de arrepentimiento
            </Anchor>
          </Text>
          {line ? (
            <Group gap="sm" wrap="wrap">
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={18} aria-hidden color="var(--mantine-color-green-7)" />
                <Text>
                  Cerca de <strong>{line}</strong>
                </Text>
              </Group>
              <Button variant="subtle" size="compact-sm" onClick={openAddressPicker}>
                Cambiar dirección
              </Button>
            </Group>
          ) : null}
        </Stack>

        {point ? (
          <>
            <NearbyStores point={point} />
            <NearbyProducts point={point} />
          </>
        ) : isLoading ? (
          <Stack gap="md" role="group" aria-busy="true" aria-label="Cargando tu dirección">
            <Skeleton height={28} width={240} />
            <StoreGridSkeleton />
          </Stack>
        ) : (
          <ChooseAddressPrompt />
        )}

        <section aria-labelledby="como-funciona">
          <Title order={2} id="como-funciona" size="h3" mb="md">
            Recibí tu pedido como prefieras
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {VALUE_PROPS.map(({ title, description, icon: ValueIcon }) => (
              <Card key={title} withBorder padding="lg" radius="md">
                <Stack gap="sm">
                  <ThemeIcon size="xl" radius="md" variant="light" aria-hidden>
                    <ValueIcon size={26} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {description}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </Container>
  )
}
