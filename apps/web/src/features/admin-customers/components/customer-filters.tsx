import { Button, Collapse, Group, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react'
import { useId, useState } from 'react'

import type { CustomerListValues } from '@/features/admin-customers/utils/customer-filter'

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
  const ranges = (
    ['lastFrom', 'lastTo', 'minOrders', 'maxOrders', 'minSpent', 'maxSpent'] as const
  ).filter((key) => value[key] !== null).length
  // The ranges fold away (a long column on a phone) and open by themselves when one is set.
  const [open, setOpen] = useState(ranges > 0)
  const rangesId = useId()
  const day = (key: 'lastFrom' | 'lastTo') => ({
    label: CUSTOMER_FILTER_LABELS[key],
    type: 'date' as const,
    value: value[key] ?? '',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ [key]: event.currentTarget.value || null }),
  })
  return (
    <form role="search" aria-label="Filtros de clientes" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
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
      </SimpleGrid>
      <Collapse expanded={open} id={rangesId}>
        <SimpleGrid cols={{ base: 2, md: 6 }} spacing="sm" mt="sm">
          <TextInput {...day('lastFrom')} />
          <TextInput {...day('lastTo')} />
          <NumberInput {...number('minOrders')} />
          <NumberInput {...number('maxOrders')} />
          <NumberInput {...number('minSpent')} />
          <NumberInput {...number('maxSpent')} />
        </SimpleGrid>
      </Collapse>
      <Group mt="sm" gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden />}
          aria-expanded={open}
          aria-controls={rangesId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Menos filtros' : ranges > 0 ? `Más filtros (${ranges})` : 'Más filtros'}
        </Button>
        {hasFilters ? (
          <Button variant="subtle" size="xs" onClick={onClear}>
            Limpiar filtros
          </Button>
        ) : null}
      </Group>
    </form>
  )
}
