import { Button, Group, Text } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconPrinter } from '@tabler/icons-react'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { paths, type TicketFormat } from '@/config/paths'
import { adminOrderQueryOptions } from '@/api/admin/orders/get-order'
import { sessionStoresQueryOptions } from '@/api/admin/stores/get-stores'
import {
  OrderTicket,
  pageRule,
  TICKET_FORMATS,
  ticketKind,
} from '@/features/admin-orders/components/order-ticket'
import classes from '@/features/admin-orders/components/order-ticket.module.css'
import { applyStoreSelection } from '@/features/admin-stores/utils/store-selection'
import { useAppStore } from '@/lib/app-store'

/** At most this many tickets in one bulk print (the orders list's page is smaller). */
export const MAX_TICKETS = 50

const FORMAT_LABELS: Record<TicketFormat, string> = {
  '80mm': 'Comanda 80 mm',
  '58mm': 'Comanda 58 mm',
  a4: 'Remito A4',
}

export function ticketFormatFrom(value: string | null): TicketFormat {
  return (TICKET_FORMATS as readonly string[]).includes(value ?? '')
    ? (value as TicketFormat)
    : '80mm'
}

/**
 * The print pages live outside the back office's frame (no menu, no header): the selected store
 * is still chosen the way the frame chooses it, since a print tab may be the first one open.
 */
function usePrintStore(): string | null {
  const queryClient = useQueryClient()
  const stores = useQuery(sessionStoresQueryOptions())
  useEffect(() => {
    if (stores.data) applyStoreSelection(queryClient, stores.data)
  }, [stores.data, queryClient])
  return useAppStore((s) => s.selectedStoreId)
}

/** The back office's address of an order, for the ticket's QR. */
function backOfficeUrl(orderId: string): string {
  return new URL(paths.admin.order.getHref(orderId), window.location.origin).toString()
}

/**
 * Tickets of one or more orders on the chosen paper (decision 052), each starting a new page.
 * Once every order is loaded the browser's print dialog opens, once, unless `?autoprint=0`.
 */
function PrintSheet({ ids, hrefFor }: { ids: string[]; hrefFor: (f: TicketFormat) => string }) {
  const [params] = useSearchParams()
  const format = ticketFormatFrom(params.get('format'))
  const autoprint = params.get('autoprint') !== '0'
  const storeId = usePrintStore()
  const orders = useQueries({
    queries: ids.map((id) => adminOrderQueryOptions(storeId, id)),
  })
  const loaded = orders.flatMap((q) => (q.data ? [q.data] : []))
  const ready = ids.length > 0 && loaded.length === ids.length
  const failed = orders.find((q) => q.isError)
  const kind = ticketKind(format)
  useDocumentTitle(
    loaded.length === 1 ? `${kind} del pedido #${loaded[0]!.number} · Barrio` : `${kind}s · Barrio`,
  )

  const printed = useRef(false)
  useEffect(() => {
    if (!ready || !autoprint || printed.current) return
    printed.current = true
    // After the paint: the dialog prints what is on screen.
    const timer = window.setTimeout(() => window.print(), 300)
    return () => window.clearTimeout(timer)
  }, [ready, autoprint])

  return (
    <main className={classes.screen}>
      <style>{pageRule(format)}</style>
      {/* A plain wrapper: Mantine's own display rule on Group must not beat the print rule. */}
      <div className={classes.tools}>
        <Group gap="xs" justify="center">
          {TICKET_FORMATS.map((f) => (
            <Button
              key={f}
              component={Link}
              to={hrefFor(f)}
              replace
              size="xs"
              variant={f === format ? 'filled' : 'default'}
              aria-current={f === format ? 'page' : undefined}
            >
              {FORMAT_LABELS[f]}
            </Button>
          ))}
          <Button
            size="xs"
            leftSection={<IconPrinter size={14} aria-hidden />}
            disabled={!ready}
            onClick={() => window.print()}
          >
            Imprimir
          </Button>
        </Group>
      </div>
      {ids.length === 0 ? (
        <Text ta="center">Elegí al menos un pedido para imprimir.</Text>
      ) : failed ? (
        <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !ready ? (
        <LoadingState label="Preparando para imprimir…" />
      ) : (
        loaded.map((order) => (
          <OrderTicket
            key={order._id}
            order={order}
            format={format}
            backOfficeUrl={backOfficeUrl(order._id)}
          />
        ))
      )}
    </main>
  )
}

/** /admin/orders/{id}/print?format=80mm|58mm|a4[&autoprint=0]: one order's comanda or remito. */
export function OrderPrintPage() {
  const { orderId = '' } = useParams()
  const [params] = useSearchParams()
  const keep = params.get('autoprint') === '0' ? '&autoprint=0' : ''
  return (
    <PrintSheet
      ids={[orderId]}
      hrefFor={(f) => `${paths.admin.orderPrint.getHref(orderId, f)}${keep}`}
    />
  )
}

/** /admin/orders/print?ids=a,b,c&format=…: the bulk print of the orders list. */
export function OrdersPrintPage() {
  const [params] = useSearchParams()
  const ids = [
    ...new Set(
      (params.get('ids') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX_TICKETS)
  const keep = params.get('autoprint') === '0' ? '&autoprint=0' : ''
  return (
    <PrintSheet ids={ids} hrefFor={(f) => `${paths.admin.ordersPrint.getHref(ids, f)}${keep}`} />
  )
}
