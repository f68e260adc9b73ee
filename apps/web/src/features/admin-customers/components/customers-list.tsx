import type { AdminCustomer } from '@barrio/contracts/admin-customers'
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn, SortOption } from '@/components/admin/list/data-list-types'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { useDeleteCustomer } from '@/api/admin/customers/delete-customer'
import { useAdminCustomers } from '@/api/admin/customers/get-customers'
import { CustomerFilters } from '@/features/admin-customers/components/customer-filters'
import {
  buildCustomerListParams,
  customerListSchema,
} from '@/features/admin-customers/utils/customer-filter'
import { useAppStore } from '@/lib/app-store'
import { formatCount, formatDate, formatMoney } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'

const SORT_OPTIONS: SortOption[] = [
  { value: '-lastOrderAt', label: 'Compra más reciente' },
  { value: 'lastOrderAt', label: 'Compra más antigua' },
  { value: '-totalSpent', label: 'Gastó más' },
  { value: 'totalSpent', label: 'Gastó menos' },
  { value: '-ordersCount', label: 'Más pedidos' },
  { value: 'ordersCount', label: 'Menos pedidos' },
  { value: 'name', label: 'Nombre: A a Z' },
  { value: '-name', label: 'Nombre: Z a A' },
  { value: '-createdAt', label: 'Agregados recientemente' },
]

const nowrap = { whiteSpace: 'nowrap' } as const

export const customerName = (c: Pick<AdminCustomer, 'firstName' | 'lastName'>) =>
  `${c.firstName} ${c.lastName}`.trim()

const COLUMNS: Array<ListColumn<AdminCustomer>> = [
  {
    key: 'name',
    header: 'Cliente',
    card: 'title',
    sortField: 'name',
    firstDirection: 'asc',
    cell: (customer) => (
      <Stack gap={2}>
        <Anchor component={Link} to={paths.admin.customer.getHref(customer._id)} fw={700}>
          {customerName(customer)}
        </Anchor>
        {customer.tags.length > 0 ? (
          <Group gap={4}>
            {customer.tags.map((tag) => (
              <Badge key={tag} size="xs" variant="light" color="gray">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'contact',
    header: 'Contacto',
    cell: (customer) => (
      <>
        <Text size="sm" style={nowrap}>
          {customer.phone ? formatPhone(customer.phone) : '—'}
        </Text>
        {customer.email ? (
          <Text size="xs" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-all' }}>
            {customer.email}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'ordersCount',
    header: 'Pedidos',
    sortField: 'ordersCount',
    cell: (customer) => <Text size="sm">{formatCount(customer.ordersCount)}</Text>,
  },
  {
    key: 'totalSpent',
    header: 'Total gastado',
    sortField: 'totalSpent',
    cell: (customer) => (
      <Text size="sm" fw={600} style={nowrap}>
        {formatMoney(customer.totalSpent)}
      </Text>
    ),
  },
  {
    key: 'lastOrderAt',
    header: 'Última compra',
    sortField: 'lastOrderAt',
    cell: (customer) => (
      <Text size="sm" style={nowrap}>
        {customer.lastOrderAt ? formatDate(customer.lastOrderAt) : 'Sin compras'}
      </Text>
    ),
  },
]

/** Customers of the selected store: search, tag, ranges, sortable figures, 25 per page. */
export function CustomersList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const list = useListState(customerListSchema)
  const { values } = list
  const query = useAdminCustomers(buildCustomerListParams(values))
  const remove = useRemoveCustomer(storeId)

  return (
    <Stack gap="md">
      <CustomerFilters
        value={values}
        searchText={list.searchText}
        onSearchTextChange={list.setSearchText}
        onChange={list.set}
        onClear={list.clearFilters}
        hasFilters={list.hasFilters}
      />
      <DataList
        label="Clientes"
        errorTitle="No pudimos cargar tus clientes"
        query={query}
        waiting={!storeId}
        columns={COLUMNS}
        rowKey={(customer) => customer._id}
        rowLabel={customerName}
        sort={{
          value: values.sort,
          options: SORT_OPTIONS,
          onChange: (sort) => list.set({ sort: customerListSchema.shape.sort.parse(sort) }),
        }}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ningún cliente coincide con los filtros"
        empty={{
          title: 'Todavía no tenés clientes',
          description:
            'Quien te compre aparece acá solo. También podés agregar a quien te pide por teléfono o WhatsApp con "Nuevo cliente".',
        }}
        minWidth={760}
        rowActions={(customer) => [
          {
            label: 'Eliminar cliente',
            color: 'red',
            icon: <IconTrash size={14} aria-hidden />,
            onClick: () => remove(customer),
          },
        ]}
      />
    </Stack>
  )
}

export const deleteCustomerQuestion = (customer: AdminCustomer) => ({
  message: `¿Querés eliminar a ${customerName(customer)} de tus clientes?`,
  smallText: 'Sus pedidos no se borran: siguen en Pedidos con el nombre que tenían.',
})

function useRemoveCustomer(storeId: string | null) {
  const mutation = useDeleteCustomer(storeId)
  return (customer: AdminCustomer) =>
    void confirm(deleteCustomerQuestion(customer)).then((ok) => {
      if (ok) mutation.mutate({ id: customer._id, name: customerName(customer) })
    })
}
