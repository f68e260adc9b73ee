import type { Product } from '@barrio/contracts/products'
import type { Store } from '@barrio/contracts/stores'
import { Pagination, SimpleGrid } from '@mantine/core'

import { ProductCard } from '@/features/catalog/components/product-card'
import { PRODUCT_GRID_COLS, STORE_GRID_COLS } from '@/features/catalog/components/query-states'
import { StoreCard } from '@/features/catalog/components/store-card'

import classes from './catalog.module.css'

export function StoreGrid({
  stores,
  label,
  headingLevel,
}: {
  stores: Store[]
  label: string
  /** The cards' heading level: one below the heading the grid sits under. */
  headingLevel?: 2 | 3
}) {
  return (
    <SimpleGrid
      cols={STORE_GRID_COLS}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {stores.map((store, index) => (
        <li key={store._id} className={classes.gridItem}>
          <StoreCard store={store} priority={index === 0} headingLevel={headingLevel} />
        </li>
      ))}
    </SimpleGrid>
  )
}

export function ProductGrid({
  products,
  label,
  showStore = true,
  dimmed = false,
}: {
  products: Product[]
  label: string
  showStore?: boolean
  /** The previous page stays visible, dimmed, while the next one loads. */
  dimmed?: boolean
}) {
  return (
    <SimpleGrid
      cols={PRODUCT_GRID_COLS}
      spacing={{ base: 'sm', sm: 'md' }}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: dimmed ? 0.6 : 1 }}
      aria-label={label}
      aria-busy={dimmed || undefined}
    >
      {products.map((product) => (
        <li key={product._id} className={classes.gridItem}>
          <ProductCard product={product} showStore={showStore} />
        </li>
      ))}
    </SimpleGrid>
  )
}

/** Mantine pagination with Spanish labels; hidden when there is one page. */
export function Pager({
  page,
  totalPages,
  onChange,
  label = 'Páginas',
}: {
  page: number
  totalPages: number
  onChange: (page: number) => void
  label?: string
}) {
  if (totalPages <= 1) return null
  return (
    <nav aria-label={label}>
      <Pagination
        total={totalPages}
        value={Math.min(page, totalPages)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
        getControlProps={(control) => ({
          'aria-label':
            control === 'next'
              ? 'Página siguiente'
              : control === 'previous'
                ? 'Página anterior'
                : control === 'first'
                  ? 'Primera página'
                  : 'Última página',
        })}
      />
    </nav>
  )
}
