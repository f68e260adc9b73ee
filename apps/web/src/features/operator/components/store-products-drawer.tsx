import { PRODUCT_STATUS_LABELS } from '@barrio/contracts/admin-products'
import type { OperatorStore, OperatorStoreProduct } from '@barrio/contracts/operator'
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconEye, IconEyeOff, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'

import { useStoreProducts, useUnhideProduct } from '@/api/operator/stores/store-products'
import { confirm } from '@/components/confirm/confirm'
import { HideProductForm } from '@/features/operator/components/hide-product-form'
import { getErrorMessage } from '@/lib/http/api-error'
import { formatDate, formatMoney } from '@/lib/format'
import { showErrorToast, showToast } from '@/lib/toast'
import { useScreen } from '@/lib/use-screen'

export const STORE_PRODUCTS_PAGE_SIZE = 10
export const PRODUCT_SEARCH_LABEL = 'Buscar productos'
export const SHOW_LABEL = 'Mostrar'

function ProductRow({
  product,
  hiding,
  onHide,
  onShow,
  busy,
}: {
  product: OperatorStoreProduct
  hiding: boolean
  onHide: () => void
  onShow: () => void
  busy: boolean
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={product.title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {product.title}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color="gray" size="sm">
                {PRODUCT_STATUS_LABELS[product.status]}
              </Badge>
              {product.hidden ? (
                <Badge variant="light" color="red" size="sm">
                  Oculto por Barrio
                </Badge>
              ) : null}
              {product.priceCents !== null ? (
                <Text size="xs" c="dimmed">
                  {formatMoney(product.priceCents)}
                </Text>
              ) : null}
            </Group>
          </Stack>
          {product.hidden ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconEye size={14} aria-hidden />}
              onClick={onShow}
              disabled={busy}
              aria-label={`${SHOW_LABEL} ${product.title}`}
            >
              {SHOW_LABEL}
            </Button>
          ) : hiding ? null : (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconEyeOff size={14} aria-hidden />}
              onClick={onHide}
              aria-label={`Ocultar ${product.title}`}
            >
              Ocultar
            </Button>
          )}
        </Group>
        {product.hidden ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {`Desde el ${formatDate(product.hidden.since)}: ${product.hidden.reason}`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** The store's products, searched and paged; each hidden or shown again by the operator. */
function StoreProducts({ store }: { store: OperatorStore }) {
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 300)
  const [page, setPage] = useState(1)
  const query = useStoreProducts(store._id, {
    q: q || undefined,
    page,
    limit: STORE_PRODUCTS_PAGE_SIZE,
  })
  const [hiding, setHiding] = useState<string | null>(null)
  const showing = useUnhideProduct()

  const show = async (product: OperatorStoreProduct) => {
    const sure = await confirm({
      message: `¿Mostrar ${product.title}?`,
      smallText: 'Los clientes vuelven a verlo y a poder comprarlo.',
    })
    if (!sure) return
    showing.mutate(product._id, {
      onSuccess: () => showToast({ message: `${product.title} se ve de nuevo.`, type: 'success' }),
      onError: (error) => showErrorToast(getErrorMessage(error)),
    })
  }

  let body
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Cargando productos…">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={64} radius="md" aria-hidden />
        ))}
      </Stack>
    )
  } else if (query.isError) {
    body = (
      <Alert color="red" title="No pudimos cargar los productos">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{getErrorMessage(query.error)}</Text>
          <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    )
  } else if (query.data.docs.length === 0) {
    body = (
      <Text c="dimmed" size="sm">
        {q
          ? 'Ningún producto coincide con la búsqueda.'
          : 'Esta tienda todavía no tiene productos.'}
      </Text>
    )
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {query.data.docs.map((product) => (
          <Stack key={product._id} gap={6}>
            <ProductRow
              product={product}
              hiding={hiding === product._id}
              onHide={() => setHiding(product._id)}
              onShow={() => void show(product)}
              busy={showing.isPending}
            />
            {hiding === product._id ? (
              <Paper withBorder p="sm" radius="md">
                <HideProductForm
                  product={product}
                  onDone={() => setHiding(null)}
                  onCancel={() => setHiding(null)}
                />
              </Paper>
            ) : null}
          </Stack>
        ))}
      </Stack>
    )
  }

  return (
    <Stack gap="sm">
      <TextInput
        label={PRODUCT_SEARCH_LABEL}
        placeholder="Nombre del producto"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setPage(1)
        }}
      />
      {body}
      {query.data && query.data.totalPages > 1 ? (
        <Pagination
          total={query.data.totalPages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior',
          })}
        />
      ) : null}
    </Stack>
  )
}

/** "Ver productos" on a store of the city: a drawer (full screen on phones) to moderate them. */
export function StoreProductsDrawer({
  store,
  onClose,
}: {
  store: OperatorStore | null
  onClose: () => void
}) {
  const phone = useScreen('(max-width: 48em)')
  return (
    <Drawer
      opened={store !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={store ? `Productos de ${store.name}` : 'Productos'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {store ? <StoreProducts store={store} /> : null}
    </Drawer>
  )
}
