import { lazy, Suspense } from 'react'

import { GuardedAddressPickerButton } from '@/app/address-change-guard'
import { BootFallback } from '@/app/boot-fallback'
import { CustomerLayout } from '@/components/layouts/customer-layout'
import { evaluateSellerContracts } from '@/features/admin-stores/utils/seller-contracts'
import { CartButton } from '@/features/cart/components/cart-button'
import { CartTab } from '@/features/cart/components/cart-tab'
import { useSelectedAddress } from '@/features/addresses/api/use-selected-address'
import { SearchBox } from '@/features/search/components/search-box'
import { useAppStore } from '@/lib/app-store'

// Same module as the lazy /admin route: one chunk, which customers never download. Evaluated
// after the schemas it reads, as the seller's pages are (seller-contracts.ts).
const AdminLayout = lazy(() =>
  evaluateSellerContracts()
    .then(() => import('@/components/layouts/admin-layout'))
    .then((m) => ({ default: m.AdminLayout })),
)

// The operator's layout (issue 24): its own lazy chunk, like the seller's.
const OperatorLayout = lazy(() =>
  import('@/app/routes/operator/operator-layout').then((m) => ({ default: m.OperatorLayout })),
)

/** The header's search box, near the selected address (app/ joins the two features). */
function HeaderSearch() {
  const { point } = useSelectedAddress()
  return <SearchBox point={point} />
}

/** Spec section 2: the layout follows the app type unless a route names its own. */
export function AppTypeLayout() {
  const appType = useAppStore((s) => s.appType)
  if (appType === 'operator') {
    return (
      <Suspense fallback={<BootFallback />}>
        <OperatorLayout />
      </Suspense>
    )
  }
  if (appType === 'admin') {
    return (
      <Suspense fallback={<BootFallback />}>
        <AdminLayout />
      </Suspense>
    )
  }
  return (
    <CustomerLayout
      headerBar={<GuardedAddressPickerButton />}
      headerCart={<CartButton phoneHidden />}
      navCart={<CartTab />}
      headerSearch={<HeaderSearch />}
    />
  )
}
