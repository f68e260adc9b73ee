import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { AdminPage } from '@/components/admin/admin-page'
import { AdminLayout } from '@/components/layouts/admin-layout'
import { paths } from '@/config/paths'
import { sessionStoresQueryOptions } from '@/api/admin/stores/get-stores'
import { NoStoresState } from '@/features/admin-stores/components/no-stores-state'
import { StoreSwitcher } from '@/features/admin-stores/components/store-switcher'
import { SuspensionBanner } from '@/features/admin-stores/components/suspension-banner'
import { useCanOpenStores } from '@/features/admin-stores/hooks/use-can-open-stores'
import { applyStoreSelection } from '@/features/admin-stores/utils/store-selection'
import { PendingWithdrawalsBadge } from '@/features/admin-withdrawals/components/pending-withdrawals-badge'
import { useAppStore } from '@/lib/app-store'
import { StoreRoleProvider } from '@/lib/store-role'

/** Issue 27: the pending botón de arrepentimiento requests beside their section. */
const NAV_BADGES = { [paths.admin.withdrawals.getHref()]: <PendingWithdrawalsBadge /> }

/**
 * The /admin route element: the admin layout with the store switcher. It keeps the selected store
 * valid whenever the store list changes, and with no stores yet it shows the way to create one
 * instead of pages that would need a store.
 */
export function AdminShell() {
  const queryClient = useQueryClient()
  const { pathname } = useLocation()
  const stores = useQuery(sessionStoresQueryOptions())
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  const canOpenStores = useCanOpenStores()
  const selectedStore = stores.data?.find((store) => store._id === selectedStoreId)
  const role = selectedStore?.role ?? null
  // "Ver mi tienda": the public page of the selected store, while customers can see it (not
  // archived by its team, not suspended by Barrio).
  const shopHref =
    selectedStore?.status === 'active' && !selectedStore.suspension
      ? paths.shop.getHref(selectedStore.handle)
      : null

  useEffect(() => {
    if (stores.data) applyStoreSelection(queryClient, stores.data)
  }, [stores.data, queryClient])

  const onStorePages = pathname.startsWith(paths.admin.stores.getHref())
  const showNoStores = stores.data?.length === 0 && !onStorePages

  return (
    <StoreRoleProvider role={role}>
      <AdminLayout storeSwitcher={<StoreSwitcher />} shopHref={shopHref} navBadges={NAV_BADGES}>
        {showNoStores ? (
          <AdminPage title={canOpenStores ? 'Creá tu tienda' : 'Sin tiendas'}>
            <NoStoresState />
          </AdminPage>
        ) : stores.isError ? (
          <>
            <ErrorState
              title="No pudimos cargar tus tiendas"
              error={stores.error}
              onRetry={() => void stores.refetch()}
              retrying={stores.isFetching}
              mb="md"
            />
            <Outlet />
          </>
        ) : selectedStore?.suspension ? (
          <>
            <SuspensionBanner store={selectedStore} />
            <Outlet />
          </>
        ) : undefined}
      </AdminLayout>
    </StoreRoleProvider>
  )
}
