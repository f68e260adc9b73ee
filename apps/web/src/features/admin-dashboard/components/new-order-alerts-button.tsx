import { Button, Text } from '@mantine/core'
import { IconBell, IconBellCheck } from '@tabler/icons-react'
import { useState } from 'react'

import {
  notificationPermission,
  requestNotificationPermission,
  type AlertPermission,
} from '@/features/admin-dashboard/utils/new-order-alerts'

/** "Activar avisos": the browser asks for notifications only when the seller clicks. */
export function NewOrderAlertsButton() {
  const [permission, setPermission] = useState<AlertPermission>(notificationPermission)
  if (permission === 'unsupported') return null
  if (permission === 'granted')
    return (
      <Text size="sm" c="dimmed" component="span">
        <IconBellCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Avisos
        activados
      </Text>
    )
  if (permission === 'denied')
    return (
      <Text size="sm" c="dimmed" component="span">
        Avisos bloqueados en este navegador
      </Text>
    )
  return (
    <Button
      variant="light"
      leftSection={<IconBell size={16} aria-hidden />}
      onClick={() => void requestNotificationPermission().then(setPermission)}
    >
      Activar avisos
    </Button>
  )
}
