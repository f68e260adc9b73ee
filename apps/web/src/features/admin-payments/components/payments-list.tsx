import {
  PAYMENT_TRANSACTION_KIND_LABELS,
  PAYMENT_TRANSACTION_STATUS_LABELS,
  type AdminPayment,
  type PaymentTransactionStatus,
} from '@barrio/contracts/admin-payments'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { Link } from 'react-router'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { useListState } from '@/components/admin/list/use-list-state'
import { paths } from '@/config/paths'
import { useDownloadPaymentsCsv } from '@/api/admin/payments/download-payments-csv'
import { useAdminPayments } from '@/api/admin/payments/get-payments'
import { PaymentFilters } from '@/features/admin-payments/components/payment-filters'
import { PaymentTotals } from '@/features/admin-payments/components/payment-totals'
import {
  buildPaymentFilter,
  buildPaymentListParams,
  paymentListSchema,
  paymentRange,
  type DayRange,
  type PaymentListValues,
} from '@/features/admin-payments/utils/payment-list'
import { useAppStore } from '@/lib/app-store'
import { formatDateTime, formatMoney } from '@/lib/format'

const nowrap = { whiteSpace: 'nowrap' } as const
const STATUS_COLORS: Record<PaymentTransactionStatus, string> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
}

const COLUMNS: Array<ListColumn<AdminPayment>> = [
  {
    key: 'order',
    header: 'Pedido',
    card: 'title',
    cell: (p) => (
      <Anchor
        component={Link}
        to={paths.admin.order.getHref(p.orderId)}
        fw={700}
        aria-label={`Pedido #${p.orderNumber}`}
      >
        #{p.orderNumber}
      </Anchor>
    ),
  },
  {
    key: 'createdAt',
    header: 'Fecha',
    cell: (p) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(p.createdAt)}
      </Text>
    ),
  },
  {
    key: 'customer',
    header: 'Cliente',
    cell: (p) => (
      <Text size="sm" lineClamp={1}>
        {p.customerName}
      </Text>
    ),
  },
  {
    key: 'method',
    header: 'Medio',
    cell: (p) => <Text size="sm">{PAYMENT_METHOD_LABELS[p.method]}</Text>,
  },
  {
    key: 'amount',
    header: 'Monto',
    cell: (p) => (
      <Text size="sm" fw={600} style={nowrap} c={p.kind === 'refund' ? 'red' : undefined}>
        {p.kind === 'refund' ? `−${formatMoney(p.amount)}` : formatMoney(p.amount)}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Estado',
    nowrap: true,
    cell: (p) => (
      <Group gap={4} wrap="nowrap">
        <Badge variant="light" color={p.kind === 'refund' ? 'gray' : 'blue'}>
          {PAYMENT_TRANSACTION_KIND_LABELS[p.kind]}
        </Badge>
        <Badge variant="light" color={STATUS_COLORS[p.status]}>
          {PAYMENT_TRANSACTION_STATUS_LABELS[p.status]}
        </Badge>
      </Group>
    ),
  },
  {
    key: 'fee',
    header: 'Comisión / neto',
    cell: (p) =>
      p.fee === null && p.net === null ? (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ) : (
        <Text size="sm" style={nowrap}>
          {p.fee !== null ? formatMoney(p.fee) : '—'} / {p.net !== null ? formatMoney(p.net) : '—'}
        </Text>
      ),
  },
  {
    key: 'providerPaymentId',
    header: 'ID de pago',
    cell: (p) => (
      <Text size="xs" c="dimmed" ff="monospace">
        {p.providerPaymentId ?? '—'}
      </Text>
    ),
  },
]

/**
 * The columns worth showing for these rows: "Comisión / neto" and "ID de pago" only when a row has
 * one (Mercado Pago's); cash and transfer pages leave their room to the customer's name (issue 30).
 */
export function paymentColumns(rows: readonly AdminPayment[]): Array<ListColumn<AdminPayment>> {
  const hasFee = rows.some((p) => p.fee !== null || p.net !== null)
  const hasProviderId = rows.some((p) => p.providerPaymentId !== null)
  return COLUMNS.filter(
    (column) =>
      (column.key !== 'fee' || hasFee) && (column.key !== 'providerPaymentId' || hasProviderId),
  )
}

/** The ledger: totals for the period, filters in the URL, 25 rows a page, CSV of the filter. */
export function PaymentsList() {
  const list = useListState(paymentListSchema, { notFilters: ['period', 'from', 'to'] })
  const { values } = list
  const { range, errors } = paymentRange(values)
  // One tree whatever the period: the date fields keep their focus while a day is typed.
  return (
    <Stack gap="md">
      <PaymentFilters value={values} range={range} errors={errors} onChange={list.set} />
      {range === null ? (
        <Text size="sm" c="dimmed">
          Elegí un período válido para ver los pagos.
        </Text>
      ) : (
        <Ledger values={values} range={range} list={list} />
      )}
    </Stack>
  )
}

/** Totals, CSV and rows of a valid period. */
function Ledger({
  values,
  range,
  list,
}: {
  values: PaymentListValues
  range: DayRange
  list: Pick<ReturnType<typeof useListState>, 'setPage' | 'hasFilters' | 'clearFilters'>
}) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useAdminPayments(buildPaymentListParams(values, range))
  const download = useDownloadPaymentsCsv()
  const columns = paymentColumns(query.data?.docs ?? [])

  return (
    <>
      <PaymentTotals range={range} />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          disabled={!storeId}
          onClick={() =>
            download.mutate({
              query: JSON.stringify(buildPaymentFilter(values, range)),
              filename: `pagos-${range.from}-${range.to}.csv`,
            })
          }
        >
          Descargar CSV
        </Button>
      </Group>
      <DataList
        label="Pagos"
        errorTitle="No pudimos cargar tus pagos"
        query={query}
        waiting={!storeId}
        columns={columns}
        rowKey={(p) => p._id}
        rowLabel={(p) => `${PAYMENT_TRANSACTION_KIND_LABELS[p.kind]} del pedido #${p.orderNumber}`}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ningún pago coincide con los filtros"
        empty={{
          title: 'No hay pagos en este período',
          description:
            'Cuando Mercado Pago apruebe un pago o marques un pedido como pagado, aparece acá.',
        }}
        minWidth={columns.length < COLUMNS.length ? 720 : 900}
      />
    </>
  )
}
