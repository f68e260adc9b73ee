import {
  DASHBOARD_CHECKLIST_ITEMS,
  type DashboardChecklist,
  type DashboardChecklistItem,
} from '@barrio/contracts/admin-dashboard'
import {
  Anchor,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { IconCheck, IconCircleDashed } from '@tabler/icons-react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'

const ITEMS: Record<DashboardChecklistItem, { label: string; href: string; action: string }> = {
  productWithPhoto: {
    label: 'Cargá un producto con foto',
    href: paths.admin.productNew.getHref(),
    action: 'Nuevo producto',
  },
  deliveryConfigured: {
    label: 'Configurá el retiro y el envío',
    href: paths.admin.settingsShipping.getHref(),
    action: 'Envíos',
  },
  paymentMethodsChosen: {
    label: 'Elegí los medios de pago',
    href: paths.admin.settingsPaymentMethods.getHref(),
    action: 'Medios de pago',
  },
  storeOpen: {
    label: 'Abrí la tienda',
    href: paths.admin.stores.getHref(),
    action: 'Tiendas',
  },
}

/** A new seller's first steps, ticked from the store's real data; gone once all are done. */
export function FirstDayChecklist({ checklist }: { checklist: DashboardChecklist }) {
  const done = DASHBOARD_CHECKLIST_ITEMS.filter((item) => checklist[item]).length
  if (done === DASHBOARD_CHECKLIST_ITEMS.length) return null
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="checklist-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md" id="checklist-title">
            Primeros pasos
          </Title>
          <Text size="sm" c="dimmed">
            {done} de {DASHBOARD_CHECKLIST_ITEMS.length} listos
          </Text>
        </Group>
        <Progress
          value={(done / DASHBOARD_CHECKLIST_ITEMS.length) * 100}
          color="green"
          aria-label="Primeros pasos completados"
        />
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {DASHBOARD_CHECKLIST_ITEMS.map((item) => {
            const { label, href, action } = ITEMS[item]
            const ok = checklist[item]
            return (
              <Group key={item} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="xs" wrap="nowrap">
                  <ThemeIcon
                    size="sm"
                    radius="xl"
                    variant={ok ? 'filled' : 'light'}
                    color={ok ? 'green' : 'gray'}
                  >
                    {ok ? (
                      <IconCheck size={14} aria-hidden />
                    ) : (
                      <IconCircleDashed size={14} aria-hidden />
                    )}
                  </ThemeIcon>
                  <Text
                    size="sm"
                    td={ok ? 'line-through' : undefined}
                    c={ok ? 'dimmed' : undefined}
                  >
                    {label}
                    <VisuallyHidden>{ok ? ' (listo)' : ' (pendiente)'}</VisuallyHidden>
                  </Text>
                </Group>
                {ok ? null : (
                  <Anchor component={Link} to={href} size="sm" style={{ flexShrink: 0 }}>
                    {action}
                  </Anchor>
                )}
              </Group>
            )
          })}
        </Stack>
      </Stack>
    </Card>
  )
}
