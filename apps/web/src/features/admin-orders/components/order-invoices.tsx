import type { AdminOrder } from '@barrio/contracts/admin-orders'
import type { Invoice } from '@barrio/contracts/invoicing'
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconReceipt, IconRefresh } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'

import {
  useDownloadInvoicePdf,
  useInvoiceOrder,
  useOrderInvoices,
} from '@/api/admin/orders/order-invoices'
import { ErrorState } from '@/components/errors/error-state'
import { formatDate, formatMoney } from '@/lib/format'

export const INVOICE_LABEL = 'Facturar'
export const RETRY_INVOICE_LABEL = 'Reintentar'
export const PENDING_INVOICE_LABEL = 'Factura pendiente'

/** Payment states of an order that has been paid (a refund keeps its invoice). */
const PAID = new Set<AdminOrder['paymentStatus']>(['paid', 'partially_refunded', 'refunded'])

function InvoiceRow({
  doc,
  onDownload,
  downloading,
}: {
  doc: Invoice
  onDownload: () => void
  downloading: boolean
}) {
  const pending = doc.status === 'pending'
  return (
    <Stack gap={4} component="li" data-testid="order-invoice">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {doc.label}
        </Text>
        <Text size="sm">{formatMoney(doc.total)}</Text>
      </Group>
      {pending ? (
        <Alert color="yellow" variant="light" p="xs" title={PENDING_INVOICE_LABEL}>
          <Text size="sm">{doc.error ?? 'Esperamos la respuesta de ARCA.'}</Text>
        </Alert>
      ) : (
        <>
          {doc.cae ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              CAE {doc.cae}
              {doc.caeDueDate ? ` · vence el ${formatDate(doc.caeDueDate)}` : ''}
            </Text>
          ) : null}
          {doc.pdfUrl ? (
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                loading={downloading}
                onClick={onDownload}
                aria-label={`Descargar PDF de ${doc.label}`}
              >
                Descargar PDF
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  )
}

/**
 * The order's invoice and credit notes through ARCA (issue 27): each document with its CAE and
 * PDF, "Factura pendiente" with ARCA's reason while the outbox retries, "Facturar" for a paid
 * order without an invoice and "Reintentar" for a pending one.
 */
export function OrderInvoices({ order, storeId }: { order: AdminOrder; storeId: string | null }) {
  const query = useOrderInvoices(storeId, order._id)
  const invoice = useInvoiceOrder(storeId, order._id)
  const download = useDownloadInvoicePdf()
  const docs = query.data ?? []
  const hasPending = docs.some((doc) => doc.status === 'pending')
  const hasInvoice = docs.some((doc) => doc.kind === 'invoice')
  const paid = PAID.has(order.paymentStatus)
  // Paid or refunded here (a store invoicing by itself queues the document then): ask again.
  const seenStatus = useRef(order.paymentStatus)
  const { refetch } = query
  useEffect(() => {
    if (seenStatus.current === order.paymentStatus) return
    seenStatus.current = order.paymentStatus
    void refetch()
  }, [order.paymentStatus, refetch])

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="order-invoices">
      <Title order={2} fz="lg" mb="sm" id="order-invoices">
        Factura
      </Title>
      {query.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Cargando facturas…
          </Text>
        </Group>
      ) : query.isError ? (
        <ErrorState
          title="No pudimos cargar las facturas"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : (
        <Stack gap="sm">
          {docs.length > 0 ? (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {docs.map((doc) => (
                <InvoiceRow
                  key={doc._id}
                  doc={doc}
                  downloading={download.isPending && download.variables?._id === doc._id}
                  onDownload={() => download.mutate(doc)}
                />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {paid
                ? 'Este pedido todavía no tiene factura.'
                : 'Vas a poder facturar cuando el pedido esté pagado.'}
            </Text>
          )}
          {hasPending ? (
            <Group>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={invoice.isPending}
                onClick={() => invoice.mutate()}
              >
                {RETRY_INVOICE_LABEL}
              </Button>
            </Group>
          ) : paid && !hasInvoice ? (
            <Group>
              <Button
                size="sm"
                leftSection={<IconReceipt size={16} aria-hidden />}
                loading={invoice.isPending}
                onClick={() => invoice.mutate()}
              >
                {INVOICE_LABEL}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Card>
  )
}
