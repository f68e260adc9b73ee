import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { AdminPage } from '@/components/admin/admin-page'
import { useDashboardStores } from '@/api/admin/dashboard/get-dashboard-stores'
import {
  DashboardDocumentTitle,
  DashboardOverview,
} from '@/features/admin-dashboard/components/dashboard-overview'
import { AutoPrintSwitch } from '@/features/admin-dashboard/components/auto-print-switch'
import { NewOrderAlertsButton } from '@/features/admin-dashboard/components/new-order-alerts-button'
import { StoreLines, type StoreLine } from '@/features/admin-dashboard/components/store-lines'
import { sessionStoresQueryOptions } from '@/api/admin/stores/get-stores'
import { SelectedStoreCard } from '@/features/admin-stores/components/store-summary-card'
import { selectStore } from '@/features/admin-stores/utils/store-selection'
import { useAppStore } from '@/lib/app-store'
import { askForPushPermission } from '@/lib/native/push-hooks'

/**
 * The seller's home: the selected store (with its open switch), a line per store for owners of
 * several, and the store's day: figures, what waits, latest orders and the first-day checklist.
 */
export function AdminDashboardPage() {
  const queryClient = useQueryClient()
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  // Native: a seller on the dashboard is asked once for notifications (new orders, payments).
  useEffect(() => askForPushPermission('seller-dashboard'), [])
  const { data: stores } = useQuery(sessionStoresQueryOptions())
  const lines = useDashboardStores()
  const store = stores?.find((s) => s._id === selectedStoreId)
  // The open switch updates the seller's stores at once: the lines follow it without a refetch.
  // Before the day's figures arrive, the stores the switcher knows hold the lines' place.
  const storeLines: StoreLine[] = lines.isPending
    ? (stores ?? []).map(({ _id, name, isOpen }) => ({ _id, name, isOpen }))
    : (lines.data ?? []).map((line) => ({
        ...line,
        isOpen: stores?.find((s) => s._id === line._id)?.isOpen ?? line.isOpen,
      }))
  return (
    <>
      <AdminPage
        title="Panel"
        description="Cómo viene el día en tu tienda."
        actions={<NewOrderAlertsButton />}
      >
        <AutoPrintSwitch />
        <SelectedStoreCard />
        <StoreLines
          stores={storeLines}
          selectedStoreId={selectedStoreId}
          onSelect={(id) => selectStore(queryClient, id)}
        />
        <DashboardOverview storeOpen={store?.isOpen} />
      </AdminPage>
      <DashboardDocumentTitle />
    </>
  )
}
