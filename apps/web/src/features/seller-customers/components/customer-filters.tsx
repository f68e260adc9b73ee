import { Button, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

import type { CustomerListValues } from '@/features/seller-customers/utils/customer-filter'

export const CUSTOMER_FILTER_LABELS = {
  search: 'Buscar clientes',
  tag: 'Etiqueta',
  minOrders: 'Pedidos desde',
  maxOrders: 'Pedidos hasta',
  minSpent: 'Gastó desde ($)',
  maxSpent: 'Gastó hasta ($)',
  lastFrom: 'Última compra desde',
  lastTo: 'Última compra hasta',
} as const

type Patch = Partial<Omit<CustomerListValues, 'page'>>

const toInt = (value: string | number): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : null

/** Search, tag and ranges above the customer list; every choice lives in the URL. */
export function CustomerFilters({
  value,
  searchText,
  onSearchTextChange,
  onChange,
  onClear,
  hasFilters,
}: {
  value: CustomerListValues
  searchText: string
  onSearchTextChange: (text: string) => void
  onChange: (patch: Patch) => void
  onClear: () => void
  hasFilters: boolean
}) {
  const number = (key: 'minOrders' | 'maxOrders' | 'minSpent' | 'maxSpent') => ({
    label: CUSTOMER_FILTER_LABELS[key],
    value: value[key] ?? '',
    min: 0,
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: '.',
    decimalSeparator: ',',
    onChange: (next: string | number) => onChange({ [key]: toInt(next) }),
  })
  const day = (key: 'lastFrom' | 'lastTo') => ({
    label: CUSTOMER_FILTER_LABELS[key],
    type: 'date' as const,
    value: value[key] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ [key]: event.currentTarget.value || null }),
  })
  return (
    <form role="search" aria-label="Filtros de clientes" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label={CUSTOMER_FILTER_LABELS.search}
          placeholder="Nombre, correo o teléfono"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => onSearchTextChange(event.currentTarget.value)}
          type="search"
        />
        <TextInput
          label={CUSTOMER_FILTER_LABELS.tag}
          placeholder="Ej.: mayorista"
          value={value.tag}
          maxLength={40}
          onChange={(event) => onChange({ tag: event.currentTarget.value })}
        />
        <TextInput {...day('lastFrom')} />
        <TextInput {...day('lastTo')} />
        <NumberInput {...number('minOrders')} />
        <NumberInput {...number('maxOrders')} />
        <NumberInput {...number('minSpent')} />
        <NumberInput {...number('maxSpent')} />
      </SimpleGrid>
      {hasFilters ? (
        <Group mt="sm">
          <Button variant="subtle" size="xs" onClick={onClear}>
            Limpiar filtros
          </Button>
        </Group>
      ) : null}
    </form>
  )
}
