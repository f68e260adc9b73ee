import type { AdminProduct } from '@barrio/contracts/admin-products'
import { Anchor, Avatar, Button, Group, Paper, Stack, Table, Text } from '@mantine/core'
import { IconPhoto, IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'

import { formatMoneyRange, formatDateTime } from '@/lib/format'
import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { SortSelect } from '@/components/admin/sort-select'
import { ListPagination, SortableTh, TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { useListControls } from '@/components/admin/use-list-controls'
import { paths } from '@/config/paths'
import { collectionOptionsQueryOptions } from '@/features/seller-products/api/get-collection-options'
import { adminProductsQueryOptions } from '@/features/seller-products/api/get-admin-products'
import { ProductFilters } from '@/features/seller-products/components/product-filters'
import { ProductStatusBadge } from '@/features/seller-products/components/product-status-badge'
import {
  buildProductListParams,
  DEFAULT_PRODUCT_SORT,
  emptyProductFilters,
  nextSort,
  parseSort,
  type ProductSort,
  type SortField,
} from '@/features/seller-products/utils/product-filter'
import { useAppStore } from '@/lib/app-store'

const SORT_OPTIONS: Array<{ value: ProductSort; label: string }> = [
  { value: '-updatedAt', label: 'Más recientes' },
  { value: 'updatedAt', label: 'Más antiguos' },
  { value: 'title', label: 'Título (A–Z)' },
  { value: '-title', label: 'Título (Z–A)' },
  { value: 'price', label: 'Precio: menor a mayor' },
  { value: '-price', label: 'Precio: mayor a menor' },
  { value: 'stock', label: 'Stock: menor a mayor' },
  { value: '-stock', label: 'Stock: mayor a menor' },
]

function StockText({ stock }: { stock: number }) {
  return (
    <Text size="sm" c={stock === 0 ? 'red' : undefined} fw={stock === 0 ? 600 : undefined}>
      {stock === 0 ? 'Sin stock' : stock}
    </Text>
  )
}

/** One product as a card (phones). */
function ProductCard({ product }: { product: AdminProduct }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={mainImage(product)} alt="" radius="sm" size="lg">
          <IconPhoto size={20} aria-hidden />
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={paths.admin.product.getHref(product._id)} fw={600}>
            {product.title}
          </Anchor>
          <Group gap="xs">
            <ProductStatusBadge status={product.status} />
            <Text size="sm" c="dimmed">
              Stock:
            </Text>
            <StockText stock={product.totalStock} />
          </Group>
          <Text size="sm">{formatMoneyRange(product.variants.map((v) => v.price))}</Text>
          <Text size="xs" c="dimmed">
            Actualizado {formatDateTime(product.updatedAt)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  )
}

function mainImage(product: AdminProduct) {
  const media = product.media.find((m) => m.isMain) ?? product.media[0]
  return media ? (media.thumbUrl ?? media.url) : null
}

/** Products of the selected store: filters, sortable columns, 10 per page. */
export function ProductsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const narrow = useIsNarrow()
  const list = useListControls(emptyProductFilters, DEFAULT_PRODUCT_SORT)
  const { filters, page, sort } = list

  const effective = { ...filters, search: list.search }
  const params = buildProductListParams(effective, page, sort)
  const query = useQuery(adminProductsQueryOptions(storeId, params))
  const collections = useQuery(collectionOptionsQueryOptions(storeId))

  const hasFilters = params.query !== undefined
  const current = parseSort(sort)
  const sortable = (label: string, field: SortField) => (
    <SortableTh
      label={label}
      direction={current.field === field ? current.direction : null}
      onSort={() => list.setSort(nextSort(sort, field))}
    />
  )

  return (
    <Stack gap="md">
      <ProductFilters
        value={filters}
        searchText={list.searchText}
        onSearchTextChange={list.setSearchText}
        onChange={list.patchFilters}
        onClear={list.clear}
        collections={collections.data ?? []}
      />
      {narrow ? <SortSelect options={SORT_OPTIONS} value={sort} onChange={list.setSort} /> : null}

      {!storeId || query.isPending ? (
        <LoadingState label="Cargando productos…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.docs.length === 0 ? (
        hasFilters ? (
          <EmptyBlock
            title="Ningún producto coincide con los filtros"
            description="Probá con otra búsqueda o limpiá los filtros."
          />
        ) : (
          <EmptyBlock
            title="Todavía no cargaste productos"
            description="Creá tu primer producto con sus fotos, precios y stock."
            action={
              <Button
                component={Link}
                to={paths.admin.productNew.getHref()}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Nuevo producto
              </Button>
            }
          />
        )
      ) : (
        <Stack
          gap="sm"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          aria-busy={query.isFetching}
        >
          {narrow ? (
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Productos"
            >
              {query.data.docs.map((product) => (
                <ProductCard key={product._id} product={product} />
              ))}
            </Stack>
          ) : (
            <TableContainer label="Tabla de productos" minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Text span fw={700} fz="sm">
                        Imagen
                      </Text>
                    </Table.Th>
                    {sortable('Producto', 'title')}
                    <Table.Th>Estado</Table.Th>
                    {sortable('Stock', 'stock')}
                    {sortable('Precio', 'price')}
                    {sortable('Actualizado', 'updatedAt')}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.docs.map((product) => {
                    const image = mainImage(product)
                    return (
                      <Table.Tr key={product._id}>
                        <Table.Td>
                          <Avatar src={image} alt="" radius="sm" size="md">
                            <IconPhoto size={18} aria-hidden />
                          </Avatar>
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={paths.admin.product.getHref(product._id)}
                            fw={600}
                            lineClamp={2}
                          >
                            {product.title}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {product.variants.length === 1
                              ? '1 variante'
                              : `${product.variants.length} variantes`}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <ProductStatusBadge status={product.status} />
                        </Table.Td>
                        <Table.Td>
                          <StockText stock={product.totalStock} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatMoneyRange(product.variants.map((v) => v.price))}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(product.updatedAt)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )
                  })}
                </Table.Tbody>
              </Table>
            </TableContainer>
          )}
          <ListPagination
            page={query.data.page}
            totalPages={query.data.totalPages}
            totalDocs={query.data.totalDocs}
            label="Páginas de productos"
            onChange={list.setPage}
          />
        </Stack>
      )}
    </Stack>
  )
}
