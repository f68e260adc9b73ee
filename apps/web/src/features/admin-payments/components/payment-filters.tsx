import {
  PAYMENT_TRANSACTION_STATUSES,
  PAYMENT_TRANSACTION_STATUS_LABELS,
} from '@barrio/contracts/admin-payments'
import { PAYMENT_METHODS } from '@barrio/contracts/enums'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core'

import {
  PAYMENT_PERIODS,
  PAYMENT_PERIOD_LABELS,
  paymentListSchema,
  type DayRange,
  type PaymentListValues,
  type RangeErrors,
} from '@/features/admin-payments/utils/payment-list'

export const PAYMENT_FILTER_LABELS = {
  period: 'Período',
  method: 'Medio de pago',
  status: 'Estado',
  from: 'Desde',
  to: 'Hasta',
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

/**
 * Period, method and status of the ledger; each choice goes to the URL. "Personalizado" opens two
 * date fields, starting from the days on screen; a preset clears them.
 */
export function PaymentFilters({
  value,
  range,
  errors,
  onChange,
}: {
  value: PaymentListValues
  /** The days on screen (null while a custom period is not valid). */
  range: DayRange | null
  errors: RangeErrors
  onChange: (
    patch: Partial<Omit<PaymentListValues, 'page'>>,
    options?: { replace?: boolean },
  ) => void
}) {
  const { shape } = paymentListSchema
  const choosePeriod = (next: string | null) => {
    const period = shape.period.parse(next)
    if (period !== 'custom') onChange({ period, from: '', to: '' })
    else if (!value.from && !value.to && range) onChange({ period, ...range })
    else onChange({ period })
  }
  return (
    <form role="search" aria-label="Filtros de pagos" onSubmit={(e) => e.preventDefault()}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label={PAYMENT_FILTER_LABELS.period}
            data={PERIOD_OPTIONS}
            value={value.period}
            allowDeselect={false}
            onChange={choosePeriod}
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
        {value.period === 'custom' ? (
          <SimpleGrid cols={2} spacing="sm" maw={420}>
            <TextInput
              type="date"
              label={PAYMENT_FILTER_LABELS.from}
              value={value.from}
              error={errors.from}
              onChange={(e) => onChange({ from: e.currentTarget.value }, { replace: true })}
            />
            <TextInput
              type="date"
              label={PAYMENT_FILTER_LABELS.to}
              value={value.to}
              error={errors.to}
              onChange={(e) => onChange({ to: e.currentTarget.value }, { replace: true })}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </form>
  )
}
