import { Button, Modal } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { paths } from '@/config/paths'
import { useAdminCustomer } from '@/api/admin/customers/get-customer'
import { CustomerDetail } from '@/features/admin-customers/components/customer-detail'
import { CustomerForm } from '@/features/admin-customers/components/customer-form'
import { CustomersList, customerName } from '@/features/admin-customers/components/customers-list'
import { CustomerOrders } from '@/features/admin-orders/components/customer-orders'
import { useAppStore } from '@/lib/app-store'

export const NEW_CUSTOMER_LABEL = 'Nuevo cliente'
const backToCustomers = { href: paths.admin.customers.getHref(), label: 'Clientes' }

export function AdminCustomersPage() {
  const [creating, setCreating] = useState(false)
  const navigate = useNavigate()
  return (
    <AdminPage
      title="Clientes"
      description="Quienes le compraron a tu tienda y los que agregaste vos: buscalos, mirá cuánto compran y anotá lo que necesites."
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {NEW_CUSTOMER_LABEL}
        </Button>
      }
    >
      <CustomersList />
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={NEW_CUSTOMER_LABEL}
        size="lg"
      >
        {creating ? (
          <CustomerForm
            onDone={(saved) => {
              setCreating(false)
              void navigate(paths.admin.customer.getHref(saved._id))
            }}
            onCancel={() => setCreating(false)}
          />
        ) : null}
      </Modal>
    </AdminPage>
  )
}

export function AdminCustomerPage() {
  const { customerId = '' } = useParams()
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useAdminCustomer(customerId)
  return (
    <AdminPage
      title={query.data ? customerName(query.data) : 'Cliente'}
      back={backToCustomers}
      actions={
        query.data ? (
          <Button
            component={Link}
            to={paths.admin.orderNew.getHref(query.data._id)}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Nuevo pedido
          </Button>
        ) : null
      }
    >
      {!storeId || query.isPending ? (
        <LoadingState label="Cargando el cliente…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CustomerDetail
          key={query.data._id}
          customer={query.data}
          orders={<CustomerOrders customerId={query.data._id} />}
        />
      )}
    </AdminPage>
  )
}
