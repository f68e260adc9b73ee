import { Alert, Button, Stack } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useCallback } from 'react'

import { LoadingState } from '@/components/admin/page-states'
import { useDashboard } from '@/api/admin/dashboard/get-dashboard'
import { useDashboardLive } from '@/api/admin/dashboard/use-dashboard-live'
import { usePrintingSettings } from '@/api/admin/settings/printing-settings'
import { AttentionCard } from '@/features/admin-dashboard/components/attention-card'
import { FirstDayChecklist } from '@/features/admin-dashboard/components/first-day-checklist'
import { LatestOrders } from '@/features/admin-dashboard/components/latest-orders'
import { SalesCards } from '@/features/admin-dashboard/components/sales-cards'
import { TodaySlots } from '@/features/admin-dashboard/components/today-slots'
import { printNewOrder } from '@/features/admin-dashboard/utils/auto-print'
import {
  dashboardTitle,
  notifyNewOrder,
  playBeep,
} from '@/features/admin-dashboard/utils/new-order-alerts'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'

/**
 * The selected store's figures, live: a new order refetches them, beeps and (when allowed)
 * notifies. `storeOpen` comes from the store itself, so the checklist follows the open switch.
 */
export function DashboardOverview({ storeOpen }: { storeOpen?: boolean | undefined }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const { data, isPending, isError, error, refetch, isFetching } = useDashboard()
  const storeName = data?.store.name ?? 'tu tienda'
  // "Imprimir automáticamente los pedidos nuevos" (decision 052): each new order's comanda.
  const autoPrint = usePrintingSettings().data?.autoPrintNewOrders ?? false
  const onNewOrder = useCallback(
    (orderId: string) => {
      playBeep()
      notifyNewOrder(storeName)
      if (autoPrint) printNewOrder(orderId)
    },
    [storeName, autoPrint],
  )
  useDashboardLive(storeId, onNewOrder)

  if (!storeId) return null
  if (isPending) return <LoadingState label="Cargando el resumen de hoy…" />
  if (isError)
    return (
      <Alert color="red" title="No pudimos cargar el resumen">
        <Stack gap="xs" align="flex-start">
          {getErrorMessage(error)}
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void refetch()}
            loading={isFetching}
          >
            Reintentar
          </Button>
        </Stack>
      </Alert>
    )
  return (
    <Stack gap="md">
      <FirstDayChecklist
        checklist={{ ...data.checklist, storeOpen: storeOpen ?? data.checklist.storeOpen }}
      />
      <SalesCards today={data.today} lastWeek={data.lastWeek} />
      <AttentionCard data={data} />
      <TodaySlots slots={data.slots} date={data.slotsDate} />
      <LatestOrders orders={data.latestOrders} />
    </Stack>
  )
}

/**
 * "(3) Panel · Barrio Vendedores" while orders wait. Render it after the page frame: sibling
 * effects run in order, so it has the last word over the frame's own title.
 */
export function DashboardDocumentTitle() {
  const { data } = useDashboard()
  const waiting = data
    ? data.waiting.toPrepare + data.waiting.readyForPickup + data.waiting.outForDelivery
    : null
  useDocumentTitle(dashboardTitle(waiting))
  return null
}
