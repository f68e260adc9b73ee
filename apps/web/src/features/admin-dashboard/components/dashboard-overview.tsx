import { Alert, Button, Stack } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useCallback, useDeferredValue } from 'react'

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
  // The day's figures render in the background when they arrive (decision 032's lists): five
  // cards at once were a task of 40-60 ms on this machine, four times that on a phone (issue 29).
  const shown = useDeferredValue(data)

  if (!storeId) return null
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
  if (isPending || !shown) return <LoadingState label="Cargando el resumen de hoy…" />
  return (
    <Stack gap="md">
      <FirstDayChecklist
        checklist={{ ...shown.checklist, storeOpen: storeOpen ?? shown.checklist.storeOpen }}
      />
      <SalesCards today={shown.today} lastWeek={shown.lastWeek} />
      <AttentionCard data={shown} />
      <TodaySlots slots={shown.slots} date={shown.slotsDate} />
      <LatestOrders orders={shown.latestOrders} />
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
