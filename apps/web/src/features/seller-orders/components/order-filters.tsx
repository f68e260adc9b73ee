import { DELIVERY_TYPES, ORDER_STATUSES, PAYMENT_STATUSES } from '@barrio/contracts/enums'
import {
  DELIVERY_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@barrio/contracts/labels-es'
import { Button, Chip, Group, Select, SimpleGrid, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

import { orderListSchema, type OrderListValues } from '@/features/seller-orders/utils/order-filter'

export const ORDER_FILTER_LABELS = {
  search: 'Buscar pedidos',
  status: 'Estado',
  paymentStatus: 'Pago',
  deliveryType: 'Entrega',
  unpaid: 'Pago pendiente',
} as const

const withAll = <T extends string>(values: readonly T[], labels: Record<T, string>) => [
  { value: 'all', label: 'Todos' },
  ...values.map((value) => ({ value, label: labels[value] })),
]
const STATUS_OPTIONS = withAll(ORDER_STATUSES, ORDER_STATUS_LABELS)
const PAYMENT_OPTIONS = withAll(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS)
const DELIVERY_OPTIONS = withAll(DELIVERY_TYPES, DELIVERY_TYPE_LABELS)

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
  return (
    <form role="search" aria-label="Filtros de pedidos" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label={ORDER_FILTER_LABELS.search}
          placeholder="Número, nombre o correo"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => onSearchTextChange(event.currentTarget.value)}
          type="search"
        />
        <Select
          label={ORDER_FILTER_LABELS.status}
          data={STATUS_OPTIONS}
          value={value.status}
          allowDeselect={false}
          onChange={(status) => onChange({ status: orderListSchema.shape.status.parse(status) })}
        />
        <Select
          label={ORDER_FILTER_LABELS.paymentStatus}
          data={PAYMENT_OPTIONS}
          value={value.paymentStatus}
          allowDeselect={false}
          onChange={(paymentStatus) =>
            onChange({ paymentStatus: orderListSchema.shape.paymentStatus.parse(paymentStatus) })
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
    </form>
  )
}
