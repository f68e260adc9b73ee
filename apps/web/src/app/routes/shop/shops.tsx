import type { Address } from '@barrio/contracts/addresses'
import type { GeoPoint } from '@barrio/contracts/geo'
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconMapPin } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'

import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import { openAddressPicker } from '@/features/addresses/utils/address-picker-store'
import { shortAddress } from '@/features/addresses/utils/address-selection'
import { useStores } from '@/api/customer/catalog/get-stores'
import { useAnswerInBackground } from '@/api/customer/catalog/use-answer-in-background'
import { Pager, StoreGrid } from '@/features/catalog/components/catalog-grids'
import { ErrorState } from '@/components/errors/error-state'
import { EmptyState, StoreGridSkeleton } from '@/features/catalog/components/query-states'
import { plural } from '@/lib/format'

export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 0 ? page : 1
}

/**
 * No shop serves the address: the shops that ship to its province, nearest first, as the home
 * promises (issue 30: "algunos hacen envíos a todo el país"). Paged with the page's own pager.
 */
function ShippingShops({
  address,
  near,
  page,
  onPage,
}: {
  address: Address
  near: GeoPoint
  page: number
  onPage: (page: number) => void
}) {
  const stores = useStores({ page, near, shipsTo: address.provinceCode })
  const data = useAnswerInBackground(stores.data)
  const province = address.provinceName
  return (
    <Stack gap="lg" component="section" aria-labelledby="comercios-que-envian">
      <Stack gap={6}>
        <Title order={2} id="comercios-que-envian" size="h3">
          Comercios que envían a {province}
        </Title>
        <Text c="dimmed">
          Ningún comercio entrega o tiene local cerca de esta dirección todavía, pero estos te
          mandan tu pedido por correo.
        </Text>
      </Stack>
      {stores.isError ? (
        <ErrorState
          title="No pudimos cargar los comercios"
          error={stores.error}
          onRetry={() => void stores.refetch()}
        />
      ) : !data ? (
        <StoreGridSkeleton count={6} />
      ) : data.docs.length === 0 ? (
        <EmptyState
          title="No hay comercios cerca de esta dirección todavía"
          description={`Y todavía ninguno envía a ${province}. Probá con otra dirección: Barrio está sumando comercios cada semana.`}
        />
      ) : (
        <Stack gap="lg" style={{ opacity: stores.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {plural(data.totalDocs, 'comercio', 'comercios')}
          </Text>
          <StoreGrid
            stores={data.docs}
            label={`Comercios que envían a ${province}`}
            headingLevel={3}
          />
          <Pager
            page={page}
            totalPages={data.totalPages}
            onChange={onPage}
            label="Páginas de comercios que envían"
          />
        </Stack>
      )}
    </Stack>
  )
}

/**
 * /shops: every shop, nearest first with the distance when an address is selected; when none
 * serves the address, the shops that ship to it; paged.
 */
export function ShopsPage() {
  useDocumentTitle('Comercios · Barrio')
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params)
  const { address, isLoading: addressLoading } = useSelectedAddress()
  const near = address ? { lat: address.latitude, lng: address.longitude } : null
  const stores = useStores({ page, near }, { enabled: !addressLoading })
  const data = useAnswerInBackground(stores.data)

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {})
    window.scrollTo({ top: 0 })
  }

  return (
    <Container size="lg" px="md" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>Comercios</Title>
          {address ? (
            <Group gap={6} wrap="wrap">
              <Text c="dimmed">
                Los más cercanos a <strong>{shortAddress(address)}</strong>, primero.
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={openAddressPicker}>
                Cambiar dirección
              </Button>
            </Group>
          ) : addressLoading ? null : (
            <Group gap="sm" wrap="wrap">
              <Text c="dimmed">
                Todos los comercios de Barrio. Elegí tu dirección para ver los más cercanos.
              </Text>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconMapPin size={14} aria-hidden />}
                onClick={openAddressPicker}
              >
                Elegir dirección
              </Button>
            </Group>
          )}
        </Stack>

        {stores.isError ? (
          <ErrorState
            title="No pudimos cargar los comercios"
            error={stores.error}
            onRetry={() => void stores.refetch()}
          />
        ) : !data ? (
          <StoreGridSkeleton count={6} />
        ) : address && near && data.totalDocs === 0 ? (
          <ShippingShops address={address} near={near} page={page} onPage={goTo} />
        ) : data.docs.length === 0 ? (
          <EmptyState
            title={
              near
                ? 'No hay comercios cerca de esta dirección todavía'
                : 'Todavía no hay comercios en Barrio'
            }
            description={
              near
                ? 'Probá con otra dirección: Barrio está sumando comercios cada semana.'
                : undefined
            }
          />
        ) : (
          <Stack gap="lg" style={{ opacity: stores.isPlaceholderData ? 0.6 : 1 }}>
            <Text size="sm" c="dimmed" aria-live="polite">
              {plural(data.totalDocs, 'comercio', 'comercios')}
            </Text>
            <StoreGrid stores={data.docs} label="Comercios" headingLevel={2} />
            <Pager
              page={page}
              totalPages={data.totalPages}
              onChange={goTo}
              label="Páginas de comercios"
            />
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
