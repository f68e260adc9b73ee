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
import { useDownloadPaymentsCsv } from '@/features/seller-payments/api/download-payments-csv'
import { useAdminPayments } from '@/features/seller-payments/api/get-admin-payments'
import { PaymentFilters } from '@/features/seller-payments/components/payment-filters'
import { PaymentTotals } from '@/features/seller-payments/components/payment-totals'
import {
  buildPaymentFilter,
  buildPaymentListParams,
  paymentListSchema,
  paymentRange,
  type DayRange,
  type PaymentListValues,
} from '@/features/seller-payments/utils/payment-list'
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
        columns={COLUMNS}
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
        minWidth={900}
      />
    </>
  )
}
