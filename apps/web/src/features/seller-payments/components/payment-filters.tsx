import {
  PAYMENT_TRANSACTION_STATUSES,
  PAYMENT_TRANSACTION_STATUS_LABELS,
} from '@barrio/contracts/admin-payments'
import { PAYMENT_METHODS } from '@barrio/contracts/enums'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { Select, SimpleGrid } from '@mantine/core'

import {
  PAYMENT_PERIODS,
  PAYMENT_PERIOD_LABELS,
  paymentListSchema,
  type PaymentListValues,
} from '@/features/seller-payments/utils/payment-list'

export const PAYMENT_FILTER_LABELS = {
  period: 'Período',
  method: 'Medio de pago',
  status: 'Estado',
} as const

const PERIOD_OPTIONS = PAYMENT_PERIODS.map((value) => ({
  value,
  label: PAYMENT_PERIOD_LABELS[value],
}))
const METHOD_OPTIONS = [
  { value: 'all', label: 'Todos' },
  ...PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
]
const STATUS_OPTIONS = [
  { value: 'all', label: 'Todos' },
  ...PAYMENT_TRANSACTION_STATUSES.map((value) => ({
    value,
    label: PAYMENT_TRANSACTION_STATUS_LABELS[value],
  })),
]

/** Period, method and status of the ledger; each choice goes to the URL. */
export function PaymentFilters({
  value,
  onChange,
}: {
  value: PaymentListValues
  onChange: (patch: Partial<Omit<PaymentListValues, 'page'>>) => void
}) {
  const { shape } = paymentListSchema
  return (
    <form role="search" aria-label="Filtros de pagos" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label={PAYMENT_FILTER_LABELS.period}
          data={PERIOD_OPTIONS}
          value={value.period}
          allowDeselect={false}
          onChange={(period) => onChange({ period: shape.period.parse(period) })}
        />
        <Select
          label={PAYMENT_FILTER_LABELS.method}
          data={METHOD_OPTIONS}
          value={value.method}
          allowDeselect={false}
          onChange={(method) => onChange({ method: shape.method.parse(method) })}
        />
        <Select
          label={PAYMENT_FILTER_LABELS.status}
          data={STATUS_OPTIONS}
          value={value.status}
          allowDeselect={false}
          onChange={(status) => onChange({ status: shape.status.parse(status) })}
        />
      </SimpleGrid>
    </form>
  )
}
