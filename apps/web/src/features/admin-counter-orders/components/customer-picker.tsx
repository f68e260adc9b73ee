import type { AdminCustomer, AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core'
import { useMemo, useState } from 'react'

import { useAdminCustomer } from '@/api/admin/customers/get-customer'
import { useCustomerSearch } from '@/api/admin/customers/get-customers'
import { FormSection } from '@/features/admin-counter-orders/components/form-section'
import { QuickCustomerForm } from '@/features/admin-counter-orders/components/quick-customer-form'
import { useSearchText } from '@/features/admin-counter-orders/hooks/use-search-text'
import { formatPhone } from '@/lib/format-phone'

function customerLabel(c: AdminCustomer) {
  return `${c.firstName} ${c.lastName} · ${c.phone}${c.email ? ` · ${c.email}` : ''}`
}

/**
 * The order's customer: who it is once chosen ("Cambiar cliente" goes back), otherwise a search
 * the server answers (name, phone digits, e-mail) and "Cliente nuevo" for a phone or WhatsApp
 * customer created on the spot. Outside the order's <form>: the quick customer form is its own.
 */
export function CustomerPicker({
  customerId,
  error,
  onChoose,
  onClear,
}: {
  customerId: string | null
  error: string | undefined
  onChoose: (customer: AdminCustomerDetail | { _id: string }) => void
  onClear: () => void
}) {
  const customer = useAdminCustomer(customerId)
  const [creating, setCreating] = useState(false)
  const search = useSearchText()
  const found = useCustomerSearch(search.debounced)
  const isCurrent = search.isCurrent(found.isPlaceholderData)
  const options = useMemo(
    () =>
      isCurrent ? (found.data ?? []).map((c) => ({ value: c._id, label: customerLabel(c) })) : [],
    [found.data, isCurrent],
  )

  function choose(chosen: AdminCustomerDetail | { _id: string }) {
    setCreating(false)
    search.setText('')
    onChoose(chosen)
  }

  return (
    <FormSection id="new-order-customer" title="Cliente">
      {customerId ? (
        customer.isPending ? (
          <Text c="dimmed" size="sm">
            Cargando el cliente…
          </Text>
        ) : customer.isError ? (
          <Alert color="red" title="No pudimos cargar el cliente">
            <Button size="xs" variant="light" onClick={() => void customer.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>
                {customer.data.firstName} {customer.data.lastName}
              </Text>
              <Text size="sm" c="dimmed">
                {formatPhone(customer.data.phone)}
                {customer.data.email ? ` · ${customer.data.email}` : ''}
              </Text>
            </div>
            <Button variant="subtle" size="xs" onClick={onClear}>
              Cambiar cliente
            </Button>
          </Group>
        )
      ) : creating ? (
        <QuickCustomerForm onCreated={choose} onCancel={() => setCreating(false)} />
      ) : (
        <Stack gap="xs">
          <Select
            label="Buscar cliente"
            placeholder="Nombre, teléfono o correo"
            searchable
            autoFocus
            // Focused on arrival but closed until the seller types or clicks: an open
            // list would cover the 'Cliente nuevo' button and eat its first click.
            openOnFocus={false}
            data={options}
            searchValue={search.text}
            onSearchChange={search.setText}
            // The server already searched: show what it found.
            filter={({ options: all }) => all}
            value={null}
            onChange={(id) => id && choose({ _id: id })}
            nothingFoundMessage={
              found.isFetching || !isCurrent
                ? 'Buscando…'
                : found.isError
                  ? 'No pudimos buscar clientes. Probá de nuevo.'
                  : 'No encontramos clientes con esa búsqueda'
            }
            error={error}
          />
          <Group>
            <Button variant="light" onClick={() => setCreating(true)}>
              Cliente nuevo
            </Button>
          </Group>
        </Stack>
      )}
    </FormSection>
  )
}
