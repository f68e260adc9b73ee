import { lazy, Suspense } from 'react'

import { GuardedAddressPickerButton } from '@/app/address-change-guard'
import { BootFallback } from '@/app/boot-fallback'
import { CustomerLayout } from '@/components/layouts/customer-layout'
import { CartButton } from '@/features/cart/components/cart-button'
import { CartTab } from '@/features/cart/components/cart-tab'
import { useAppStore } from '@/lib/app-store'

// Same module as the lazy /admin route: one chunk, which customers never download.
const AdminLayout = lazy(() =>
  import('@/components/layouts/admin-layout').then((m) => ({ default: m.AdminLayout })),
)

/** Spec section 2: the layout follows the app type unless a route names its own. */
export function AppTypeLayout() {
  const appType = useAppStore((s) => s.appType)
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
    />
  )
}
