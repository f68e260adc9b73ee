import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import { openAddressPicker } from '@/features/addresses/utils/address-picker-store'
import { Pager, ProductGrid, StoreGrid } from '@/features/catalog/components/catalog-grids'
import { ProductGridSkeleton, StoreGridSkeleton } from '@/features/catalog/components/query-states'
import { SearchResults, type SearchCatalog } from '@/features/search/components/search-results'

/** The results look like the home's lists: the catalogue's own grids, pager and skeletons. */
const CATALOG: SearchCatalog = {
  ProductGrid,
  StoreGrid,
  Pager,
  ProductGridSkeleton,
  StoreGridSkeleton,
}

/**
 * /search?q= (issue 25, a route beyond the spec's list): products and shops near the selected
 * address; without one, a prompt that opens the address picker.
 */
export function SearchPage() {
  const { point, isLoading } = useSelectedAddress()
  return (
    <SearchResults
      point={point}
      addressLoading={isLoading}
      onChooseAddress={openAddressPicker}
      catalog={CATALOG}
    />
  )
}
