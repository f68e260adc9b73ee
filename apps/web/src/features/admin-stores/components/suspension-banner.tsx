import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Alert, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'

import { formatDate } from '@/lib/format'

/**
 * Shown on every seller page while Barrio's operator keeps the selected store suspended (issue
 * 24): why, and since when. Customers do not see the store meanwhile; its data stays.
 */
export function SuspensionBanner({ store }: { store: Pick<AdminStore, 'name' | 'suspension'> }) {
  if (!store.suspension) return null
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`Barrio suspendió ${store.name}`}
      mb="md"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {`Motivo: ${store.suspension.reason}`}
      </Text>
      <Text size="sm" c="dimmed">
        {`Desde el ${formatDate(store.suspension.since)}. Mientras tanto, los clientes no ven tu tienda ni pueden comprarle; tus datos y pedidos siguen acá.`}
      </Text>
    </Alert>
  )
}
