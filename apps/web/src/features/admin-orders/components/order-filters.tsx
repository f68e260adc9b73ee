import { DELIVERY_TYPES, ORDER_STATUSES, PAYMENT_STATUSES } from '@barrio/contracts/enums'
import {
  DELIVERY_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@barrio/contracts/labels-es'
import { Badge, Button, Chip, Group, Select, SimpleGrid, TextInput } from '@mantine/core'
import { IconFilter, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'

import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { plural } from '@/lib/format'
import {
  DEFAULT_ORDER_SORT,
  orderListSchema,
  type OrderListValues,
} from '@/features/admin-orders/utils/order-filter'

export const ORDER_FILTER_LABELS = {
  search: 'Buscar pedidos',
  status: 'Estado',
  paymentStatus: 'Pago',
  deliveryType: 'Entrega',
  unpaid: 'Pago pendiente',
  day: 'Programados para',
} as const

const withAll = <T extends string>(values: readonly T[], labels: Record<T, string>) => [
  { value: 'all', label: 'Todos' },
  ...values.map((value) => ({ value, label: labels[value] })),
]
const STATUS_OPTIONS = withAll(ORDER_STATUSES, ORDER_STATUS_LABELS)
const PAYMENT_OPTIONS = withAll(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS)
const DELIVERY_OPTIONS = withAll(DELIVERY_TYPES, DELIVERY_TYPE_LABELS)

/** How many of the filters behind the "Filtros" button are set (the search stays in sight). */
export function activeOrderFilters(value: OrderListValues): number {
  return [
    value.status !== 'all',
    value.paymentStatus !== 'all',
    value.deliveryType !== 'all',
    value.unpaid,
    value.day !== null,
  ].filter(Boolean).length
}

/**
 * The order list's search and filters. On phones the search stays and the rest folds behind a
 * "Filtros" button with the count of filters set (issue 30: at 360 px they filled the first
 * screen); wider screens show them all.
 */
export function OrderFilters({
  value,
  searchText,
  onSearchTextChange,
  onChange,
  onClear,
  hasFilters,
}: {
  value: OrderListValues
  /** The search box's own text (the list follows it after a short pause). */
  searchText: string
  onSearchTextChange: (text: string) => void
  onChange: (patch: Partial<Omit<OrderListValues, 'page'>>) => void
  onClear: () => void
  hasFilters: boolean
}) {
  const narrow = useIsNarrow()
  const [open, setOpen] = useState(false)
  const active = activeOrderFilters(value)
  const shown = !narrow || open
  const search = (
    <TextInput
      label={ORDER_FILTER_LABELS.search}
      placeholder="Número, nombre o correo"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={searchText}
      onChange={(event) => onSearchTextChange(event.currentTarget.value)}
      type="search"
    />
  )
  return (
    <form role="search" aria-label="Filtros de pedidos" onSubmit={(e) => e.preventDefault()}>
      {narrow ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>{search}</div>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconFilter size={16} aria-hidden />}
            rightSection={
              active ? (
                <Badge size="sm" circle aria-hidden>
                  {active}
                </Badge>
              ) : null
            }
            aria-expanded={open}
            aria-controls="order-filters-more"
            aria-label={active ? `Filtros (${plural(active, 'activo', 'activos')})` : 'Filtros'}
            onClick={() => setOpen((o) => !o)}
          >
            Filtros
          </Button>
        </Group>
      ) : null}
      {shown ? (
        <div id="order-filters-more">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mt={narrow ? 'sm' : 0}>
            {narrow ? null : search}
            <Select
              label={ORDER_FILTER_LABELS.status}
              data={STATUS_OPTIONS}
              value={value.status}
              allowDeselect={false}
              onChange={(status) =>
                onChange({ status: orderListSchema.shape.status.parse(status) })
              }
            />
            <Select
              label={ORDER_FILTER_LABELS.paymentStatus}
              data={PAYMENT_OPTIONS}
              value={value.paymentStatus}
              allowDeselect={false}
              onChange={(paymentStatus) =>
                onChange({
                  paymentStatus: orderListSchema.shape.paymentStatus.parse(paymentStatus),
                })
              }
            />
            <Select
              label={ORDER_FILTER_LABELS.deliveryType}
              data={DELIVERY_OPTIONS}
              value={value.deliveryType}
              allowDeselect={false}
              onChange={(deliveryType) =>
                onChange({ deliveryType: orderListSchema.shape.deliveryType.parse(deliveryType) })
              }
            />
            <TextInput
              type="date"
              label={ORDER_FILTER_LABELS.day}
              description="Pedidos con franja ese día"
              value={value.day ?? ''}
              onChange={(event) => {
                const day = orderListSchema.shape.day.parse(event.currentTarget.value || null)
                // A day of slots reads best in slot order, unless the seller chose another sort.
                onChange(
                  day && value.sort === DEFAULT_ORDER_SORT
                    ? { day, sort: 'scheduledFor' }
                    : { day },
                )
              }}
            />
          </SimpleGrid>
          <Group mt="sm">
            <Chip
              checked={value.unpaid}
              onChange={(unpaid) => onChange({ unpaid })}
              color="orange"
              variant="light"
            >
              {ORDER_FILTER_LABELS.unpaid}
            </Chip>
            {hasFilters ? (
              <Button variant="subtle" size="xs" onClick={onClear}>
                Limpiar filtros
              </Button>
            ) : null}
          </Group>
        </div>
      ) : null}
    </form>
  )
}
