import type { AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { formatPostalAddress, type PostalAddress } from '@barrio/contracts/common'
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconBrandWhatsapp, IconEdit, IconTrash } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import { useDeleteCustomer } from '@/api/admin/customers/delete-customer'
import { CustomerForm } from '@/features/admin-customers/components/customer-form'
import {
  customerName,
  deleteCustomerQuestion,
} from '@/features/admin-customers/components/customers-list'
import { useAppStore } from '@/lib/app-store'
import { formatCount, formatDate, formatMoney } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  )
}

/** One line per address; a city named like its province (CABA) is not said twice. */
function addressLine(address: PostalAddress): string {
  return formatPostalAddress(
    address.city.trim().toLowerCase() === address.provinceName.trim().toLowerCase()
      ? { ...address, city: '' }
      : address,
  )
}

/**
 * A customer's page: totals, contact, addresses, tags and notes, their orders (the `orders` slot,
 * filled by the route from the orders feature); edit and delete.
 */
export function CustomerDetail({
  customer,
  orders,
}: {
  customer: AdminCustomerDetail
  orders: ReactNode
}) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const navigate = useNavigate()
  const [editing, setEditing] = useState(false)
  const deleteCustomer = useDeleteCustomer(storeId)
  const name = customerName(customer)
  const whatsapp = customer.phone.replace(/\D/g, '')
  const addresses = [
    ...(customer.address ? [addressLine(customer.address)] : []),
    // The delivery addresses the seller's own orders pick from (decision 027).
    ...customer.addresses.map(addressLine),
    ...customer.orderAddresses.map(addressLine),
  ].filter((line, i, all) => all.indexOf(line) === i)

  async function remove() {
    if (!(await confirm(deleteCustomerQuestion(customer)))) return
    await deleteCustomer.mutateAsync({ id: customer._id, name }).then(
      () => void navigate(paths.admin.customers.getHref()),
      () => undefined,
    )
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure
          label="Pedidos"
          value={formatCount(customer.ordersCount)}
          hint="Sin contar los cancelados"
        />
        <Figure
          label="Total gastado"
          value={formatMoney(customer.totalSpent)}
          hint="Sin cancelados ni reembolsados"
        />
        <Figure
          label="Última compra"
          value={customer.lastOrderAt ? formatDate(customer.lastOrderAt) : 'Sin compras'}
        />
        <Figure label="Cliente desde" value={formatDate(customer.createdAt)} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md" radius="md">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={2} fz="lg">
                  Contacto
                </Title>
                <Badge variant="light" color={customer.hasAccount ? 'green' : 'gray'}>
                  {customer.hasAccount ? 'Compra en Barrio' : 'Agregado por vos'}
                </Badge>
              </Group>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Teléfono
                </Text>
                {customer.phone ? (
                  <Group gap="xs">
                    <Anchor href={`tel:${customer.phone}`}>{formatPhone(customer.phone)}</Anchor>
                    <Anchor
                      href={`https://wa.me/${whatsapp}`}
                      target="_blank"
                      rel="noreferrer"
                      size="sm"
                      aria-label={`Escribirle a ${name} por WhatsApp`}
                    >
                      <Group gap={4} wrap="nowrap">
                        <IconBrandWhatsapp size={16} aria-hidden />
                        WhatsApp
                      </Group>
                    </Anchor>
                  </Group>
                ) : (
                  <Text>—</Text>
                )}
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Correo electrónico
                </Text>
                {customer.email ? (
                  <Anchor href={`mailto:${customer.email}`} style={{ wordBreak: 'break-all' }}>
                    {customer.email}
                  </Anchor>
                ) : (
                  <Text>—</Text>
                )}
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Direcciones
                </Text>
                {addresses.length > 0 ? (
                  addresses.map((line) => <Text key={line}>{line}</Text>)
                ) : (
                  <Text>Sin direcciones</Text>
                )}
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Etiquetas
                </Text>
                {customer.tags.length > 0 ? (
                  <Group gap={4}>
                    {customer.tags.map((tag) => (
                      <Badge key={tag} variant="light" color="gray">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text>Sin etiquetas</Text>
                )}
              </Stack>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Notas
                </Text>
                <Text style={{ whiteSpace: 'pre-line' }} data-testid="customer-notes">
                  {customer.notes || 'Sin notas'}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconEdit size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  Editar cliente
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={deleteCustomer.isPending}
                  onClick={() => void remove()}
                >
                  Eliminar cliente
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Pedidos
            </Title>
            {orders}
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Editar a ${name}`}
        size="lg"
      >
        {editing ? (
          <CustomerForm
            customer={customer}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : null}
      </Modal>
    </Stack>
  )
}
