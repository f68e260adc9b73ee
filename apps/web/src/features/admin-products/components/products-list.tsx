import type { AdminProduct } from '@barrio/contracts/admin-products'
import type { BulkPriceFilter } from '@barrio/contracts/price-changes'
import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core'
import {
  IconArchive,
  IconFileDownload,
  IconFileUpload,
  IconHistory,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconTrendingUp,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn, SortOption } from '@/components/admin/list/data-list-types'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import {
  archiveAdminProduct,
  useArchiveProduct,
  useRefreshProducts,
} from '@/api/admin/products/archive-product'
import { useAdminProducts } from '@/api/admin/products/get-products'
import { useDownloadCatalogCsv } from '@/api/admin/products/catalog-csv'
import { collectionOptionsQueryOptions } from '@/api/admin/collections/get-collection-options'
import { ProductFilters } from '@/features/admin-products/components/product-filters'
import { ProductBadges } from '@/features/admin-products/components/product-status-badge'
import { describeFilter } from '@/features/admin-products/utils/bulk-price'
import {
  buildProductFilter,
  buildProductListParams,
  productFiltersOf,
  productListSchema,
} from '@/features/admin-products/utils/product-filter'
import { useAppStore } from '@/lib/app-store'
import { formatDateTime, formatMoneyRange, plural } from '@/lib/format'
import { lazyOnOpen } from '@/lib/lazy-on-open'
import { useCan } from '@/lib/store-role'

// Bulk price changes (issue 28): their code loads on first opening.
const BulkPriceModal = lazyOnOpen(() =>
  import('@/features/admin-products/components/bulk-price-modal').then((m) => m.BulkPriceModal),
)
const BulkPriceHistory = lazyOnOpen(() =>
  import('@/features/admin-products/components/bulk-price-history').then((m) => m.BulkPriceHistory),
)
// The catalogue as a spreadsheet (issue 28, decision 055).
const CatalogImportModal = lazyOnOpen(() =>
  import('@/features/admin-products/components/catalog-import-modal').then(
    (m) => m.CatalogImportModal,
  ),
)

const SORT_OPTIONS: SortOption[] = [
  { value: '-updatedAt', label: 'Más recientes' },
  { value: 'updatedAt', label: 'Más antiguos' },
  { value: 'title', label: 'Título (A–Z)' },
  { value: '-title', label: 'Título (Z–A)' },
  { value: 'price', label: 'Precio: menor a mayor' },
  { value: '-price', label: 'Precio: mayor a menor' },
  { value: 'stock', label: 'Stock: menor a mayor' },
  { value: '-stock', label: 'Stock: mayor a menor' },
]

const nowrap = { whiteSpace: 'nowrap' } as const

function mainImage(product: AdminProduct) {
  const media = product.media.find((m) => m.isMain) ?? product.media[0]
  return media ? (media.thumbUrl ?? media.url) : null
}

const COLUMNS: Array<ListColumn<AdminProduct>> = [
  {
    key: 'image',
    header: 'Imagen',
    hideHeader: true,
    card: 'hidden',
    cell: (product) => (
      <Avatar src={mainImage(product)} alt="" radius="sm" size="md">
        <IconPhoto size={18} aria-hidden />
      </Avatar>
    ),
  },
  {
    key: 'title',
    header: 'Producto',
    sortField: 'title',
    firstDirection: 'asc',
    card: 'title',
    cell: (product) => (
      <>
        <Anchor
          component={Link}
          to={paths.admin.product.getHref(product._id)}
          fw={600}
          lineClamp={2}
        >
          {product.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {plural(product.variants.length, 'variante', 'variantes')}
        </Text>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Estado',
    card: 'plain',
    cell: (product) => <ProductBadges product={product} />,
  },
  {
    key: 'stock',
    header: 'Stock',
    sortField: 'stock',
    cell: ({ totalStock }) => (
      <Text
        size="sm"
        c={totalStock === 0 ? 'red' : undefined}
        fw={totalStock === 0 ? 600 : undefined}
      >
        {totalStock === 0 ? 'Sin stock' : totalStock}
      </Text>
    ),
  },
  {
    key: 'price',
    header: 'Precio',
    sortField: 'price',
    cell: (product) => (
      <Text size="sm" style={nowrap}>
        {formatMoneyRange(product.variants.map((v) => v.price))}
      </Text>
    ),
  },
  {
    key: 'updatedAt',
    header: 'Actualizado',
    sortField: 'updatedAt',
    cell: (product) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(product.updatedAt)}
      </Text>
    ),
  },
]

const archiveQuestion = (count: number, title?: string) => ({
  message:
    count === 1 && title
      ? `¿Querés archivar ${title}?`
      : `¿Querés archivar ${plural(count, 'producto seleccionado', 'productos seleccionados')}?`,
  smallText: 'Dejan de verse en tu tienda; podés volver a publicarlos desde cada producto.',
})

/** Products of the selected store: filters, sortable columns, 10 per page, archive. */
export function ProductsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const navigate = useNavigate()
  // The threshold only counts with "Solo stock bajo" on; like the sort, clearing keeps it.
  const list = useListState(productListSchema, { notFilters: ['sort', 'below'] })
  const { values } = list
  const query = useAdminProducts(
    buildProductListParams(productFiltersOf(values), values.page, values.sort),
  )
  const collections = useQuery(collectionOptionsQueryOptions(storeId))
  const archive = useArchiveProduct(storeId)
  const refresh = useRefreshProducts(storeId)
  const canSetPrices = useCan('prices')
  // "Actualizar precios": the list's filter, or the rows picked in it.
  // Kept once closed, so the dialog's closing transition still reads the same products.
  const [bulkPrice, setBulkPrice] = useState<{
    open: boolean
    filter: BulkPriceFilter
    label?: string
  }>({ open: false, filter: {} })
  const [historyOpen, setHistoryOpen] = useState(false)
  const canEditProducts = useCan('products')
  const exportCsv = useDownloadCatalogCsv()
  const [importOpen, setImportOpen] = useState(false)

  return (
    <Stack gap="md">
      <Group gap="xs">
        {canSetPrices ? (
          <>
            <Button
              variant="light"
              leftSection={<IconTrendingUp size={16} aria-hidden />}
              onClick={() =>
                setBulkPrice(() => {
                  const filter = buildProductFilter(productFiltersOf(values)) ?? {}
                  const collection = collections.data?.find((c) => c.value === filter.collectionId)
                  return { open: true, filter, label: describeFilter(filter, collection?.label) }
                })
              }
            >
              Actualizar precios
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconHistory size={16} aria-hidden />}
              onClick={() => setHistoryOpen(true)}
            >
              Historial de precios
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              onClick={() => setImportOpen(true)}
            >
              Importar CSV o Excel
            </Button>
          </>
        ) : null}
        {canEditProducts ? (
          <Button
            variant="subtle"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate('semicolon')}
          >
            Exportar CSV
          </Button>
        ) : null}
      </Group>
      <CatalogImportModal
        open={importOpen}
        opened={importOpen}
        onClose={() => setImportOpen(false)}
      />
      <BulkPriceModal
        open={bulkPrice.open}
        opened={bulkPrice.open}
        onClose={() => setBulkPrice({ ...bulkPrice, open: false })}
        filter={bulkPrice.filter}
        scopeLabel={bulkPrice.label}
      />
      <BulkPriceHistory
        open={historyOpen}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
      />
      <ProductFilters
        value={values}
        searchText={list.searchText}
        onSearchTextChange={list.setSearchText}
        onChange={list.set}
        onClear={list.clearFilters}
        hasFilters={list.hasFilters}
        collections={collections.data ?? []}
      />
      <DataList
        label="Productos"
        errorTitle="No pudimos cargar tus productos"
        query={query}
        waiting={!storeId}
        columns={COLUMNS}
        rowKey={(product) => product._id}
        rowLabel={(product) => product.title}
        sort={{
          value: values.sort,
          options: SORT_OPTIONS,
          onChange: (sort) => list.set({ sort: productListSchema.shape.sort.parse(sort) }),
        }}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ningún producto coincide con los filtros"
        empty={{
          title: 'Todavía no cargaste productos',
          description: 'Creá tu primer producto con sus fotos, precios y stock.',
          action: (
            <Button
              component={Link}
              to={paths.admin.productNew.getHref()}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Nuevo producto
            </Button>
          ),
        }}
        minWidth={760}
        rowActions={(product) => [
          {
            label: 'Editar',
            icon: <IconPencil size={14} aria-hidden />,
            onClick: () => void navigate(paths.admin.product.getHref(product._id)),
          },
          ...(product.status === 'archived'
            ? []
            : [
                {
                  label: 'Archivar',
                  color: 'red',
                  icon: <IconArchive size={14} aria-hidden />,
                  onClick: () =>
                    void confirm(archiveQuestion(1, product.title)).then((ok) => {
                      if (ok) archive.mutate({ id: product._id, title: product.title })
                    }),
                },
              ]),
        ]}
        bulkActions={[
          ...(canSetPrices
            ? [
                {
                  label: 'Actualizar precios',
                  open: (products: AdminProduct[]) =>
                    setBulkPrice({
                      open: true,
                      filter: { productIds: products.map((p) => p._id) },
                      label: plural(products.length, 'producto elegido', 'productos elegidos'),
                    }),
                },
              ]
            : []),
          {
            label: 'Archivar',
            color: 'red',
            applies: (product) => product.status !== 'archived',
            confirm: (products) => archiveQuestion(products.length, products[0]?.title),
            run: (product) => archiveAdminProduct(product._id),
            doneMessage: (count) => `Archivaste ${plural(count, 'producto', 'productos')}.`,
            onSettled: refresh,
          },
        ]}
      />
    </Stack>
  )
}
