import type { AdminDashboard } from '@barrio/contracts/admin-dashboard'
import { Badge, Card, Group, NavLink, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import {
  IconAlertTriangle,
  IconBike,
  IconCash,
  IconPackage,
  IconShoppingBag,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { dashboardLinks } from '@/features/admin-dashboard/utils/dashboard-links'
import { formatCount, plural } from '@/lib/format'

function CountLink({
  label,
  count,
  href,
  icon,
  color = 'green',
}: {
  label: string
  count: number
  href: string
  icon: ReactNode
  color?: string
}) {
  return (
    <NavLink
      component={Link}
      to={href}
      label={label}
      leftSection={icon}
      rightSection={
        <Badge variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? color : 'gray'}>
          {formatCount(count)}
        </Badge>
      }
    />
  )
}

/** What waits for the seller: orders per step, payments to confirm, stock running out. */
export function AttentionCard({
  data,
}: {
  data: Pick<AdminDashboard, 'waiting' | 'paymentsToConfirm' | 'lowStock'>
}) {
  const { waiting, paymentsToConfirm, lowStock } = data
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Card withBorder padding="sm" component="section" aria-labelledby="attention-title">
        <Title order={2} fz="md" id="attention-title" mb={4} px="xs">
          Para atender
        </Title>
        <Stack gap={0}>
          <CountLink
            label="Para preparar"
            count={waiting.toPrepare}
            href={dashboardLinks.toPrepare()}
            icon={<IconShoppingBag size={18} aria-hidden />}
          />
          <CountLink
            label="Listos para retirar"
            count={waiting.readyForPickup}
            href={dashboardLinks.readyForPickup()}
            icon={<IconPackage size={18} aria-hidden />}
          />
          <CountLink
            label="En camino"
            count={waiting.outForDelivery}
            href={dashboardLinks.outForDelivery()}
            icon={<IconBike size={18} aria-hidden />}
          />
        </Stack>
      </Card>
      <Stack gap="sm">
        <Card withBorder padding="sm" component="section" aria-labelledby="payments-title">
          <Title order={2} fz="md" id="payments-title" mb={4} px="xs">
            Pagos por confirmar
          </Title>
          <CountLink
            label="Transferencias y efectivo pendientes"
            count={paymentsToConfirm}
            href={dashboardLinks.paymentsToConfirm()}
            icon={<IconCash size={18} aria-hidden />}
            color="orange"
          />
        </Card>
        <Card withBorder padding="sm" component="section" aria-labelledby="stock-title">
          <Group justify="space-between" px="xs" mb={4}>
            <Title order={2} fz="md" id="stock-title">
              Stock bajo
            </Title>
            <Text size="xs" c="dimmed">
              Hasta {plural(lowStock.threshold, 'unidad', 'unidades')}
            </Text>
          </Group>
          <CountLink
            label={
              lowStock.outOfStock > 0
                ? `Variantes con poco stock (${formatCount(lowStock.outOfStock)} sin stock)`
                : 'Variantes con poco stock'
            }
            count={lowStock.variants}
            href={dashboardLinks.lowStock(lowStock.threshold)}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            color="red"
          />
        </Card>
      </Stack>
    </SimpleGrid>
  )
}
